"""A review grade stored off the UI thread, the next card read there too; the outcome is sent up."""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING

from textual.message import Message
from textual.widget import Widget

from engine.app.values import AppError
from tui.review_text import leech_notice
from tui.store_work import run_store_command

if TYPE_CHECKING:
    from engine.app import Answered, ReviewSession
    from engine.app.values import Grade


class GradeSave(Widget):
    """Commits one grade (one transaction per answer) and tells the screen: Saved, or NotSaved with
    the grade that stays on screen to be sent again. Nothing on screen of its own but a leech notice."""

    DEFAULT_CSS = "GradeSave { display: none; }"

    class Saved(Message):
        """The grade is committed; the session's next item is read."""

    class NotSaved(Message):
        """The store refused the grade (the notice said why): the card stays with its answer shown."""

        def __init__(self, grade: Grade) -> None:
            super().__init__()
            self.grade = grade

    def save(self, session: ReviewSession, grade: Grade, seconds: float) -> None:
        def work() -> Answered:
            answered = session.answer(grade, seconds)
            with contextlib.suppress(AppError):  # the next card read here, off the UI thread
                session.current()
            return answered

        run_store_command(
            self,
            work,
            what=f"Grade {int(grade)} not saved",
            done=self._saved,
            failed=lambda _error: self.post_message(self.NotSaved(grade)),
        )

    def _saved(self, answered: Answered) -> None:
        if answered.leech:
            self.notify(leech_notice(answered), severity="warning", timeout=10)
        self.post_message(self.Saved())
