"""Deck counts and today's queue from bounded reads: due keys per deck with a LIMIT, and new keys
found by walking each deck's keys in order until today's allowance is met.

No key set of the whole collection is read from the store: the cost grows with what is shown (the
daily limits), not with the collection. Pure over a small `Reads` interface, so the start-up path
(stdlib sqlite3) and the study façade (SQLAlchemy, any server) count the same way.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from itertools import zip_longest
from typing import Protocol


class Reads(Protocol):
    """The store reads counting needs."""

    def due_keys(self, today: date, deck_id: str | None, limit: int) -> list[str]:
        """At most `limit` keys scheduled on or before `today`, oldest first, then the cards failed
        earlier today (same-day repeats), as `engine.store.repo.due_keys`."""
        ...

    def unseen(self, keys: Sequence[str], limit: int | None) -> list[str]:
        """The first `limit` (None: all) of `keys` that have no state (never reviewed), in order;
        one statement, the keys sent as one parameter, so a deck's walk costs one round trip."""
        ...


@dataclass(frozen=True)
class Present:
    """What is in the loaded decks: each deck's new-in-review keys in order, and every key's deck."""

    new_keys: Mapping[str, Sequence[str]]
    deck_of: Mapping[str, str]


@dataclass(frozen=True)
class Limits:
    """Daily limits, shared by all decks."""

    new_per_day: int = 20
    reviews_per_day: int = 200
    ahead: int = 50
    """How many not-yet-due cards a study-ahead session takes."""
    leech_lapses: int = 8
    """Lapses after which a card is tagged leech and suspended (Anki's default)."""


@dataclass(frozen=True)
class DayTotals:
    """What was studied on one study day."""

    reviews: int
    """Answers given, same-day repeats included."""
    new_cards: int
    """Cards seen for the first time."""
    scheduled_reviews: int
    """Answers to cards that were already in review (not new, not a same-day repeat)."""


def left(limits: Limits, totals: DayTotals) -> tuple[int, int]:
    """(new cards, reviews) still allowed today."""
    return (
        max(0, limits.new_per_day - totals.new_cards),
        max(0, limits.reviews_per_day - totals.scheduled_reviews),
    )


@dataclass(frozen=True)
class DeckCounts:
    """Due and new counts of one deck (deck_id None: all decks), after today's limits."""

    deck_id: str | None
    due: int
    new: int
    total: int


def due(
    reads: Reads, present: Present, today: date, deck_id: str | None, limit: int, held: set[str]
) -> list[str]:
    """Due keys of present, not held items, oldest first, at most `limit`."""
    fetch = limit
    while True:
        rows = reads.due_keys(today, deck_id, fetch)
        keys = [k for k in rows if k in present.deck_of and k not in held]
        if len(keys) >= limit or len(rows) < fetch:
            return keys[:limit]
        fetch *= 4  # some due rows belong to removed or held items: read further


def first_new(reads: Reads, keys: Sequence[str], limit: int | None, held: set[str]) -> list[str]:
    """The first `limit` never-reviewed, not held keys of `keys` (None: all of them), in order."""
    if not keys:
        return []
    ask = None if limit is None else limit + len(held)  # held keys among them are dropped after
    found = [k for k in reads.unseen(keys, ask) if k not in held]
    return found if limit is None else found[:limit]


def new(reads: Reads, present: Present, deck_id: str | None, limit: int | None, held: set[str]) -> list[str]:
    """New keys in deck order; across all decks, one from each deck in turn (round-robin), so a
    shared limit does not drain the first deck. Only the first `limit` of each deck can be among the
    first `limit` of the turns, so no deck is walked further."""
    decks = list(present.new_keys) if deck_id is None else [deck_id]
    lists = [first_new(reads, present.new_keys.get(d, ()), limit, held) for d in decks]
    merged = [key for turn in zip_longest(*lists) for key in turn if key is not None]
    return merged if limit is None else merged[:limit]


def queue(
    reads: Reads, present: Present, today: date, deck_id: str | None, left: tuple[int, int], held: set[str]
) -> list[str]:
    """Today's queue of a deck (None: all decks): due reviews first, then new cards; `left` is
    (new cards, reviews) still allowed today."""
    new_left, reviews_left = left
    due_keys = due(reads, present, today, deck_id, reviews_left, held)
    return due_keys + new(reads, present, deck_id, new_left, held)


def deck_counts(
    reads: Reads,
    present: Present,
    today: date,
    deck_ids: Sequence[str],
    totals: Mapping[str | None, int],
    left: tuple[int, int],
    held: set[str],
) -> list[DeckCounts]:
    """'All decks' first, then each deck; `left` is (new cards, reviews) still allowed today and
    `totals` the item count of each deck (None: the new-in-review items of all decks)."""
    new_left, reviews_left = left
    rows = [
        DeckCounts(
            d,
            len(due(reads, present, today, d, reviews_left, held)),
            len(first_new(reads, present.new_keys.get(d, ()), new_left, held)),
            totals.get(d, 0),
        )
        for d in deck_ids
    ]
    every = DeckCounts(
        None,
        min(reviews_left, sum(r.due for r in rows)),
        min(new_left, sum(r.new for r in rows)),
        totals.get(None, 0),
    )
    return [every, *rows]
