"""The review's suspend, bury, flag, undo and edit: each written off the UI thread, its outcome sent up."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from textual.message import Message
from textual.widget import Widget

from tui.store_work import run_store_command

if TYPE_CHECKING:
    from engine.app import ReviewSession
    from engine.app.database import MarkChange
    from engine.app.values import AppError
    from tui.edit_card import Place
    from tui.services import Services


class ReviewMarks(Widget):
    """The marks and the undo of the item on show, and editing it in $EDITOR; each says how it went
    in a notice, and the screen is told what changed (Changed). Nothing on screen of its own."""

    DEFAULT_CSS = "ReviewMarks { display: none; }"

    broken_edit: Place | None = None
    """A deck file the last edit left unloadable, and the line of its problem (`e` reopens it)."""

    class Changed(Message):
        """A mark or an undo is over (its notice shown): `key` the item it changed, None: nothing
        changed (refused, or the store failed); `answer`: an answer was undone (not a mark)."""

        def __init__(self, key: str | None, answer: bool = False) -> None:
            super().__init__()
            self.key, self.answer = key, answer

    def suspend(self, session: ReviewSession) -> None:
        self._mark(session.suspend, "Suspended {key} (u undoes).")

    def bury(self, session: ReviewSession) -> None:
        self._mark(session.bury, "Buried {key} until tomorrow (u undoes).")

    def flag(self, session: ReviewSession) -> None:
        self._mark(session.toggle_flag, "{flag} {key}.")

    def undo(self, session: ReviewSession) -> None:
        answer = session.undoes_answer
        run_store_command(
            self,
            session.undo,
            what="Cannot undo",
            done=lambda key: self._undone(key, answer),
            failed=self._refused,
        )

    def _undone(self, key: str | None, answer: bool) -> None:
        if key is not None:
            self.notify(f"Undid the last grade of {key}." if answer else f"Undid the last mark of {key}.")
        self.post_message(self.Changed(key, answer))

    def edit(self, services: Services, session: ReviewSession, key: str) -> bool:
        """Open the item's deck file in $EDITOR (the app suspended), then read the decks again;
        whether they were (then the session shows them: items that left their deck leave it too)."""
        from tui.edit_card import edit_card

        edited = edit_card(self.app, services, key, broken=self.broken_edit)
        self.broken_edit = edited.broken  # `e` reopens the broken file at its problem until it loads
        self.notify(edited.notice, severity="information" if edited.reloaded else "warning", timeout=8)
        if edited.reloaded and (gone := session.reshow()):
            self.notify(f"Left this session: {', '.join(gone[:3])}{' …' if len(gone) > 3 else ''}")
        return edited.reloaded

    def _mark(self, change: Callable[[], MarkChange], notice: str) -> None:
        def work() -> MarkChange | str:
            try:
                return change()
            except LookupError as error:
                return str(error)

        run_store_command(
            self, work, what="Not changed", done=lambda done: self._marked(notice, done), failed=self._refused
        )

    def _marked(self, notice: str, done: MarkChange | str) -> None:
        if isinstance(done, str):
            self.notify(f"Not changed: {done}", severity="error", timeout=8)
            self.post_message(self.Changed(None))
            return
        flag = "Flagged" if done.after.flagged else "Unflagged"
        self.notify(notice.format(key=done.key, flag=flag))
        self.post_message(self.Changed(done.key))

    def _refused(self, _error: AppError) -> None:
        self.post_message(self.Changed(None))
