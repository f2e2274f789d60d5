"""The scheduler interface the study session uses: (state, grade, now) -> (state, record).

A second scheduler (FSRS) implements the same two methods; the session, store and screens do not
change. SM-2 is the one shipped.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from typing import Protocol

from engine import sm2
from engine.grades import Grade
from engine.sm2 import CardState, ReviewRecord


@dataclass(frozen=True)
class Moment:
    """One reading of the clock: the UTC instant and the study day it falls on."""

    now: datetime
    today: date


class Scheduler(Protocol):
    """Schedules one item from its state and a grade; pure."""

    def review(self, state: CardState, grade: Grade, at: Moment) -> tuple[CardState, ReviewRecord]:
        """The state after answering with `grade` at `at`, and the record to log (and undo) it."""
        ...

    def preview(self, state: CardState, today: date) -> dict[Grade, int | None]:
        """Interval in days each grade would give (None: the item comes back today)."""
        ...


class SM2Scheduler:
    """SuperMemo's SM-2 (engine.sm2)."""

    def review(self, state: CardState, grade: Grade, at: Moment) -> tuple[CardState, ReviewRecord]:
        return sm2.review(state, int(grade), now=at.now, today=at.today)

    def preview(self, state: CardState, today: date) -> dict[Grade, int | None]:
        return {Grade(g): days for g, days in sm2.preview(state, today=today).items()}
