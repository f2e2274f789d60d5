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
        self._waiting: list[tuple[Callable[[], None], bool]] = []
        self.revealing = False
        """A key that shows the answer waits: the keys after it grade (space accepts, digits grade)."""
        self.painting = False
        """The session is bound and a held key has shown the answer: the keys after it wait until
        the answer is painted (else a held grade moves on in the same frame, the answer unseen)."""

    def hold(self, action: Callable[[], None], *, reveals: bool = False) -> None:
        """Run `action` once the session is bound, after the keys held before it (enter, space, 4
        pressed at once while the decks open: the answer shows, then the grade is saved)."""
        self._waiting.append((action, reveals))
        self.revealing = self.revealing or reveals

    @property
    def keys_held(self) -> bool:
        """Keys wait here: for the session, or for the answer to be painted."""
        return bool(self._waiting) or self.painting

    def drop(self) -> None:
        """The card on screen is not the session's first: the keys pressed for it are dropped."""
        self._waiting.clear()
        self.revealing = False

    def release(self, answer_drawn: AwaitComplete | None = None) -> None:
        """The session is bound: the keys that waited act now, in order; those after a key that
        shows the answer once the answer (its text mounted: `answer_drawn`) is on screen."""
        self.revealing = self.painting = False
        while self._waiting:
            action, reveals = self._waiting.pop(0)
            action()
            if reveals and self._waiting:
                self.revealing = self.painting = True  # keys pressed meanwhile wait behind these
                self.call_later(self._after_answer, answer_drawn)
                return

    async def _after_answer(self, answer_drawn: AwaitComplete | None) -> None:
        if answer_drawn is not None:
            await answer_drawn
        # its blocks are laid out in the next frame and their text drawn in the one after
        self.call_after_refresh(self.call_after_refresh, self.release)

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
