"""Review-log figures: the per-day sums of review_day, then pure folding of those rows."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, timedelta

import sqlalchemy as sa

from engine.stats.model import (
    HEATMAP_DAYS,
    Activity,
    DayCount,
    DayTime,
    Period,
    Retention,
)
from engine.store.stats_tables import ReviewDayRow


@dataclass(frozen=True)
class DayRow:
    """What one study day's answers add up to (the only rows the database hands back)."""

    day: date
    answers: int
    seconds: float
    grades: tuple[int, ...]
    young_passed: int
    young_total: int
    mature_passed: int
    mature_total: int


def day_rows(conn: sa.Connection, since: date | None, deck_id: str | None) -> list[DayRow]:
    """Per-day totals from `since` on (None: all history), for one deck or all, oldest first.

    Read from review_day (one row per day and deck, kept by triggers on review_log), never from the
    million answers themselves.
    """
    r = ReviewDayRow
    sums = [
        r.answers,
        r.millis,
        *(getattr(r, f"grade_{g}") for g in range(6)),
        r.young_passed,
        r.young_total,
        r.mature_passed,
        r.mature_total,
    ]
    query = sa.select(r.study_day, *(sa.func.sum(c) for c in sums)).group_by(r.study_day)
    if since is not None:
        query = query.where(r.study_day >= since)
    if deck_id is not None:
        query = query.where(r.deck_id == deck_id)
    out = []
    for day, answers, millis, *rest in conn.execute(query.order_by(r.study_day)):
        counts = [int(x) for x in rest]
        out.append(DayRow(day, int(answers), int(millis) / 1000, tuple(counts[:6]), *counts[6:]))
    return out


def period_start(today: date, period: Period) -> date | None:
    return None if period.days is None else today - timedelta(days=period.days - 1)


def activity(rows: Sequence[DayRow], today: date) -> Activity:
    start = today - timedelta(days=HEATMAP_DAYS - 1)
    days = tuple(DayCount(r.day, r.answers) for r in rows if start <= r.day <= today and r.answers)
    studied = {d.day for d in days}
    day = today if today in studied else today - timedelta(days=1)
    streak = 0
    while day in studied:
        streak += 1
        day -= timedelta(days=1)
    return Activity(days, streak, len(days), sum(d.count for d in days))


RETENTION_WINDOWS: tuple[tuple[str, int], ...] = (("today", 1), ("week", 7), ("month", 30), ("year", 365))


def retention(rows: Sequence[DayRow], today: date) -> tuple[Retention, ...]:
    out = []
    for label, days in RETENTION_WINDOWS:
        start = today - timedelta(days=days - 1)
        window = [r for r in rows if start <= r.day <= today]
        out.append(
            Retention(
                label,
                sum(r.young_passed for r in window),
                sum(r.young_total for r in window),
                sum(r.mature_passed for r in window),
                sum(r.mature_total for r in window),
            )
        )
    return tuple(out)


def in_period(rows: Sequence[DayRow], today: date, period: Period) -> list[DayRow]:
    start = period_start(today, period)
    return [r for r in rows if (start is None or r.day >= start) and r.day <= today]


def grades(rows: Sequence[DayRow]) -> tuple[int, ...]:
    return tuple(sum(r.grades[g] for r in rows) for g in range(6))


def review_time(rows: Sequence[DayRow]) -> tuple[DayTime, ...]:
    return tuple(DayTime(r.day, r.answers, r.seconds) for r in rows)
