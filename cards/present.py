"""The answer side of a card as shown after revealing it: back, note, and where its numbers come from."""

from __future__ import annotations

from cards.back_text import back_text, sources_of
from cards.schema import Card


def back_markdown(card: Card) -> str:
    """Back, then the note as a quote, then 'Source: …' (the card's, else its checks' distinct ones)."""
    return back_text(card.back, card.note, card_sources(card))


def card_sources(card: Card) -> list[str]:
    """The card's source, or else the distinct sources of its checks other than 'derived', in order."""
    return sources_of(card.source, [c.source for c in card.checks])
