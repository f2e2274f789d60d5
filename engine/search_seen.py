"""Which indexed cards have a state (were ever answered) and their due day, kept in the search
index's `card.seen` and `card.due` so that is:new and due: are indexed queries: brought up to date
before each search from the store's state_change log (migration 0012) from where it last stopped,
or recomputed in full when the index cannot tell what changed (first use, a deck indexed again,
another store, a log that went back or was pruned past it)."""

from __future__ import annotations

import sqlite3

from engine.store.state_log import bounds_sql

WENT, APPEARED = 0, 1
"""state_change.change: a state row went or appeared (2: its due day changed)."""

_STATE_OF = "FROM st.card_state WHERE card_state.card_key = card.key"
_FULL = (  # a probe of the store's key index per card: no copy of a million keys in memory
    f"UPDATE card SET seen = 1, due = (SELECT due_day {_STATE_OF}) WHERE EXISTS (SELECT 1 {_STATE_OF})"
    f" AND (seen = 0 OR due IS NOT (SELECT due_day {_STATE_OF}))",
    f"UPDATE card SET seen = 0, due = NULL WHERE seen = 1 AND NOT EXISTS (SELECT 1 {_STATE_OF})",
)


def _has_log(conn: sqlite3.Connection) -> bool:
    found = "SELECT 1 FROM st.sqlite_master WHERE type = 'table' AND name = 'state_change'"
    return conn.execute(found).fetchone() is not None


def _store_file(conn: sqlite3.Connection) -> str:
    return next((str(row[2]) for row in conn.execute("PRAGMA database_list") if row[1] == "st"), "")


def sync_seen(conn: sqlite3.Connection) -> None:
    """Bring `card.seen` in step with the attached store (schema `st`), in one transaction that
    reads the store at one moment; a store without the log (a server's copy) is recomputed each time."""
    conn.execute("BEGIN")
    try:
        _sync(conn)
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:  # an interrupt may have rolled it back already
            conn.execute("ROLLBACK")
        raise


LOG_BOUNDS = bounds_sql("st.state_change")
"""The attached log's first and last row, read without a scan (engine.store.state_log)."""


def _sync(conn: sqlite3.Connection) -> None:
    states = int(conn.execute("SELECT count(*) FROM st.card_state").fetchone()[0])
    if not _has_log(conn):
        _full(conn, "", 0, states)
        return
    store = _store_file(conn)
    last = conn.execute("SELECT store, seq, states FROM seen_sync").fetchone()
    first, top = conn.execute(LOG_BOUNDS).fetchone()
    top = int(top)
    # rows after the last one read were pruned (engine.store.state_log): what changed is not known
    if last is None or last[0] != store or top < last[1] or first > last[1] + 1:
        _full(conn, store, top, states)
        return
    changes = conn.execute(
        "SELECT card_key, change, due_day FROM st.state_change WHERE seq > ? AND seq <= ? ORDER BY seq",
        (last[1], top),
    ).fetchall()
    expected = (
        last[2] + sum(1 for _, c, _ in changes if c == APPEARED) - sum(1 for _, c, _ in changes if c == WENT)
    )
    if any(key is None for key, _, _ in changes) or expected != states:
        _full(conn, store, top, states)
        return
    conn.executemany(
        "UPDATE card SET seen = ?, due = ? WHERE key = ?",
        [(int(c != WENT), None if c == WENT else d, k) for k, c, d in changes],
    )
    conn.execute("UPDATE seen_sync SET seq = ?, states = ?", (top, states))


def _full(conn: sqlite3.Connection, store: str, top: int, states: int) -> None:
    for statement in _FULL:
        conn.execute(statement)
    conn.execute("DELETE FROM seen_sync")
    conn.execute("INSERT INTO seen_sync VALUES (1, ?, ?, ?)", (store, top, states))
