"""Deck counts and today's queue from bounded reads: due keys per deck with a LIMIT, and new keys
found by walking each deck's keys in order until today's allowance is met.

No key set of the whole collection is read from the store: the cost grows with what is shown (the
daily limits), not with the collection. Pure over a small `Reads` interface, so the start-up path
(stdlib sqlite3) and the study façade (SQLAlchemy, any server) count the same way.
"""

from __future__ import annotations

import hashlib
from collections.abc import Container, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from itertools import zip_longest
from typing import Protocol

from engine.keyindex import joined


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

    def memos(self) -> Mapping[str, Memo]:
        """Each deck's kept walk (table unseen_memo), by deck id; one read."""
        ...


MEMO_KEEP = 1000
"""Unseen keys a memo keeps at most: a never-reviewed deck of any size keeps this many."""


@dataclass(frozen=True)
class Memo:
    """A walk of one deck's keys, kept in the database (unseen_memo): when it was written the key
    list had digest `keys_digest`, and of `keys[:walked]` exactly `unseen` (in order) had no state.

    Answers only add states, so later `unseen` is a superset of what is unseen there; a deleted state
    (an undo of a first answer) deletes the memo rows in the same transaction (database triggers)."""

    keys_digest: str
    walked: int
    unseen: tuple[str, ...]


def keys_digest(keys: Sequence[str]) -> str:
    """What a memo was walked over: a deck's key list, in order."""
    return hashlib.blake2b(joined(keys, "\n").encode(), digest_size=16).hexdigest()


def memo_of(keys: Sequence[str], found: Sequence[str], keep: int = MEMO_KEEP) -> Memo:
    """The memo of a walk of `keys` that found `found`: their first `keep + 1` unseen keys (or all)."""
    if len(found) <= keep:
        return Memo(keys_digest(keys), len(keys), tuple(found))
    return Memo(keys_digest(keys), keys.index(found[keep]), tuple(found[:keep]))


def _parts(keys: Sequence[str], memo: Memo | None, digest: str) -> list[Sequence[str]]:
    """Where the unseen keys of `keys` can be, in order: all of them, or what the memo leaves."""
    if memo is None or memo.keys_digest != digest or not 0 <= memo.walked <= len(keys):
        return [keys]
    return [memo.unseen, keys[memo.walked :]]


@dataclass(frozen=True)
class Present:
    """What is in the loaded decks: each deck's new-in-review keys in order, and every key's deck."""

    new_keys: Mapping[str, Sequence[str]]
    deck_of: Mapping[str, str]
    digests: Mapping[str, str] = field(default_factory=dict)
    """keys_digest of each deck's new keys, where known (computed when missing)."""
    drill_decks: frozenset[str] = frozenset()
    """Decks whose items are not cards (drill kinds): their reviews count against the drill limits,
    never against the cards'."""

    def digest(self, deck_id: str) -> str:
        known = self.digests.get(deck_id)
        return keys_digest(self.new_keys.get(deck_id, ())) if known is None else known


@dataclass(frozen=True)
class Limits:
    """Daily limits, shared by all decks."""

    new_per_day: int = 20
    reviews_per_day: int = 200
    drill_reviews_per_day: int = 200
    """Due drill kinds a day's review sessions take (apart from the cards' reviews_per_day)."""
    new_drills_per_day: int = 20
    """Drill kinds a day's drill sessions and sprints try for the first time (apart from the
    cards' new_per_day)."""
    ahead: int = 50
    """How many not-yet-due cards a study-ahead session takes."""
    leech_lapses: int = 8
    """Lapses after which a card is tagged leech and suspended (Anki's default)."""


@dataclass(frozen=True)
class DayTotals:
    """What was studied on one study day; cards and drill kinds apart."""

    reviews: int
    """Answers given, same-day repeats and drill attempts included."""
    new_cards: int
    """Cards seen for the first time (drill kinds not included)."""
    scheduled_reviews: int
    """Answers to cards that were already in review (not new, not a same-day repeat)."""
    new_drills: int = 0
    """Drill kinds attempted for the first time."""
    drill_reviews: int = 0
    """Answers to drill kinds already in the schedule (not new, not a same-day repeat)."""


def left(limits: Limits, totals: DayTotals) -> tuple[int, int]:
    """(new cards, reviews) still allowed today."""
    return (
        max(0, limits.new_per_day - totals.new_cards),
        max(0, limits.reviews_per_day - totals.scheduled_reviews),
    )


def drill_reviews_left(limits: Limits, totals: DayTotals) -> int:
    """Due drill kinds review sessions may still take today."""
    return max(0, limits.drill_reviews_per_day - totals.drill_reviews)


def new_drills_left(limits: Limits, totals: DayTotals) -> int:
    """Drill kinds never tried that drill sessions may still draw today."""
    return max(0, limits.new_drills_per_day - totals.new_drills)


@dataclass(frozen=True)
class DeckCounts:
    """Due and new counts of one deck (deck_id None: all decks), after today's limits."""

    deck_id: str | None
    due: int
    new: int
    total: int


