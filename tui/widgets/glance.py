"""The review's start-up glance: its first card shows before the decks are open; keys that need the
session wait here in order, and the key bar and the load follow once the card's text is drawn."""

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
    """Holds the glance (the deck's title, what is left, the first card) and the keys that wait for
    the session, in the order they were pressed. Nothing on screen of its own: the screen draws the
    card."""

    DEFAULT_CSS = "GlanceStart { display: none; }"

    def __init__(self, glance: Glance) -> None:
        super().__init__()
        self.glance = glance
        self.front_drawn: AwaitComplete | None = None
        """Done once the glance's card text is mounted (the screen puts it there)."""
        self._waiting: list[Callable[[], None]] = []
        self.revealing = False
        """A key that shows the answer waits: the keys after it grade (space accepts, digits grade)."""

    def hold(self, action: Callable[[], None], *, reveals: bool = False) -> None:
        """Run `action` once the session is bound, after the keys held before it (enter, space, 4
        pressed at once while the decks open: the answer shows, then the grade is saved)."""
        self._waiting.append(action)
        self.revealing = self.revealing or reveals

    def drop(self) -> None:
        """The card on screen is not the session's first: the keys pressed for it are dropped."""
        self._waiting.clear()
        self.revealing = False

    def release(self) -> None:
        """The session is bound: the keys that waited act now, in order."""
        waiting, self._waiting = self._waiting, []
        self.revealing = False
        for action in waiting:
            action()

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
