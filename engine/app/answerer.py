"""What a review session asks of the study façade: a Protocol, so that the session does not import
the façade that builds it (engine.app.study.Study is the implementation)."""

from __future__ import annotations

from datetime import date, datetime
from typing import Protocol

from engine.app.items import Prompt
from engine.app.scheduler import Moment, Scheduler
from engine.grades import Grade
from engine.sm2 import CardState
from engine.store.attempts import StoredAttempt
from engine.store.marks import Mark, MarkChange
from engine.store.repo import Applied


class Answering(Protocol):
    """Showing, answering, marking and taking back one item at a time."""

    @property
    def scheduler(self) -> Scheduler: ...

    def now(self) -> datetime: ...

    def moment(self) -> Moment: ...

    def tomorrow(self) -> date: ...

    def has(self, key: str) -> bool: ...

    def prompt(self, key: str, seed: int) -> Prompt: ...

    def state(self, key: str) -> CardState: ...

    def shown(self, key: str) -> tuple[CardState, Mark]: ...

    def answer(
        self,
        key: str,
        grade: Grade,
        seconds: float,
        *,
        at: Moment | None = None,
        attempt: StoredAttempt | None = None,
    ) -> Applied: ...

    def mark(self, key: str) -> Mark: ...

    def change_mark(self, key: str, **changes: object) -> MarkChange: ...

    def undo_mark(self, change: MarkChange) -> None: ...

    def undo_answer(self, log_id: int, mark: MarkChange | None, attempt_id: int | None) -> None: ...
