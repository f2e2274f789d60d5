"""Card-state figures: future due, daily load, interval and ease histograms, counts by state."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import date, timedelta
from typing import Any, TypeVar

import sqlalchemy as sa

from engine.stats.model import MATURE_DAYS, Bucket, CardCounts, FutureDue
from engine.store.models import CardStateRow

INTERVAL_EDGES: tuple[int, ...] = (1, 2, 4, 7, 14, 21, 30, 60, 90, 180, 365)
"""Left edges of the interval histogram's bars, in days."""
_Q = TypeVar("_Q", bound="sa.Select[*tuple[Any, ...]]")

EASE_EDGES: tuple[int, ...] = (130, 150, 170, 190, 210, 230, 250, 270)
"""Left edges of the E-Factor histogram's bars, in hundredths (250 = EF 2.50)."""


def _deck(query: _Q, deck_id: str | None) -> _Q:
    return query if deck_id is None else query.where(CardStateRow.deck_id == deck_id)


def future_due(conn: sa.Connection, today: date, days: int, deck_id: str | None) -> FutureDue:
    """Cards due on each of the next `days` days, the overdue backlog, and the daily load."""
    ahead = _deck(
        sa.select(CardStateRow.due_day, sa.func.count())
        .where(CardStateRow.due_day > today, CardStateRow.due_day <= today + timedelta(days=days))
        .group_by(CardStateRow.due_day),
        deck_id,
    )
    per_day = [0] * days
    for day, count in conn.execute(ahead):
        if day is not None:
            per_day[(day - today).days - 1] = int(count)
    overdue = conn.execute(
        _deck(sa.select(sa.func.count()).where(CardStateRow.due_day <= today), deck_id)
    ).scalar_one()
    load = conn.execute(
        _deck(
            sa.select(sa.func.coalesce(sa.func.sum(1.0 / CardStateRow.interval_days), 0.0)).where(
                CardStateRow.interval_days > 0
            ),
            deck_id,
        )
    ).scalar_one()
    return FutureDue(tuple(per_day), int(overdue), float(load))


def _histogram(
    pairs: Sequence[tuple[int, int]], edges: Sequence[int], label: Callable[[int], str]
) -> tuple[Bucket, ...]:
    counts = [0] * len(edges)
    for value, count in pairs:
        index = max((i for i, edge in enumerate(edges) if value >= edge), default=0)
        counts[index] += count
    buckets = []
    for i, low in enumerate(edges):
        high = edges[i + 1] if i + 1 < len(edges) else None
        text = label(low) + ("+" if high is None else f"–{label(high)}")
        buckets.append(Bucket(text, low, high, counts[i]))
    return tuple(buckets)


def card_figures(
    conn: sa.Connection, deck_id: str | None, total_cards: int | None
) -> tuple[tuple[Bucket, ...], tuple[Bucket, ...], CardCounts]:
    """Interval and ease histograms and counts by state, from two GROUP BYs over the stats index.

    `total_cards` (known only to whoever loaded the decks) turns 'seen' into a count of new cards.
    """
    by_interval = _deck(
        sa.select(
            CardStateRow.interval_days,
            CardStateRow.repetitions < 2,
            sa.func.count(),
        ).group_by(CardStateRow.interval_days, CardStateRow.repetitions < 2),
        deck_id,
    )
    learning = young = mature = 0
    intervals: list[tuple[int, int]] = []
    for interval, is_learning, count in conn.execute(by_interval):
        count = int(count)
        if is_learning:
            learning += count
        elif interval >= MATURE_DAYS:
            mature += count
        else:
            young += count
        if interval > 0:
            intervals.append((int(interval), count))
    by_ease = _deck(
        sa.select(CardStateRow.ef_centi, sa.func.count()).group_by(CardStateRow.ef_centi), deck_id
    )
    eases = [(int(ef), int(count)) for ef, count in conn.execute(by_ease)]
    seen = learning + young + mature
    new = max(0, total_cards - seen) if total_cards is not None else 0
    return (
        _histogram(intervals, INTERVAL_EDGES, lambda d: f"{d}d"),
        _histogram(eases, EASE_EDGES, lambda c: f"{c / 100:.1f}"),
        CardCounts(new=new, learning=learning, young=young, mature=mature),
    )
