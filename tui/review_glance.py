"""The review with a start-up glance: its first card shows while the decks open, the keys that need
the session wait, and the session is bound to what the glance showed once it arrives."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tui.review_show import ReviewShow
from tui.widgets.glance import GlanceStart
from tui.widgets.review_card import ReviewCard
from tui.widgets.review_lines import GradeBar
from tui.widgets.typed_answer import AnswerBox

if TYPE_CHECKING:
    from collections.abc import Callable

    from textual.await_complete import AwaitComplete

    from engine.app import ReviewSession
    from tui.services import Services


class ReviewGlance(ReviewShow):
    """ReviewShow with the glance's waiting and binding (ReviewScreen adds the keys and the writes)."""

    @property
    def keys_held(self) -> bool:
        """Keys pressed before the session wait to act (KeyGate.settled waits for them)."""
        return any(start.keys_held for start in self.query(GlanceStart))

    def wait_for_decks(self, action: Callable[[], None], *, reveals: bool = False) -> None:
        """Run `action` once the session is bound, after the keys that wait already (a key pressed
        while the decks open is not lost); `reveals`: it shows the answer, the keys after it grade."""
        for glance in self.query(GlanceStart):
            glance.hold(action, reveals=reveals)
            self.query_one(GradeBar).opening()
        self.refresh_bindings()

    def bind(self, services: Services, session: ReviewSession) -> None:
        """The decks are open: the session takes over. Its first item is normally the card on screen
        (then what was typed stays); if not (answered meanwhile on another device), it is shown."""
        self.services, self.session = services, session
        current, glance = session.current(), self.glance
        shown = None if glance is None else (glance.key, glance.front)
        answer_drawn: AwaitComplete | None = None
        if current is None or (current.key, current.prompt.front) != shown:
            for waiting in self.query(GlanceStart):
                waiting.drop()
            self.show_current()
        else:
            self.item = current
            prompt = current.prompt
            answer_drawn = self.query_one(ReviewCard).show_back(prompt.back)
            self.query_one(AnswerBox).describe(prompt.hint, prompt.graded_by_answer)
            self._update_progress()
            if self.revealed:  # the glance's answer showed before the session
                self._show_rubric()
                self.suggested = self.session.suggested()
            self._update_grades()
        self.refresh_bindings()
        for waiting in self.query(GlanceStart):
            waiting.release(answer_drawn)
