"""The review's start-up glance: its first card shows before the decks are open; keys that need the
session wait here, and the key bar and the load follow once the card's text is drawn."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from textual.widget import Widget
from textual.widgets import Footer

from tui.messages import FirstCardPainted

if TYPE_CHECKING:
    from textual.await_complete import AwaitComplete

    from tui.start import Glance


class GlanceStart(Widget):
    """Holds the glance (the deck's title, what is left, the first card) and the one key that waits
    for the session. Nothing on screen of its own: the screen draws the card."""

    DEFAULT_CSS = "GlanceStart { display: none; }"

    def __init__(self, glance: Glance) -> None:
        super().__init__()
        self.glance = glance
        self.front_drawn: AwaitComplete | None = None
        """Done once the glance's card text is mounted (the screen puts it there)."""
        self._waiting: Callable[[], None] | None = None

    def hold(self, action: Callable[[], None]) -> None:
        """Run `action` once the session is bound (a key pressed while the decks open is not lost)."""
        self._waiting = action

    def drop(self) -> None:
        """The card on screen is not the session's first: the key pressed for it is dropped."""
        self._waiting = None

    def release(self) -> None:
        """The session is bound: the key that waited acts now."""
        waiting, self._waiting = self._waiting, None
        if waiting is not None:
            waiting()

    async def add_footer(self) -> None:
        """The key bar once the first card's text is drawn (its many small widgets would delay it),
        then FirstCardPainted: the load starts."""
        if self.front_drawn is not None:
            await self.front_drawn
        self.screen.call_after_refresh(self._footer_then_load)

    async def _footer_then_load(self) -> None:
        screen = self.screen
        await screen.mount(Footer())
        screen.refresh_bindings()
        screen.call_after_refresh(screen.post_message, FirstCardPainted())
