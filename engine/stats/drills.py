"""Drill figures: accuracy and median time per kind (per day and over the period), daily sprint scores."""

from __future__ import annotations

import math
import statistics
from collections import defaultdict
from datetime import date

import sqlalchemy as sa

from engine.stats.model import DrillStats, KindDay, KindStats, SlipCount, SprintDay
from engine.store.models import DrillAttemptRow

CORRECT = "correct"


def drill_figures(conn: sa.Connection, since: date | None) -> DrillStats:
    """One scan of ix_drill_attempt_day_kind (study_day, kind, seconds, verdict), in its own order.

    Rows come sorted by day, kind and seconds, so each (day, kind) run is already sorted for its median;
    a kind's median over the period sorts only that kind's times.
    """
    a = DrillAttemptRow
    query = sa.select(a.study_day, a.kind, a.seconds, a.verdict == CORRECT).order_by(
        a.study_day, a.kind, a.seconds
    )
    if since is not None:
        query = query.where(a.study_day >= since)
    runs: dict[tuple[date, str], list[float]] = defaultdict(list)
    right: dict[tuple[date, str], int] = defaultdict(int)
    for day, kind, seconds, correct in conn.execute(query):
        runs[(day, kind)].append(float(seconds))
        right[(day, kind)] += bool(correct)

    by_kind: dict[str, list[float]] = defaultdict(list)
    kind_right: dict[str, int] = defaultdict(int)
    sprint: dict[date, list[float]] = defaultdict(lambda: [0, 0, 0.0])
    over_time = []
    for (day, kind), times in runs.items():
        c = right[(day, kind)]
        by_kind[kind] += times
        kind_right[kind] += c
        sprint[day][0] += c
        sprint[day][1] += len(times)
        sprint[day][2] += math.fsum(times)
        over_time.append(KindDay(str(kind), day, len(times), c, statistics.median(times)))
    kinds = [
        KindStats(str(k), len(times), kind_right[k], statistics.median(sorted(times)))
        for k, times in by_kind.items()
    ]
    kinds.sort(key=lambda s: (s.accuracy, -s.median_seconds, s.kind))
    return DrillStats(
        kinds=tuple(kinds),
        over_time=tuple(sorted(over_time, key=lambda k: (k.day, k.kind))),
        sprints=tuple(SprintDay(d, int(v[0]), int(v[1]), float(v[2])) for d, v in sorted(sprint.items())),
        slips=slip_counts(conn, since),
    )


def slip_counts(conn: sa.Connection, since: date | None) -> tuple[SlipCount, ...]:
    """The named slips of the period's attempts, most frequent first."""
    count = sa.func.count(DrillAttemptRow.id)
    query = sa.select(DrillAttemptRow.slip, count).where(DrillAttemptRow.slip.is_not(None))
    if since is not None:
        query = query.where(DrillAttemptRow.study_day >= since)
    rows = conn.execute(query.group_by(DrillAttemptRow.slip).order_by(count.desc(), DrillAttemptRow.slip))
    return tuple(SlipCount(str(slip), int(n)) for slip, n in rows)
