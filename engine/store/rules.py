"""The due, held and day-total rules, each one SQL text: the store runs them through SQLAlchemy (any
database), the start-up path through the standard library's sqlite3 (stdlib only: no SQLAlchemy here).

Parameters are named (`:today`), which sqlite3 and SQLAlchemy's text() both bind; `run` decides how a
date is bound (the store as a typed date, sqlite3 as its ISO text: the same text in an SQLite file).
`:yes` is a bound True: 1 in SQLite, so the partial index `repeat_today = 1` serves the same-day
repeats (a literal TRUE would scan the table), and true in PostgreSQL, whose booleans take no 1.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from datetime import date
from typing import Any

from engine.counting import DayTotals

Run = Callable[[str, Mapping[str, object]], Iterable[Sequence[Any]]]
"""Executes one rule's text with its parameters and gives its rows."""

SCHEDULED = "due_day <= :today"
"""Due by schedule: on or before the study day."""
REPEATED = "repeat_today = :yes AND last_day = :today"
"""Due again: failed earlier the same study day (a same-day repeat)."""
REPEATED_INDEX_WHERE = "repeat_today = 1"
"""The partial index (SQLite) REPEATED is read through: a bound True matches it, a literal TRUE not."""
DUE = f"({SCHEDULED} OR {REPEATED})"
"""The due rule (of card_state): what a review of :today takes, before limits and held cards."""

SUSPENDED = "suspended = :yes"
SUSPENDED_KEYS = f"SELECT card_key FROM card_mark WHERE {SUSPENDED}"
BURIED = "buried_until > :today"
"""Buried until a later day (a card buried today comes back the next study day)."""
HELD_KEYS = f"{SUSPENDED_KEYS} OR {BURIED}"
"""The held rule: cards kept out of sessions and counts on :today (suspended, or buried)."""

SCHEDULED_ANSWER = "NOT was_new AND NOT same_day_repeat"
"""An answer (of review_log) to an item already in review: what the daily review limit counts."""


def _in(column: str, name: str, count: int) -> str:
    """`column IN (:name0, ...)` over `count` parameters (never true for none)."""
    if count == 0:
        return "1 = 0"
    if count == 1:
        return f"{column} = :{name}0"
    return f"{column} IN ({', '.join(f':{name}{i}' for i in range(count))})"


def _named(name: str, values: Sequence[str]) -> dict[str, object]:
    return {f"{name}{i}": value for i, value in enumerate(values)}


def due_queries(deck_count: int | None, limited: bool) -> tuple[str, str]:
    """(scheduled, repeated) keys due on :today, of `deck_count` decks (:deck0...; None: all); the
    scheduled ones oldest first (at most :limit when `limited`): the index on due_day serves both the
    range and the order, so a big backlog costs no more than the cards asked for."""
    decks = "" if deck_count is None else f" AND {_in('deck_id', 'deck', deck_count)}"
    scheduled = f"SELECT card_key FROM card_state WHERE {SCHEDULED}{decks} ORDER BY due_day"
    repeated = f"SELECT card_key FROM card_state WHERE {REPEATED}{decks}"
    return scheduled + (" LIMIT :limit" if limited else ""), repeated


def due_keys(run: Run, today: date, deck_ids: Sequence[str] | None, limit: int | None) -> list[str]:
    """Keys due on `today` (of these decks; None: all): scheduled ones oldest first (at most `limit`),
    then the same-day repeats not among them."""
    scheduled, repeated = due_queries(None if deck_ids is None else len(deck_ids), limit is not None)
    params = {"today": today, "yes": True, "limit": limit, **_named("deck", deck_ids or ())}
    keys = [str(key) for (key,) in run(scheduled, params)]
    seen = set(keys)
    return keys + [str(key) for (key,) in run(repeated, params) if key not in seen]


def held_keys(run: Run, today: date) -> set[str]:
    """Cards kept out of sessions and counts on `today`."""
    return {str(key) for (key,) in run(HELD_KEYS, {"today": today, "yes": True})}


def day_totals_query(drill_count: int) -> str:
    """What was answered on :today: all answers, then new and scheduled answers of the cards, then of
    the drill kinds (the items of `drill_count` decks, :drill0...)."""
    drill = _in("deck_id", "drill", drill_count)

    def count(condition: str) -> str:
        return f"coalesce(sum(CASE WHEN {condition} THEN 1 ELSE 0 END), 0)"

    counts = [
        count(f"was_new AND NOT ({drill})"),
        count(f"{SCHEDULED_ANSWER} AND NOT ({drill})"),
        count(f"was_new AND ({drill})"),
        count(f"{SCHEDULED_ANSWER} AND ({drill})"),
    ]
    return f"SELECT count(id), {', '.join(counts)} FROM review_log WHERE study_day = :today"


def day_totals(run: Run, day: date, drill_decks: Collection[str] = ()) -> DayTotals:
    """Counts of what was answered on one study day, the cards apart from the drill kinds."""
    decks = sorted(drill_decks)
    (row,) = run(day_totals_query(len(decks)), {"today": day, **_named("drill", decks)})
    return DayTotals(*(int(value) for value in row))
