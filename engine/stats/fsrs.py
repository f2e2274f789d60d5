"""FSRS figures for the stats: predicted recall (retrievability) and stability of the FSRS cards."""

from __future__ import annotations

from datetime import UTC, date, datetime, time

import sqlalchemy as sa

from engine.fsrs_scheduler import FsrsState, retrievability
from engine.stats.model import Bucket, FsrsFigures
from engine.store.models import CardStateRow

STABILITY_EDGES = (0.0, 1.0, 7.0, 30.0, 90.0, 365.0)


def fsrs_figures(conn: sa.Connection, deck_id: str | None, today: date) -> FsrsFigures | None:
    """Mean retrievability at noon UTC of `today` and a stability histogram; None without FSRS cards."""
    query = sa.select(CardStateRow.fsrs).where(CardStateRow.fsrs.is_not(None))
    if deck_id is not None:
        query = query.where(CardStateRow.deck_id == deck_id)
    noon = datetime.combine(today, time(12), UTC)
    recalls: list[float] = []
    counts = [0] * len(STABILITY_EDGES)
    for (data,) in conn.execute(query):
        memory = FsrsState.from_dict(data)
        if memory.is_new or memory.stability is None:
            continue
        recalls.append(retrievability(memory, noon))
        slot = sum(1 for edge in STABILITY_EDGES[1:] if memory.stability >= edge)
        counts[slot] += 1
    if not recalls:
        return None
    buckets = tuple(
        Bucket(_label(low, high), low, high, count)
        for low, high, count in zip(STABILITY_EDGES, (*STABILITY_EDGES[1:], None), counts, strict=True)
    )
    return FsrsFigures(len(recalls), sum(recalls) / len(recalls), buckets)


def _label(low: float, high: float | None) -> str:
    return f"{low:g}+ d" if high is None else f"{low:g}-{high:g} d"
