"""A due drill in the review: graded by its checked answer (or a give-up), never by hand."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.message import Message
from textual.widget import Widget

from tui.store_work import run_store_command

if TYPE_CHECKING:
    from engine.app import ReviewSession
    from engine.app.answering import CheckResult
    from engine.app.values import AppError, Grade
    from tui.drills_door import Result
    from tui.services import Services


class DueDrill(Widget):
    """Stores a due drill's attempt off the UI thread (the same call a drill session makes) and
    tells the screen how it went. Nothing on screen of its own: the verdict line shows the outcome."""

    DEFAULT_CSS = "DueDrill { display: none; }"

    class Graded(Message):
        """The attempt is saved and graded."""

        def __init__(self, result: CheckResult | None, grade: Grade) -> None:
            super().__init__()
            self.result = result
            """The checked answer; None: given up."""
            self.grade = grade

    class NotSaved(Message):
        """The store refused the attempt: the answer stays in its box to be sent again."""

    def attempt(
        self,
        services: Services,
        session: ReviewSession,
        text: str,
        result: CheckResult | None,
        seconds: float,
    ) -> None:
        run_store_command(
            self,
            lambda: services.answer_review_drill(session, text, result, seconds),
            what="Attempt not saved",
            done=lambda outcome: self._saved(result, outcome),
            failed=self._not_saved,
        )

    def _saved(self, result: CheckResult | None, outcome: Result) -> None:
        self.post_message(self.Graded(result, outcome.grade))

    def _not_saved(self, _error: AppError) -> None:
        self.post_message(self.NotSaved())
