"""The statements of showing and answering one card, in SQLAlchemy Core and built once: the ORM's
unit of work cost several times SQLite's own work per answer (engine.store.repo.apply_answer); on
SQLite they run on the driver's cursor (engine.store.prepared)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

import sqlalchemy as sa

from engine import sm2
from engine.fsrs_scheduler import REVIEW, FsrsState
from engine.sm2 import CardState, ReviewRecord
from engine.store import prepared
from engine.store.attempts import StoredAttempt, attempt_values
from engine.store.models import CardMarkRow, CardStateRow, DrillAttemptRow, ReviewRow
from engine.store.values import Mark

_STATE: sa.Table = CardStateRow.__table__  # type: ignore[assignment]
_LOG: sa.Table = ReviewRow.__table__  # type: ignore[assignment]
_MARK: sa.Table = CardMarkRow.__table__  # type: ignore[assignment]
_ATTEMPT: sa.Table = DrillAttemptRow.__table__  # type: ignore[assignment]

READ_STATE = sa.select(_STATE).where(_STATE.c.card_key == sa.bindparam("key"))
LOCK_STATE = READ_STATE.with_for_update()
"""The state row, locked for the transaction (PostgreSQL; SQLite's BEGIN IMMEDIATE holds the file)."""
INSERT_STATE = sa.insert(_STATE)
UPDATE_STATE = sa.update(_STATE).where(_STATE.c.card_key == sa.bindparam("key"))
INSERT_LOG = sa.insert(_LOG)
INSERT_ATTEMPT = sa.insert(_ATTEMPT)
READ_MARK = sa.select(_MARK).where(_MARK.c.card_key == sa.bindparam("key"))
LOCK_MARK = READ_MARK.with_for_update()
INSERT_MARK = sa.insert(_MARK)
UPDATE_MARK = sa.update(_MARK).where(_MARK.c.card_key == sa.bindparam("key"))
_SHOWN = sa.select(sa.bindparam("key", type_=_STATE.c.card_key.type).label("card_key")).subquery("shown")
READ_SHOWN = sa.select(
    _STATE.c.card_key.label("state_key"),
    *(column for column in _STATE.c if column.name not in ("card_key", "deck_id")),
    _MARK.c.card_key.label("mark_key"),
    *(column for column in _MARK.c if column.name not in ("card_key", "deck_id")),
).select_from(
    _SHOWN.outerjoin(_STATE, _STATE.c.card_key == _SHOWN.c.card_key).outerjoin(
        _MARK, _MARK.c.card_key == _SHOWN.c.card_key
    )
)
"""A card's state and mark in one statement: its key as a one-row table, each left-joined on its
primary key (a card never answered nor marked gives one row of NULLs)."""


def to_state(row: Any) -> CardState:
    """A card_state row (ORM or Core) as a state, its interval and due day clamped to the ceiling
    (an older database)."""
    return sm2.clamped(
        CardState(
            repetitions=row.repetitions,
            ef_centi=row.ef_centi,
            interval_days=row.interval_days,
            due=row.due_day,
            last_review=row.last_review_at,
            last_day=row.last_day,
            repeat_today=row.repeat_today,
            fsrs=FsrsState.from_dict(row.fsrs) if row.fsrs else None,
        )
    )


def state_values(state: CardState) -> dict[str, Any]:
    """The card_state columns a state sets (not the key, not the deck)."""
    return {
        "repetitions": state.repetitions,
        "ef_centi": state.ef_centi,
        "interval_days": state.interval_days,
        "due_day": state.due,
        "last_review_at": state.last_review,
        "last_day": state.last_day,
        "repeat_today": state.repeat_today,
        "fsrs": state.fsrs.to_dict() if state.fsrs is not None else None,
    }


def to_mark(row: Any) -> Mark:
    if row is None:
        return Mark()
    return Mark(row.suspended, row.buried_until, row.flagged, row.leech, row.lapses)


def read_state(conn: sa.Connection, key: str) -> CardState:
    """The card's state, or a new card's when it has none."""
    row = conn.execute(READ_STATE, {"key": key}).first()
    return CardState() if row is None else to_state(row)


def read_mark(conn: sa.Connection, key: str) -> Mark:
    return to_mark(conn.execute(READ_MARK, {"key": key}).first())


def read_shown(conn: sa.Connection, key: str) -> tuple[CardState, Mark]:
    """The card's state and mark (a new card's, none) from one statement: each statement through
    SQLAlchemy costs about as much Python as SQLite's whole read."""
    return shown_of(prepared.first(conn, READ_SHOWN, {"key": key}))


def shown_of(row: Any) -> tuple[CardState, Mark]:
    """READ_SHOWN's row as the card's state and mark."""
    assert row is not None  # the key's one-row table, left-joined
    state = CardState() if row.state_key is None else to_state(row)
    return state, to_mark(None if row.mark_key is None else row)


@dataclass(frozen=True)
class Written:
    """What one answer's statements wrote."""

    log_id: int
    record: ReviewRecord
    attempt_id: int | None
    mark: tuple[Mark, Mark] | None
    """The card's mark before and after the lapse this answer counted, if it was one."""


def write_answer(
    conn: sa.Connection,
    key: str,
    deck_id: str,
    schedule: Callable[[CardState], tuple[CardState, ReviewRecord]],
    seconds: float,
    attempt: StoredAttempt | None = None,
    leech_at: int | None = None,
) -> Written:
    """In an open write transaction: lock the card's state, schedule from it, write the new state
    and its log row (the attempt, a lapse); a first answer inserts the state. Three statements for
    a card answered before (read, update, log). Another client inserting the same new card first
    fails the insert: the caller's transaction is retried (engine.store.writes.run_write)."""
    found = prepared.first(conn, LOCK_STATE, {"key": key})
    _, record = schedule(CardState() if found is None else to_state(found))
    values = state_values(record.after)
    if found is None:
        prepared.execute(conn, INSERT_STATE, {"card_key": key, "deck_id": deck_id, **values})
    else:
        prepared.execute(conn, UPDATE_STATE, {"key": key, **values})
    log_id = prepared.insert(conn, INSERT_LOG, log_values(key, deck_id, record, seconds))
    attempt_id = None if attempt is None else insert_attempt(conn, attempt)
    mark = None if leech_at is None or not is_lapse(record) else add_lapse(conn, key, deck_id, leech_at)
    return Written(log_id, record, attempt_id, mark)


def log_values(key: str, deck_id: str, record: ReviewRecord, seconds: float) -> dict[str, Any]:
    """The review_log columns of one answer (the ORM's re-apply path writes the same)."""
    return {
        "card_key": key,
        "deck_id": deck_id,
        "reviewed_at": record.reviewed_at,
        "study_day": record.study_day,
        "grade": record.grade,
        "seconds": round(float(seconds), 3),
        "same_day_repeat": record.same_day_repeat,
        "was_new": record.was_new,
        "state_before": record.before.to_dict(),
        "state_after": record.after.to_dict(),
    }


def insert_attempt(conn: sa.Connection, attempt: StoredAttempt) -> int:
    """Write a drill attempt's row; its id."""
    return _new_id(conn.execute(INSERT_ATTEMPT, attempt_values(attempt)))


def _new_id(result: sa.CursorResult[Any]) -> int:
    key = result.inserted_primary_key
    assert key is not None
    return int(key[0])


def in_review(state: CardState) -> bool:
    """Past its first steps: FSRS's Review phase when it holds FSRS memory, else SM-2 repetitions."""
    if state.fsrs is not None and not state.fsrs.is_new:
        return state.fsrs.phase == REVIEW
    return state.repetitions > 0


def is_lapse(record: ReviewRecord) -> bool:
    """A failed scheduled review of a card in review (not new, not a same-day repeat)."""
    return record.grade < 3 and not record.was_new and not record.same_day_repeat and in_review(record.before)


def add_lapse(conn: sa.Connection, key: str, deck_id: str, leech_at: int) -> tuple[Mark, Mark]:
    """Count one lapse on the card's mark; at `leech_at` lapses it is tagged leech and suspended.
    (mark before, mark after)."""
    found = conn.execute(LOCK_MARK, {"key": key}).first()
    before = to_mark(found)
    after = replace(before, lapses=before.lapses + 1)
    if after.lapses >= leech_at and not before.leech:
        after = replace(after, leech=True, suspended=True)
    values = {
        "suspended": after.suspended,
        "buried_until": after.buried_until,
        "flagged": after.flagged,
        "leech": after.leech,
        "lapses": after.lapses,
    }
    if found is None:
        conn.execute(INSERT_MARK, {"card_key": key, "deck_id": deck_id, **values})
    else:
        conn.execute(UPDATE_MARK, {"key": key, **values})
    return before, after
