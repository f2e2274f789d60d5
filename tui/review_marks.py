"""The review screen's suspend, bury, flag, edit and undo actions (a mixin: one screen, two files)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, cast

if TYPE_CHECKING:
    from textual.app import App
    from textual.dom import DOMNode

    from engine.app import Current, ReviewSession
    from engine.app.database import MarkChange
    from tui.edit_card import Place
    from tui.services import Services


class MarkActions:
    """Mixed into ReviewScreen, which provides what is declared below."""

    broken_edit: Place | None = None
    """A deck file the last edit left unloadable, and the line of its problem (`e` reopens it)."""

    if TYPE_CHECKING:  # declared for the type checker only: ReviewScreen and Screen define them
        session: ReviewSession
        services: Services
        card_key: str | None
        saving: str | None
        item: Current | None
        app: App[object]

        def notify(
            self, message: str, *, severity: str = "information", timeout: float | None = None
        ) -> None: ...

        def show_current(self) -> None: ...

        def _update_progress(self) -> None: ...

    def action_suspend(self) -> None:
        self._mark(self.session.suspend, "Suspended {key} (u undoes).")

    def action_bury(self) -> None:
        self._mark(self.session.bury, "Buried {key} until tomorrow (u undoes).")

    def action_flag(self) -> None:
        self._mark(self.session.toggle_flag, "{flag} {key}.")

    def action_edit(self) -> None:
        from tui.edit_card import edit_card

        if self.card_key is None:
            return
        edited = edit_card(self.app, self.services, self.card_key, broken=self.broken_edit)
        self.broken_edit = edited.broken  # `e` reopens the broken file at its problem until it loads
        self.notify(edited.notice, severity="information" if edited.reloaded else "warning", timeout=8)
        if edited.reloaded:
            gone = self.session.reshow()  # cards that left their deck leave the session too
            if gone:
                self.notify(f"Left this session: {', '.join(gone[:3])}{' …' if len(gone) > 3 else ''}")
            self.show_current()

    def _mark(self, change: Callable[[], MarkChange], notice: str) -> None:
        """Write the mark off the UI thread (tui.store_work); a failure leaves everything as it was."""
        from tui.store_work import run_store_command

        def work() -> MarkChange | str:
            try:
                return change()
            except LookupError as error:
                return str(error)

        self.saving = "saving…"
        run_store_command(
            cast("DOMNode", self),
            work,
            what="Not changed",
            done=partial(self._marked, notice),
            failed=self._write_failed,
        )

    def _marked(self, notice: str, done: MarkChange | str) -> None:
        self.saving = None
        if isinstance(done, str):
            self.notify(f"Not changed: {done}", severity="error", timeout=8)
            return
        flag = "Flagged" if done.after.flagged else "Unflagged"
        self.notify(notice.format(key=done.key, flag=flag))
        self._after_mark(done.key)

    def _write_failed(self, _error: object) -> None:
        self.saving = None

    def _after_mark(self, key: str) -> None:
        """A flag leaves the item on show as it is (answer still showing); otherwise show the next."""
        current = self.session.current()
        if current is not None and current.key == key == self.card_key:
            self.item = current
            self._update_progress()
        else:
            self.show_current()

    def action_undo(self) -> None:
        from tui.store_work import run_store_command

        answer = self.session.undoes_answer
        self.saving = "undoing…"
        run_store_command(
            cast("DOMNode", self),
            self.session.undo,
            what="Cannot undo",
            done=partial(self._undone, answer),
            failed=self._write_failed,
        )

    def _undone(self, answer: bool, key: str | None) -> None:
        self.saving = None
        if key is None:
            return
        self.notify(f"Undid the last grade of {key}." if answer else f"Undid the last mark of {key}.")
        if answer:
            self.show_current()
        else:
            self._after_mark(key)
