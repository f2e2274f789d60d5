"""Switching a collection between SM-2 and FSRS: nothing is lost and no due date moves."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, datetime

from engine import fsrs_scheduler
from engine.app.scheduler import FsrsScheduler, Scheduler
from engine.store import fsrs_memory
from engine.store.database import Store


def prepare(store: Store, scheduler: Scheduler) -> int:
    """Before studying with `scheduler`: under FSRS, rebuild the memory of every card whose answers
    FSRS has not all seen, from its review log. Returns the cards rebuilt (0 under SM-2).

    SM-2 needs nothing: its fields are kept while FSRS schedules, and an answer under SM-2 drops the
    FSRS memory so that the next switch rebuilds it from the full log.
    """
    if not isinstance(scheduler, FsrsScheduler):
        return 0

    def replay(log: Sequence[tuple[datetime, int, date]]) -> fsrs_scheduler.FsrsState:
        return fsrs_scheduler.replay(
            log,
            desired_retention=scheduler.desired_retention,
            parameters=scheduler.parameters,
            maximum_interval=scheduler.max_interval_days,
        )

    return fsrs_memory.rebuild(store, replay)
