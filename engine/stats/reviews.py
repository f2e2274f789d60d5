"""Review-log figures: one GROUP BY study_day over the stats index, then pure folding of those rows."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, timedelta

import sqlalchemy as sa

from engine.stats.model import (
    HEATMAP_DAYS,
    MATURE_DAYS,
    Activity,
    DayCount,
    DayTime,
    Period,
    Retention,
)
from engine.store.models import ReviewRow
from engine.store.stats_tables import INTERVAL_BEFORE_SQLITE


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


def interval_before(dialect: str) -> sa.ColumnElement[int]:
    """The interval a card had before the answer; the same text as the stats index (migration 0005)."""
    if dialect == "sqlite":
        return sa.literal_column(INTERVAL_BEFORE_SQLITE, sa.Integer)
    return sa.literal_column("(((state_before)::jsonb ->> 'interval_days')::integer)", sa.Integer)


def _count(condition: sa.ColumnElement[bool]) -> sa.ColumnElement[int]:
    return sa.func.coalesce(sa.func.sum(sa.case((condition, 1), else_=0)), 0)


def day_rows(conn: sa.Connection, since: date | None, deck_id: str | None) -> list[DayRow]:
    """Per-day totals from `since` on (None: all history), for one deck or all."""
    interval = interval_before(conn.dialect.name)
    scheduled = sa.and_(ReviewRow.was_new.is_(False), ReviewRow.same_day_repeat.is_(False))
    young = sa.and_(scheduled, interval < MATURE_DAYS)
    mature = sa.and_(scheduled, interval >= MATURE_DAYS)
    passed = ReviewRow.grade >= 3
    query = sa.select(
        ReviewRow.study_day,
        sa.func.count(),
        sa.func.coalesce(sa.func.sum(ReviewRow.seconds), 0.0),
        *(_count(ReviewRow.grade == g) for g in range(6)),
        _count(sa.and_(young, passed)),
        _count(young),
        _count(sa.and_(mature, passed)),
        _count(mature),
    ).group_by(ReviewRow.study_day)
    if since is not None:
        query = query.where(ReviewRow.study_day >= since)
    if deck_id is not None:
        query = query.where(ReviewRow.deck_id == deck_id)
    out = []
    for row in conn.execute(query.order_by(ReviewRow.study_day)):
        day, answers, seconds, *counts = row
        numbers = [int(c) for c in counts]
        out.append(DayRow(day, int(answers), float(seconds), tuple(numbers[:6]), *numbers[6:]))
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
