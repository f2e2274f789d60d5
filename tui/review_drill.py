"""The review screen's due drills: graded by their checked answer, never by hand (a mixin: one
screen, several files)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.markup import escape
from textual.widgets import Static

from tui.drill_text import without_verdict_word

if TYPE_CHECKING:
    from engine.answers import CheckResult
    from engine.app import Current, ReviewSession
    from engine.grades import Grade
    from tui.services import Services


class DueDrill:
    """Mixed into ReviewScreen, which provides what is declared below."""

    if TYPE_CHECKING:  # declared for the type checker only: ReviewScreen and Screen define them
        session: ReviewSession
        services: Services
        item: Current | None
        drill_graded: Grade | None
        revealed: bool

        def query_one(self, selector: str, expect_type: type[Static] = Static) -> Static: ...

    def _is_drill(self) -> bool:
        """A due drill kind on show, not yet graded: only its answer (or giving up) grades it."""
        return self.item is not None and self.item.prompt.graded_by_answer and self.drill_graded is None

    def _drill_needs_answer(self) -> None:
        self.query_one("#verdict", Static).update(
            "A drill is graded by its answer: type one, or ctrl+g to give up and see the solution."
        )

    def _grade_drill(self, text: str, result: CheckResult | None, seconds: float) -> None:
        """Store the due drill's attempt (the same call as a drill session) and show its verdict."""
        outcome = self.services.answer_review_drill(self.session, text, result, seconds)
        if result is None:
            said = "[b]gave up[/b] — the solution is below (graded 0)."
        else:
            message = escape(without_verdict_word(result.message))
            said = f"[b]{result.verdict.value.replace('_', ' ')}[/b] — {message}"
        self.query_one("#verdict", Static).update(said)
        self.drill_graded = outcome.grade
        self.revealed = True
