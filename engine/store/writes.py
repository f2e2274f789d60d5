"""Write transactions that survive other clients: row-level upserts, and retries on conflict."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any, TypeVar

import sqlalchemy as sa
import sqlalchemy.orm as so

from engine.sm2 import CardState
from engine.store.answer_rows import state_values
from engine.store.database import Store
from engine.store.models import CardStateRow
from engine.store.preflight import StoreError

T = TypeVar("T")
ATTEMPTS = 8
_PG_RETRY = {"40001", "40P01", "23505"}
"""PostgreSQL: serialization failure, deadlock, unique violation (a racing insert): safe to redo."""


def _transient(error: sa.exc.DBAPIError) -> bool:
    sqlstate = getattr(error.orig, "sqlstate", None)
    if sqlstate is not None:
        return str(sqlstate) in _PG_RETRY
    text = str(error.orig).lower()
    return "locked" in text or "busy" in text or "unique constraint failed" in text


def run_write(store: Store, work: Callable[[so.Session], T], attempts: int = ATTEMPTS) -> T:
    """Run `work` in one write transaction; redo it when another client held or changed the rows.

    A write that still conflicts after every attempt is reported (StoreError), never dropped silently.
    """
    return _retried(store.sessions.begin, work, attempts)


def run_write_core(store: Store, work: Callable[[sa.Connection], T], attempts: int = ATTEMPTS) -> T:
    """run_write on a Core connection (no ORM session: the answer's hot path)."""
    return _retried(store.writer.begin, work, attempts)


def _retried(begin: Callable[[], AbstractContextManager[Any]], work: Callable[[Any], T], attempts: int) -> T:
    for attempt in range(attempts):
        try:
            with begin() as transaction:
                return work(transaction)
        except (sa.exc.OperationalError, sa.exc.IntegrityError) as error:
            if not _transient(error):
                raise
            if attempt == attempts - 1:
                raise StoreError(
                    f"the database stayed busy ({error.orig}); this answer was not saved, answer it again"
                ) from error
            time.sleep(min(1.0, 0.02 * 2**attempt) * (0.5 + random.random()))
    raise AssertionError("unreachable")


def locked_row(session: so.Session, card_key: str, deck_id: str) -> tuple[CardStateRow, bool]:
    """The card's state row, created if missing, locked for this transaction; (row, was it created).

    The insert is an upsert that does nothing when another client created the row first, and the
    row is then read FOR UPDATE (PostgreSQL; SQLite's BEGIN IMMEDIATE already holds the file lock).
    """
    dialect = session.get_bind().dialect.name
    insert: Any
    if dialect == "postgresql":
        from sqlalchemy.dialects.postgresql import insert
    elif dialect == "sqlite":
        from sqlalchemy.dialects.sqlite import insert
    else:  # pragma: no cover - other servers: plain read, conflicts retried by run_write
        insert = None
    created = False
    if insert is not None:
        values = {"card_key": card_key, "deck_id": deck_id, **state_values(CardState())}
        result = session.execute(
            insert(CardStateRow).values(**values).on_conflict_do_nothing(index_elements=["card_key"])
        )
        created = bool(getattr(result, "rowcount", 0))
    query = sa.select(CardStateRow).where(CardStateRow.card_key == card_key).with_for_update()
    row = session.scalars(query.execution_options(populate_existing=True)).one_or_none()
    if row is None:
        row = CardStateRow(card_key=card_key, deck_id=deck_id, **state_values(CardState()))
        session.add(row)
        created = True
    return row, created
