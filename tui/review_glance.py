"""The review's first card shown from a start-up glance while the decks open; keys that need the
session wait for it (a mixin: one screen, several files)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from textual.widgets import Footer, Markdown, Static

from tui.messages import FirstCardPainted

if TYPE_CHECKING:
    from textual.await_complete import AwaitComplete

    from engine.app import Current, ReviewSession
    from tui.services import Services
    from tui.start import Glance


class GlanceStart:
    """Mixed into ReviewScreen, which provides what is declared below."""

    glance: Glance | None
    _waiting: Callable[[], None] | None = None
    _front_drawn: AwaitComplete | None = None

    if TYPE_CHECKING:  # declared for the type checker only: ReviewScreen and Screen define them
        session: ReviewSession | None
        services: Services | None
        card_key: str | None
        item: Current | None

        def query_one(self, selector: str, expect_type: type[Static] = Static) -> Static: ...

        def show_current(self) -> None: ...

        def put_front(self, key: str, front: str, hint: str | None) -> AwaitComplete: ...

        def set_placeholder(self, hint: str | None, graded_by_answer: bool) -> None: ...

        def refresh_bindings(self) -> None: ...

        def call_after_refresh(self, callback: Callable[..., object], *args: object) -> bool: ...

        def post_message(self, message: object) -> bool: ...

        async def mount(self, *widgets: object) -> None: ...

        def _update_progress(self) -> None: ...

        def _update_grades(self) -> None: ...

    def glance_title(self) -> str:
        return self.glance.deck_title if self.glance else ""

    def glance_left(self) -> int:
        return self.glance.left if self.glance else 0

    def show_glance(self) -> None:
        """The glance's card, front only, as `show_current` shows a session's."""
        if self.glance is not None:
            self._front_drawn = self.put_front(self.glance.key, self.glance.front, self.glance.hint)

    async def add_footer(self) -> None:
        """The key bar once the first card's text is drawn (its many small widgets would delay it),
        then FirstCardPainted: the load starts."""
        if self._front_drawn is not None:
            await self._front_drawn
        self.call_after_refresh(self._footer_then_load)

    async def _footer_then_load(self) -> None:
        await self.mount(Footer())
        self.refresh_bindings()
        self.call_after_refresh(self.post_message, FirstCardPainted())

    def wait_for_decks(self, action: Callable[[], None]) -> None:
        """Run `action` once the session is bound (a key pressed while the decks open is not lost)."""
        self._waiting = action
        self.query_one("#grades").update("[dim]opening your decks… that key acts once they are open[/dim]")

    def bind(self, services: Services, session: ReviewSession) -> None:
        """The decks are open: the session takes over. Its first item is normally the card on screen
        (then what was typed stays); if not (answered meanwhile on another device), it is shown."""
        self.services, self.session = services, session
        current, glance = session.current(), self.glance
        shown = None if glance is None else (glance.key, glance.front)
        if current is None or (current.key, current.prompt.front) != shown:
            self._waiting = None
            self.show_current()
        else:
            self.item = current
            prompt = current.prompt
            self.query_one("#back", Markdown).update(prompt.back)
            self.set_placeholder(prompt.hint, prompt.graded_by_answer)
            self._update_progress()
            self._update_grades()
        self.refresh_bindings()
        waiting, self._waiting = self._waiting, None
        if waiting is not None:
            waiting()
