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
    return tuple(per_day), _due_now(conn, today, deck_id)


def _due_now(conn: sa.Connection, today: date, deck_id: str | None) -> int:
    """Cards due now and not held, as three indexed counts rather than one scan of every card (at 1M
    cards the scan took seconds): scheduled by today (the due_day index), plus same-day repeats not
    scheduled by today (the repeat index), minus the held ones among those due (few: by card_mark)."""
    params = {"today": today, "yes": True}
    count = sa.select(sa.func.count()).select_from(CardStateRow)
    scheduled = conn.execute(_deck(count.where(clause(rules.SCHEDULED, params)), deck_id)).scalar_one()
    later = sa.or_(CardStateRow.due_day.is_(None), CardStateRow.due_day > today)
    repeats = _deck(count.where(clause(rules.REPEATED, params), later), deck_id)
    held = _deck(count.where(clause(f"card_key IN ({rules.HELD_KEYS})", params)), deck_id)
    held = held.where(clause(rules.DUE, params))
    return int(scheduled) + int(conn.execute(repeats).scalar_one()) - int(conn.execute(held).scalar_one())


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
    # grouped in the index's own order (deck first): no sort of every card's row, as grouping by
    # interval first took (a second at 1M cards); merged and summed in that order here
    row = CardStateRow
    columns = (row.deck_id, row.interval_days, row.repetitions, row.ef_centi)
    query = _deck(sa.select(*columns, sa.func.count()).group_by(*columns), deck_id, drill_decks)
    groups: dict[tuple[int, bool, int], int] = defaultdict(int)
    for _deck_id, interval, repetitions, ef, count in conn.execute(query):
        groups[interval, repetitions < 2, ef] += count
    learning = young = mature = 0
    load = 0.0
    intervals: dict[int, int] = defaultdict(int)
    eases: dict[int, int] = defaultdict(int)
    for (interval, is_learning, ef), count in sorted(groups.items()):
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
