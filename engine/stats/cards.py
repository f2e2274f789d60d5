"""Card-state figures: future due, daily load, interval and ease histograms, counts by state."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any, TypeVar

import sqlalchemy as sa

from engine.stats.model import MATURE_DAYS, Bucket, CardCounts
from engine.store import rules
from engine.store.models import CardMarkRow, CardStateRow
from engine.store.rule_clauses import clause, condition

INTERVAL_EDGES: tuple[int, ...] = (1, 2, 4, 7, 14, 21, 30, 60, 90, 180, 365)
"""Left edges of the interval histogram's bars, in days."""
_Q = TypeVar("_Q", bound="sa.Select[*tuple[Any, ...]]")

EASE_EDGES: tuple[int, ...] = (130, 150, 170, 190, 210, 230, 250, 270)
"""Left edges of the E-Factor histogram's bars, in hundredths (250 = EF 2.50)."""


def _deck(query: _Q, deck_id: str | None, skip: Collection[str] = ()) -> _Q:
    """Rows of one deck; of every deck but `skip` (the drill decks, for card figures) when None."""
    if deck_id is not None:
        return query.where(CardStateRow.deck_id == deck_id)
    return query.where(CardStateRow.deck_id.not_in(list(skip))) if skip else query


def _not_suspended(query: _Q) -> _Q:
    """Suspended cards are due nowhere (they return to the forecast when unsuspended)."""
    return query.where(clause(f"card_key NOT IN ({rules.SUSPENDED_KEYS})", {"yes": True}))


def _due_and_not_held(query: _Q, today: date) -> _Q:
    """Due on `today` and neither suspended nor buried past it: what a session could show."""
    due = f"{rules.DUE} AND card_key NOT IN ({rules.HELD_KEYS})"
    return query.where(clause(due, {"today": today, "yes": True}))


def future_due(
    conn: sa.Connection, today: date, days: int, deck_id: str | None
) -> tuple[tuple[int, ...], int]:
    """Cards due on each of the next `days` days, and those due now: as the review queue reads them
    (engine.store.rules.DUE: scheduled today or earlier, or failed earlier today), neither
    suspended nor buried, before any daily limit."""
    ahead = _not_suspended(
        _deck(
            sa.select(CardStateRow.due_day, sa.func.count())
            .where(CardStateRow.due_day > today, CardStateRow.due_day <= today + timedelta(days=days))
            .group_by(CardStateRow.due_day),
            deck_id,
        )
    )
    per_day = [0] * days
    for day, count in conn.execute(ahead):
        if day is not None:
            per_day[(day - today).days - 1] = int(count)
    overdue = conn.execute(
        _due_and_not_held(_deck(sa.select(sa.func.count()).select_from(CardStateRow), deck_id), today)
    ).scalar_one()
    return tuple(per_day), int(overdue)


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


@dataclass(frozen=True)
class CardFigures:
    intervals: tuple[Bucket, ...]
    ease: tuple[Bucket, ...]
    counts: CardCounts
    daily_load: float
    """Sum of 1/interval over every scheduled card."""


def card_figures(
    conn: sa.Connection, deck_id: str | None, total_cards: int | None, drill_decks: Collection[str] = ()
) -> CardFigures:
    """Histograms, counts by state and the daily load from one GROUP BY over the covering stats index.

    `total_cards` (known only to whoever loaded the decks) turns 'seen' into a count of new cards;
    for all decks (None) it counts the cards only, so the drill kinds (`drill_decks`) are left out.
    """
    learning_step = CardStateRow.repetitions < 2
    query = _deck(
        sa.select(CardStateRow.interval_days, learning_step, CardStateRow.ef_centi, sa.func.count()).group_by(
            CardStateRow.interval_days, learning_step, CardStateRow.ef_centi
        ),
        deck_id,
        drill_decks,
    )
    learning = young = mature = 0
    load = 0.0
    intervals: dict[int, int] = defaultdict(int)
    eases: dict[int, int] = defaultdict(int)
    for interval, is_learning, ef, count in conn.execute(query):
        if is_learning:
            learning += count
        elif interval >= MATURE_DAYS:
            mature += count
        else:
            young += count
        eases[ef] += count
        if interval > 0:
            intervals[interval] += count
            load += count / interval
    seen = learning + young + mature
    new = max(0, total_cards - seen) if total_cards is not None else 0
    marks = sa.select(
        sa.func.count().filter(condition(rules.SUSPENDED, {"yes": True})),
        sa.func.count().filter(CardMarkRow.leech.is_(True)),
    )
    if deck_id is not None:
        marks = marks.where(CardMarkRow.deck_id == deck_id)
    elif drill_decks:
        marks = marks.where(CardMarkRow.deck_id.not_in(list(drill_decks)))
    suspended, leech = conn.execute(marks).one()
    return CardFigures(
        _histogram(sorted(intervals.items()), INTERVAL_EDGES, lambda d: f"{d}d"),
        _histogram(sorted(eases.items()), EASE_EDGES, lambda c: f"{c / 100:.1f}"),
        CardCounts(new, learning, young, mature, int(suspended), int(leech), flags_tracked=True),
        load,
    )
