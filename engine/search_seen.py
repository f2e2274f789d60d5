"""Which indexed cards have a state (were ever answered), kept in the search index's `card.seen`
so that is:new is an indexed query: brought up to date before each search from the store's
state_change log (migration 0012) from where it last stopped, or recomputed in full when the index
cannot tell what changed (first use, a deck indexed again, another store, a log that went back)."""

from __future__ import annotations

import sqlite3

_HAS_STATE = "EXISTS (SELECT 1 FROM st.card_state WHERE card_state.card_key = card.key)"
_FULL = (  # a probe of the store's key index per card: no copy of a million keys in memory
    f"UPDATE card SET seen = 1 WHERE seen = 0 AND {_HAS_STATE}",
    f"UPDATE card SET seen = 0 WHERE seen = 1 AND NOT {_HAS_STATE}",
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
        conn.execute("ROLLBACK")
        raise


def _sync(conn: sqlite3.Connection) -> None:
    states = int(conn.execute("SELECT count(*) FROM st.card_state").fetchone()[0])
    if not _has_log(conn):
        _full(conn, "", 0, states)
        return
    store = _store_file(conn)
    last = conn.execute("SELECT store, seq, states FROM seen_sync").fetchone()
    top = int(conn.execute("SELECT coalesce(max(seq), 0) FROM st.state_change").fetchone()[0])
    if last is None or last[0] != store or top < last[1]:
        _full(conn, store, top, states)
        return
    changes = conn.execute(
        "SELECT card_key, seen FROM st.state_change WHERE seq > ? AND seq <= ? ORDER BY seq", (last[1], top)
    ).fetchall()
    expected = last[2] + sum(1 if seen else -1 for _, seen in changes)
    if any(key is None for key, _ in changes) or expected != states:
        _full(conn, store, top, states)
        return
    conn.executemany("UPDATE card SET seen = ? WHERE key = ?", [(int(bool(s)), k) for k, s in changes])
    conn.execute("UPDATE seen_sync SET seq = ?, states = ?", (top, states))


def _full(conn: sqlite3.Connection, store: str, top: int, states: int) -> None:
    for statement in _FULL:
        conn.execute(statement)
    conn.execute("DELETE FROM seen_sync")
    conn.execute("INSERT INTO seen_sync VALUES (1, ?, ?, ?)", (store, top, states))
