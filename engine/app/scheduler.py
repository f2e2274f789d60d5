"""The scheduler interface the study session uses: (state, grade, now) -> (state, record).

Two implement it: SM-2 (the default) and FSRS-6 (py-fsrs). Both read and write the same CardState,
which holds the SM-2 fields and the FSRS memory side by side; the due day is the active one's.
The session, store, undo and interval preview are the same for both.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import date, datetime, timedelta
from typing import Literal, Protocol

from engine import fsrs_order, fsrs_scheduler, sm2
from engine.grades import Grade
from engine.sm2 import CardState, ReviewRecord


@dataclass(frozen=True)
class Moment:
    """One reading of the clock: the UTC instant and the study day it falls on."""

    now: datetime
    today: date
    next_day_start: datetime | None = None
    """When the next study day begins (None: not known; a step due within 24 hours is today's)."""


class Scheduler(Protocol):
    """Schedules one item from its state and a grade; pure."""

    def review(self, state: CardState, grade: Grade, at: Moment) -> tuple[CardState, ReviewRecord]:
        """The state after answering with `grade` at `at`, and the record to log (and undo) it."""
        ...

    def preview(self, state: CardState, at: Moment) -> dict[Grade, int | None]:
        """Interval in days each grade would give at `at` (None: the item comes back today)."""
        ...


@dataclass(frozen=True)
class SM2Scheduler:
    """SuperMemo's SM-2 (engine.sm2), no interval past `max_interval_days`."""

    max_interval_days: int = sm2.MAX_INTERVAL_DAYS

    def review(self, state: CardState, grade: Grade, at: Moment) -> tuple[CardState, ReviewRecord]:
        return sm2.review(state, int(grade), now=at.now, today=at.today, max_interval=self.max_interval_days)

    def preview(self, state: CardState, at: Moment) -> dict[Grade, int | None]:
        previews = sm2.preview(state, today=at.today, max_interval=self.max_interval_days)
        return {Grade(g): days for g, days in previews.items()}


SchedulerName = Literal["sm2", "fsrs"]
SCHEDULERS: tuple[SchedulerName, ...] = ("sm2", "fsrs")


@dataclass(frozen=True)
class FsrsScheduler:
    """FSRS-6 through py-fsrs (engine.fsrs_scheduler), unfuzzed.

    Only the FSRS memory, the due day and the last-answer fields change: the SM-2 fields stay as
    they were, so switching back to SM-2 finds them. A due time inside the study day (a learning
    step of minutes) brings the item back today.
    """

    desired_retention: float = fsrs_scheduler.DEFAULT_RETENTION
    parameters: Sequence[float] | None = None
    max_interval_days: int = sm2.MAX_INTERVAL_DAYS

    def review(self, state: CardState, grade: Grade, at: Moment) -> tuple[CardState, ReviewRecord]:
        after_memory = self._memory_after(state, grade, at)
        if grade >= Grade.WITH_EFFORT and after_memory.phase == fsrs_scheduler.REVIEW:
            after_memory = self._ordered(state, grade, at, after_memory)
        days = _days_until(after_memory, at)
        days = None if days is None else min(days, self.max_interval_days)
        after = replace(
            state,
            fsrs=fsrs_scheduler.as_stored(after_memory),  # kept as Anki keeps it: see fsrs_scheduler
            due=sm2.add_days(at.today, days or 0),
            last_review=at.now,
            last_day=at.today,
            repeat_today=days is None,
        )
        same_day = state.last_day == at.today
        return after, ReviewRecord(int(grade), at.now, at.today, state, after, same_day_repeat=same_day)

    def _memory_after(self, state: CardState, grade: Grade, at: Moment) -> fsrs_scheduler.FsrsState:
        """py-fsrs's memory after `grade`, elapsed time counted in study days (as Anki), unrounded:
        the intervals come from it; `review` stores it rounded."""
        memory = state.fsrs if state.fsrs is not None else fsrs_scheduler.FsrsState()
        after, _ = fsrs_scheduler.review(
            memory,
            int(grade),
            now=at.now,
            desired_retention=self.desired_retention,
            parameters=self.parameters,
            maximum_interval=self.max_interval_days,
            elapsed_days=fsrs_scheduler.study_days_between(state.last_day, at.today),
            stored=False,
        )
        return after

    def _ordered(
        self, state: CardState, grade: Grade, at: Moment, memory: fsrs_scheduler.FsrsState
    ) -> fsrs_scheduler.FsrsState:
        """Anki's passing review intervals (engine.fsrs_order): Hard >= 1 day, Good past Hard, Easy
        past Good (py-fsrs alone can give Easy = Good), none shrinking below the previous interval
        within its fuzz range; the memory is py-fsrs's."""
        if state.fsrs is None or state.fsrs.phase != fsrs_scheduler.REVIEW:
            return memory  # graduating from (re)learning: py-fsrs's own intervals
        passing = (Grade.WITH_EFFORT, Grade.WELL, Grade.PERFECTLY)
        ideal = [
            fsrs_scheduler.ideal_interval(
                (memory if other == grade else self._memory_after(state, other, at)).stability or 0.0,
                desired_retention=self.desired_retention,
                parameters=self.parameters,
            )
            for other in passing
        ]
        previous = (state.due - state.last_day).days if state.due and state.last_day else 0
        days = fsrs_order.passing_intervals((ideal[0], ideal[1], ideal[2]), previous, self.max_interval_days)
        return replace(memory, due_at=at.now + timedelta(days=days[passing.index(grade)]))

    def preview(self, state: CardState, at: Moment) -> dict[Grade, int | None]:
        out: dict[Grade, int | None] = {}
        for grade in Grade:
            after, _ = self.review(state, grade, at)
            out[grade] = None if after.repeat_today else (after.due - at.today).days if after.due else None
        return out


def _days_until(memory: fsrs_scheduler.FsrsState, at: Moment) -> int | None:
    """Study days until the memory's due time; None when it falls due today (a learning step). A
    step that ends after the next day start is due on the next study day."""
    if memory.due_at is None:
        return None
    days = int((memory.due_at - at.now) // timedelta(days=1))
    if days >= 1:
        return days
    return 1 if at.next_day_start is not None and memory.due_at >= at.next_day_start else None


def make_scheduler(
    name: SchedulerName,
    *,
    desired_retention: float = 0.9,
    parameters: Sequence[float] | None = None,
    max_interval_days: int = sm2.MAX_INTERVAL_DAYS,
) -> Scheduler:
    """The scheduler a collection's settings name."""
    if name == "fsrs":
        return FsrsScheduler(
            desired_retention, fsrs_scheduler.usable_parameters(parameters), max_interval_days
        )
    return SM2Scheduler(max_interval_days)
