"""Never-reviewed keys: the anti-join over a key list, and each deck's memo of its last walk
(table unseen_memo, kept true by the triggers of migration 0010)."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

import sqlalchemy as sa
import sqlalchemy.orm as so

from engine.counting import MEMO_KEEP, Memo, keys_digest, memo_of
from engine.store.database import Store
from engine.store.models import UnseenMemoRow
from engine.store.sql_text import UNSEEN_SERVER, UNSEEN_SQLITE
from engine.store.writes import run_write


def unseen_query(
    dialect: str, keys: Sequence[str], limit: int | None
) -> tuple[sa.TextClause, dict[str, Any]]:
    """The statement and parameters giving the first `limit` (None: all) of `keys` without a state,
    in order; the keys as one parameter (a JSON array on SQLite, an array on PostgreSQL)."""
    if dialect == "sqlite":
        sql, keys_param = UNSEEN_SQLITE.replace("?", ":keys"), json.dumps(list(keys))
    else:
        sql, keys_param = UNSEEN_SERVER, list(keys)  # type: ignore[assignment]
    params: dict[str, Any] = {"keys": keys_param}
    if limit is not None:
        sql, params["limit"] = f"{sql} LIMIT :limit", limit
    return sa.text(sql), params


def _unseen(conn: sa.Connection | so.Session, keys: Sequence[str], limit: int | None) -> list[str]:
    if not keys:
        return []
    dialect = conn.get_bind().dialect.name if isinstance(conn, so.Session) else conn.dialect.name
    query, params = unseen_query(dialect, keys, limit)
    return [str(key) for key in conn.execute(query, params).scalars()]


def unseen(store: Store, keys: Sequence[str], limit: int | None) -> list[str]:
    """The first `limit` (None: all) of `keys` that have no state, in order: one statement."""
    with store.engine.connect() as conn:
        return _unseen(conn, keys, limit)


def _memo(row: UnseenMemoRow) -> Memo:
    return Memo(row.keys_digest, row.walked, tuple(map(str, row.unseen)))


def memos(store: Store) -> dict[str, Memo]:
    """Every deck's memo, by deck id."""
    with store.reading() as session:
        return {row.deck_id: _memo(row) for row in session.scalars(sa.select(UnseenMemoRow))}


def note_unseen(store: Store, decks: Mapping[str, Sequence[str]], keep: int = MEMO_KEEP) -> int:
    """Walk each deck's keys (id -> its new keys, in order) and keep what was found as its memo, in
    ONE write transaction with the reads; decks whose memo is current and exact are skipped. Each
    memo keeps at most `keep` unseen keys (its walk stops before the next one).
    Returns how many memos were written. StoreError when the database stays busy."""

    def work(session: so.Session) -> int:
        if session.get_bind().dialect.name == "postgresql":
            # The walk below must not miss a state deleted by a concurrent undo. That delete's trigger
            # deletes from unseen_memo (ROW EXCLUSIVE), which conflicts with this lock: an undo that
            # got there first has committed before the lock is granted, and each statement after it
            # (READ COMMITTED) sees its delete; one that comes later waits for our commit, then its
            # DELETE (planned, so locked, before its snapshot is taken) removes what we wrote. The
            # mode conflicts with itself too: two writers of the memo take turns.
            session.execute(sa.text("LOCK TABLE unseen_memo IN SHARE ROW EXCLUSIVE MODE"))
        # SQLite: run_write's transaction is BEGIN IMMEDIATE, no other writer runs until it ends.
        kept = {row.deck_id: row for row in session.scalars(sa.select(UnseenMemoRow))}
        written = 0
        for deck_id, keys in decks.items():
            row = kept.get(deck_id)
            if row is not None and row.keys_digest == keys_digest(keys) and _exact(session, row):
                continue
            memo = memo_of(keys, _unseen(session, keys, keep + 1), keep)
            if row is None:
                row = UnseenMemoRow(deck_id=deck_id)
                session.add(row)
            row.keys_digest, row.walked, row.unseen = memo.keys_digest, memo.walked, list(memo.unseen)
            written += 1
        return written

    return run_write(store, work, attempts=2)  # best effort: a busy database is not waited for long


def _exact(session: so.Session, row: UnseenMemoRow) -> bool:
    """Whether every key the memo calls unseen still is (answers since make it loose, not wrong)."""
    return len(_unseen(session, row.unseen, None)) == len(row.unseen)
