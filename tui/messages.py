"""Messages the app and its screens exchange (messages go up, attributes go down)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.message import Message

if TYPE_CHECKING:
    from tui.services import Services


class ServicesReady(Message):
    """The store and decks are open: posted to the home screen, then bubbles up to the app."""

    def __init__(self, services: Services) -> None:
        super().__init__()
        self.services = services


class CountsPainted(Message):
    """The home screen's first frame with deck counts is painted (the first look's or the open decks')."""


class HomePainted(Message):
    """The home screen is on screen with its key bar: the app starts the heavy load now."""


class FirstCardPainted(Message):
    """An early Enter's first card is on screen (from the start-up glance): the heavy load starts now."""
