"""Drill figures: accuracy and median time per kind (per day and over the period), daily sprint scores."""

from __future__ import annotations

from collections import defaultdict
from datetime import date

import sqlalchemy as sa

from engine.stats.model import DrillStats, KindDay, KindStats, SprintDay
from engine.store.models import DrillAttemptRow

CORRECT = "correct"


def _medians(conn: sa.Connection, since: date | None, by_day: bool) -> list[tuple[str, date | None, float]]:
    """Median seconds per kind (and per day): the middle row(s) picked by window functions in SQL."""
    # (study_day, kind, seconds) is the order of ix_drill_attempt_day_kind: per-day windows need no sort.
    part = [*([DrillAttemptRow.study_day] if by_day else []), DrillAttemptRow.kind]
    ranked = sa.select(
        *part,
        DrillAttemptRow.seconds,
        sa.func.row_number().over(partition_by=part, order_by=DrillAttemptRow.seconds).label("rn"),
        sa.func.count().over(partition_by=part).label("n"),
    )
    if since is not None:
        ranked = ranked.where(DrillAttemptRow.study_day >= since)
    sub = ranked.subquery()
    middle = sa.and_(sub.c.rn >= (sub.c.n + 1) // 2, sub.c.rn <= (sub.c.n + 2) // 2)
    keys = [sub.c.kind, *([sub.c.study_day] if by_day else [])]
    query = sa.select(*keys, sa.func.avg(sub.c.seconds)).where(middle).group_by(*reversed(keys))
    return [(str(r[0]), r[1] if by_day else None, float(r[-1])) for r in conn.execute(query)]


def drill_figures(conn: sa.Connection, since: date | None) -> DrillStats:
    correct = sa.func.coalesce(sa.func.sum(sa.case((DrillAttemptRow.verdict == CORRECT, 1), else_=0)), 0)
    per_day = sa.select(
        DrillAttemptRow.kind,
        DrillAttemptRow.study_day,
        sa.func.count(),
        correct,
        sa.func.coalesce(sa.func.sum(DrillAttemptRow.seconds), 0.0),
    ).group_by(DrillAttemptRow.study_day, DrillAttemptRow.kind)
    if since is not None:
        per_day = per_day.where(DrillAttemptRow.study_day >= since)
    rows = [(str(k), d, int(n), int(c), float(s)) for k, d, n, c, s in conn.execute(per_day)]
    day_median = {(k, d): m for k, d, m in _medians(conn, since, by_day=True)}
    kind_median = {k: m for k, _, m in _medians(conn, since, by_day=False)}

    totals: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    sprint: dict[date, list[float]] = defaultdict(lambda: [0, 0, 0.0])
    over_time = []
    for kind, day, n, c, seconds in rows:
        totals[kind][0] += n
        totals[kind][1] += c
        sprint[day][0] += c
        sprint[day][1] += n
        sprint[day][2] += seconds
        over_time.append(KindDay(kind, day, n, c, day_median[(kind, day)]))
    kinds = [KindStats(k, n, c, kind_median[k]) for k, (n, c) in totals.items()]
    kinds.sort(key=lambda s: (s.accuracy, -s.median_seconds, s.kind))
    return DrillStats(
        kinds=tuple(kinds),
        over_time=tuple(sorted(over_time, key=lambda k: (k.day, k.kind))),
        sprints=tuple(SprintDay(d, int(v[0]), int(v[1]), float(v[2])) for d, v in sorted(sprint.items())),
    )
