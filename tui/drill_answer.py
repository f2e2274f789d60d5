"""The drill screen's answer: read and checked off the UI thread, accepted unasked in a sprint,
graded and stored, the verdict and solution shown."""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import TYPE_CHECKING

from rich.markdown import Markdown
from rich.markup import escape
from rich.text import Text
from textual import on, work
from textual.containers import VerticalScroll
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Input, Static

from engine.app.answering import Verdict
from tui.drill_text import empty_answer_text, set_verdict, verdict_text
from tui.drills_door import Attempt, Sitting, Turn, solution_markdown

if TYPE_CHECKING:
    from engine.app.answering import CheckResult
    from tui.drills_door import Drill, DrillSession
    from tui.services import Services
    from tui.store_work import WriteQueue


class Phase(StrEnum):
    """Where the drill on screen is: the clock runs, a worker reads the answer, the verdict shows."""

    ASKING = "asking"
    CHECKING = "checking"
    ANSWERED = "answered"


AUTO_ACCEPT_PAUSE = 0.3
"""Seconds of no typing before an answer is checked unasked: answers within a tolerance are right
before their last digits ("15" for 15.03 GB), and those digits must not spill into the next drill."""


class DrillAnswering(Screen[None]):
    """The answer side of tui.screens.drill.DrillScreen (its state is set there, named here; a base
    screen kept out of tui/screens, which lists only the screens a user sees)."""

    phase: reactive[Phase] = reactive(Phase.ASKING, init=False, bindings=True)
    """asking (the clock runs), checking (a worker reads the answer), answered (verdict shown)."""
    hinted: reactive[bool] = reactive(False, init=False, bindings=True)
    """Whether the hint of the drill on screen was opened (costs a grade step)."""

    services: Services
    sitting: Sitting
    session: DrillSession
    limit: float
    _timer: Callable[[], float]
    _started: float
    _shown_at: float
    _cap: float
    drill: Drill | None
    _pending: str | None
    _typed_at: float
    last_kind: str | None
    saves: WriteQueue[Attempt]

    def _elapsed(self) -> float:
        return self._timer() - self._started

    def show_next(self) -> None:
        """Draw and show the next drill, or end the sitting (DrillScreen)."""
        raise NotImplementedError

    def _update_score(self) -> None:
        self.query_one("#drill-score", Static).update(self.sitting.status(self._elapsed()))

    @on(Input.Submitted, "#drill-answer")
    def _submitted(self, event: Input.Submitted) -> None:
        if self.phase != Phase.ASKING or self.drill is None:
            return
        if not event.value.strip():
            self._set_verdict(empty_answer_text(self.drill))
            return
        seconds = self._timer() - self._shown_at
        if seconds >= self._cap:
            self._finish_drill(None, "", self._cap)
            return
        self.phase = Phase.CHECKING
        event.input.disabled = True
        self.check_answer(self.drill, event.value, seconds)

    @on(Input.Changed, "#drill-answer")
    def _typed(self, event: Input.Changed) -> None:
        """Zetamac: in a sprint (or with drill_auto_accept) an answer already right moves on unasked,
        once typing pauses (see AUTO_ACCEPT_PAUSE); the tick checks it."""
        if self.sitting.auto_accept and self.phase == Phase.ASKING and event.value.strip():
            self._pending, self._typed_at = event.value, self._timer()

    def _peek_if_paused(self) -> None:
        if self._pending is None or self._timer() - self._typed_at < AUTO_ACCEPT_PAUSE or self.drill is None:
            return
        text, self._pending = self._pending, None
        if self.query_one("#drill-answer", Input).value == text:
            self.peek_answer(self.drill, text)

    @work(thread=True, exclusive=True, group="drill-peek")
    def peek_answer(self, drill: Drill, text: str) -> None:
        """Check the answer as typed so far; only a correct one is acted on."""
        result = self.services.check_drill(drill, text)
        if result.verdict is Verdict.CORRECT:
            self.app.call_from_thread(self._peeked, drill, result, text)

    def _peeked(self, drill: Drill, result: CheckResult, text: str) -> None:
        box = self.query_one("#drill-answer", Input)
        if drill is not self.drill or self.phase != Phase.ASKING or box.value != text:
            return  # typed on, submitted or moved on meanwhile
        seconds = self._timer() - self._shown_at
        if seconds < self._cap:
            self._finish_drill(result, text, seconds)

    @work(thread=True, exclusive=True, group="drill-check")
    def check_answer(self, drill: Drill, text: str, seconds: float) -> None:
        """Read the answer off the UI thread (the first check may load units)."""
        result = self.services.check_drill(drill, text)
        self.app.call_from_thread(self._checked, drill, result, text, seconds)

    def _checked(self, drill: Drill, result: CheckResult, text: str, seconds: float) -> None:
        if drill is not self.drill or self.phase != Phase.CHECKING:
            return
        if result.verdict is Verdict.UNREADABLE:  # not an attempt: the clock keeps running
            self._set_verdict(Text(result.message), "unreadable")
            self.phase = Phase.ASKING
            box = self.query_one("#drill-answer", Input)
            box.disabled = False
            box.focus()
            return
        self._finish_drill(result, text, seconds)

    def _finish_drill(
        self, result: CheckResult | None, text: str, seconds: float, *, gave_up: bool = False
    ) -> None:
        """Store the attempt (timed out when `result` is None), then move on or show the solution."""
        drill = self.drill
        assert drill is not None
        self.phase = Phase.ANSWERED
        self.query_one("#drill-answer", Input).disabled = True
        attempt = Attempt(drill, text, result, seconds, self.limit, gave_up=gave_up, hinted=self.hinted)
        outcome = attempt.judged()  # what storing it would return: the screen does not wait for the store
        self.saves.push(attempt)
        self.session.add(outcome)
        self.sitting.record(
            Turn(drill.kind, outcome.correct, seconds, outcome.slip, gave_up=gave_up, hinted=self.hinted)
        )
        self._update_score()
        if outcome.correct and result is not None:
            self.last_kind = None
            self.query_one("#drill-flash", Static).update(
                f"✓ {escape(result.message)}  (grade {int(outcome.grade)})"
            )
            self.show_next()  # Zetamac: a right answer moves on at once
            return
        self.last_kind = drill.kind
        self.query_one("#drill-flash", Static).update("")
        self._set_verdict(
            *verdict_text(drill, result, outcome, gave_up=gave_up, hinted=self.hinted, cap=self._cap)
        )
        self.query_one("#drill-solution", Static).update(Markdown(solution_markdown(drill)))
        body, verdict = self.query_one("#drill-body", VerticalScroll), self.query_one("#drill-verdict")
        self.call_after_refresh(body.scroll_to_widget, verdict, top=True, animate=False)  # solution below it

    def _set_verdict(self, text: Text, verdict: str = "") -> None:
        box = self.query_one("#drill-verdict", Static)
        set_verdict(box, text, verdict)
        if text.plain and self.phase != Phase.ANSWERED:  # a note under a long question: bring it into view
            self.call_after_refresh(self.query_one("#drill-body").scroll_to_widget, box, animate=False)