def due(
    reads: Reads,
    present: Present,
    today: date,
    deck_id: str | None,
    limit: int,
    held: set[str],
    drill_limit: int | None = None,
) -> list[str]:
    """Due keys of present, not held items, oldest first: at most `limit` cards and `drill_limit`
    drill kinds (None: drill kinds count within `limit`)."""
    if drill_limit is None:
        return _due(reads, today, deck_id, limit, held, present.deck_of)
    if deck_id is not None:
        cap = drill_limit if deck_id in present.drill_decks else limit
        return _due(reads, today, deck_id, cap, held, present.deck_of)
    drills = [
        key
        for deck in sorted(present.drill_decks)
        for key in _due(reads, today, deck, drill_limit, held, present.deck_of)
    ][:drill_limit]
    return _due(reads, today, None, limit, held, _CardKeys(present)) + drills


class _CardKeys:
    """Membership of present keys outside the drill decks (a view, no copy)."""

    def __init__(self, present: Present) -> None:
        self.present = present

    def __contains__(self, key: object) -> bool:
        deck = self.present.deck_of.get(key) if isinstance(key, str) else None
        return deck is not None and deck not in self.present.drill_decks


def _due(
    reads: Reads, today: date, deck_id: str | None, limit: int, held: set[str], wanted: Container[str]
) -> list[str]:
    """The first `limit` due keys of a deck (None: all) that are `wanted` and not held."""
    fetch = limit
    while True:
        rows = reads.due_keys(today, deck_id, fetch)
        keys = [k for k in rows if k in wanted and k not in held]
        if len(keys) >= limit or len(rows) < fetch:
            return keys[:limit]
        fetch *= 4  # some due rows belong to removed or held items (or drill kinds): read further


def first_new(
    reads: Reads,
    keys: Sequence[str],
    limit: int | None,
    held: set[str],
    memo: Memo | None = None,
    digest: str = "",
) -> list[str]:
    """The first `limit` never-reviewed, not held keys of `keys` (None: all of them), in order; with
    a memo of these keys (same `digest`), only where it leaves unseen keys is asked."""
    ask = None if limit is None else limit + len(held)  # held keys among them are dropped after
    found: list[str] = []
    for part in _parts(keys, memo, digest):
        if part and (ask is None or len(found) < ask):
            found += reads.unseen(part, None if ask is None else ask - len(found))
    found = [k for k in found if k not in held]
    return found if limit is None else found[:limit]


def _first_new(
    reads: Reads, present: Present, memos: Mapping[str, Memo], deck_id: str, limit: int | None, held: set[str]
) -> list[str]:
    keys = present.new_keys.get(deck_id, ())
    memo = memos.get(deck_id) if keys else None
    return first_new(reads, keys, limit, held, memo, "" if memo is None else present.digest(deck_id))


def new(reads: Reads, present: Present, deck_id: str | None, limit: int | None, held: set[str]) -> list[str]:
    """New keys in deck order; across all decks, one from each deck in turn (round-robin), so a
    shared limit does not drain the first deck. Only the first `limit` of each deck can be among the
    first `limit` of the turns, so no deck is walked further."""
    decks = list(present.new_keys) if deck_id is None else [deck_id]
    memos = reads.memos()
    lists = [_first_new(reads, present, memos, d, limit, held) for d in decks]
    merged = [key for turn in zip_longest(*lists) for key in turn if key is not None]
    return merged if limit is None else merged[:limit]


def queue(
    reads: Reads,
    present: Present,
    today: date,
    deck_id: str | None,
    left: tuple[int, int],
    held: set[str],
    drill_left: int | None = None,
) -> list[str]:
    """Today's queue of a deck (None: all decks): due reviews first, then new cards; `left` is
    (new cards, reviews) still allowed today, `drill_left` the due drill kinds (None: within `left`)."""
    new_left, reviews_left = left
    due_keys = due(reads, present, today, deck_id, reviews_left, held, drill_left)
    return due_keys + new(reads, present, deck_id, new_left, held)


def deck_counts(
    reads: Reads,
    present: Present,
    today: date,
    deck_ids: Sequence[str],
    totals: Mapping[str | None, int],
    left: tuple[int, int],
    held: set[str],
    drill_left: int | None = None,
) -> list[DeckCounts]:
    """'All decks' first, then each deck; `left` is (new cards, reviews) still allowed today,
    `drill_left` the due drill kinds (None: within `left`), and `totals` the item count of each deck
    (None: the new-in-review items of all decks: the cards, drill kinds not counted).

    A deck's Due is what a review session of it would take today; 'All decks' adds up the decks
    (each within the limits), so it is the All-decks session's length."""
    new_left, reviews_left = left
    memos = reads.memos()
    rows = [
        DeckCounts(
            d,
            len(due(reads, present, today, d, reviews_left, held, drill_left)),
            len(_first_new(reads, present, memos, d, new_left, held)),
            totals.get(d, 0),
        )
        for d in deck_ids
    ]
    drills = sum(r.due for r in rows if r.deck_id in present.drill_decks) if drill_left is not None else 0
    cards = sum(r.due for r in rows) - drills
    every = DeckCounts(
        None,
        min(reviews_left, cards) + (min(drill_left, drills) if drill_left is not None else 0),
        min(new_left, sum(r.new for r in rows)),
        totals.get(None, 0),
    )
    return [every, *rows]
