"""Review-log figures: one GROUP BY study_day over the stats index, then pure folding of those rows."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, timedelta

import sqlalchemy as sa

from engine.sm2 import PASSING_GRADE
from engine.stats.model import (
    HEATMAP_DAYS,
    Activity,
    DayCount,
    DayTime,
    Period,
    Retention,
)
from engine.store.models import ReviewRow
from engine.store.stats_tables import ANSWER_CLASS_POSTGRESQL, ANSWER_CLASS_SQLITE, STATS_INDEX


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


def answer_class(dialect: str) -> sa.ColumnElement[int]:
    """0 new or same-day repeat, 1 young, 2 mature: the same text as the stats index (migration 0005)."""
    text = ANSWER_CLASS_SQLITE if dialect == "sqlite" else ANSWER_CLASS_POSTGRESQL
    return sa.literal_column(text, sa.Integer)


def _review_log(dialect: str) -> sa.FromClause | sa.TextClause:
    # SQLite's planner prefers the narrow study_day index (it cannot cost an expression column as
    # covering); the stats index, already in GROUP BY order, is several times faster on a million answers.
    if dialect == "sqlite":
        return sa.text(f"{ReviewRow.__tablename__} INDEXED BY {STATS_INDEX}")
    return sa.table(ReviewRow.__tablename__)


def day_rows(conn: sa.Connection, since: date | None, deck_id: str | None) -> list[DayRow]:
    """Per-day totals from `since` on (None: all history), for one deck or all.

    The database groups by (day, grade, answer class) in index order and returns only count and
    seconds per group; passes (grade >= 3) and young/mature split are folded here.
    """
    col = sa.column
    study_day, grade = col("study_day", sa.Date), col("grade", sa.Integer)
    klass = answer_class(conn.dialect.name)
    query = (
        sa.select(study_day, grade, klass, sa.func.count(), sa.func.sum(col("seconds", sa.Float)))
        .select_from(_review_log(conn.dialect.name))
        .group_by(study_day, grade, klass)
    )
    if since is not None:
        query = query.where(study_day >= since)
    if deck_id is not None:
        query = query.where(col("deck_id", sa.String) == deck_id)
    days: dict[date, list[float]] = {}
    for day, g, k, count, seconds in conn.execute(query.order_by(study_day)):
        # answers, seconds, grade 0..5, young passed, young, mature passed, mature
        acc = days.setdefault(day, [0.0] * 12)
        acc[0] += count
        acc[1] += seconds or 0.0
        acc[2 + int(g)] += count
        if k:
            base = 8 if k == 1 else 10
            acc[base] += count if g >= PASSING_GRADE else 0
            acc[base + 1] += count
    return [
        DayRow(day, int(a[0]), a[1], tuple(int(x) for x in a[2:8]), *(int(x) for x in a[8:]))
        for day, a in days.items()
    ]


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
