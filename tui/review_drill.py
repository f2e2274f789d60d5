"""The review screen's due drills: graded by their checked answer, never by hand (a mixin: one
screen, several files)."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, cast

from rich.markup import escape
from textual.widgets import Static

from tui.drill_text import without_verdict_word

if TYPE_CHECKING:
    from textual.dom import DOMNode

    from tui.drills_door import Result as DrillResult
    from engine.app import Current, ReviewSession
    from engine.app.answering import CheckResult
    from engine.app.values import Grade
    from tui.services import Services


class DueDrill:
    """Mixed into ReviewScreen, which provides what is declared below."""

    if TYPE_CHECKING:  # declared for the type checker only: ReviewScreen and Screen define them
        session: ReviewSession
        services: Services
        item: Current | None
        drill_graded: Grade | None
        revealed: bool
        saving: str | None

        def query_one(self, selector: str, expect_type: type[Static] = Static) -> Static: ...

    def _is_drill(self) -> bool:
        """A due drill kind on show, not yet graded: only its answer (or giving up) grades it."""
        return self.item is not None and self.item.prompt.graded_by_answer and self.drill_graded is None

    def _drill_needs_answer(self) -> None:
        self.query_one("#verdict", Static).update(
            "A drill is graded by its answer: type one, or ctrl+g to give up and see the solution."
        )

    def _grade_drill(self, text: str, result: CheckResult | None, seconds: float) -> None:
        """Store the due drill's attempt (the same call as a drill session) off the UI thread, then
        show its verdict; when it was not saved, the answer stays in its box to be sent again."""
        from tui.store_work import run_store_command

        if self.saving:  # enter pressed again while the first is being written
            return
        session, services = self.session, self.services
        self.saving = "saving the attempt…"
        run_store_command(
            cast("DOMNode", self),
            lambda: services.answer_review_drill(session, text, result, seconds),
            what="Attempt not saved",
            done=partial(self._drill_saved, result),
            failed=self._drill_not_saved,
        )

    def _drill_saved(self, result: CheckResult | None, outcome: DrillResult) -> None:
        self.saving = None
        if result is None:
            said = "[b]gave up[/b] — the solution is below (graded 0)."
        else:
            message = escape(without_verdict_word(result.message))
            said = f"[b]{result.verdict.value.replace('_', ' ')}[/b] — {message}"
        self.query_one("#verdict", Static).update(said)
        self.drill_graded = outcome.grade
        self.revealed = True

    def _drill_not_saved(self, _error: object) -> None:
        self.saving = None
        self.query_one("#verdict", Static).update(
            "[b]This attempt was not saved[/b] — press enter (or ctrl+g to give up) to try again."
        )
