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

CHUNK = 50_000
"""Cards a full recompute does per transaction (~0.1 s at a million cards): a search stopped meanwhile
loses only the chunk it was in, so a recompute that searches keep interrupting still ends."""
PROGRESS = (
    "CREATE TABLE IF NOT EXISTS seen_full (id INTEGER PRIMARY KEY CHECK (id = 1), store TEXT NOT NULL,"
    " seq INTEGER NOT NULL, states INTEGER NOT NULL, done INTEGER NOT NULL)"
)
"""A full recompute under way: the store, its log's last row and state count when it began, and the
last card id done (created beside an index made before it: no rebuild)."""
RECOMPUTING = "(recomputing)"
"""seen_sync's store while a full recompute is under way. A deck indexed again deletes that row,
and a version of the index without seen_full takes it for another store: either way the recompute
starts over, never goes on over cards that changed."""

_STATE_OF = "FROM st.card_state WHERE card_state.card_key = card.key"
_IN_CHUNK = "id > ? AND id <= ?"
_FULL = (  # a probe of the store's key index per card: no copy of a million keys in memory
    f"UPDATE card SET seen = 1, due = (SELECT due_day {_STATE_OF}) WHERE {_IN_CHUNK}"
    f" AND EXISTS (SELECT 1 {_STATE_OF}) AND (seen = 0 OR due IS NOT (SELECT due_day {_STATE_OF}))",
    f"UPDATE card SET seen = 0, due = NULL WHERE {_IN_CHUNK} AND seen = 1"
    f" AND NOT EXISTS (SELECT 1 {_STATE_OF})",
)


def _has_log(conn: sqlite3.Connection) -> bool:
    found = "SELECT 1 FROM st.sqlite_master WHERE type = 'table' AND name = 'state_change'"
    return conn.execute(found).fetchone() is not None


def _store_file(conn: sqlite3.Connection) -> str:
    return next((str(row[2]) for row in conn.execute("PRAGMA database_list") if row[1] == "st"), "")


def sync_seen(conn: sqlite3.Connection) -> None:
    """Bring `card.seen` in step with the attached store (schema `st`), in transactions that each
    read the store at one moment: one for what the log says changed; a full recompute commits each
    CHUNK of cards, then reads the log on from where it began. A store without the log (a server's
    copy) is recomputed in one transaction each time."""
    while _step(conn):
        pass


def _step(conn: sqlite3.Connection) -> bool:
    """One transaction of the sync; True when there is more to do."""
    conn.execute("BEGIN")
    try:
        more = _sync(conn)
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:  # an interrupt may have rolled it back already
            conn.execute("ROLLBACK")
        raise
    return more


LOG_BOUNDS = bounds_sql("st.state_change")
"""The attached log's first and last row, read without a scan (engine.store.state_log)."""


def _states(conn: sqlite3.Connection) -> int:
    return int(conn.execute("SELECT count(*) FROM st.card_state").fetchone()[0])


def _sync(conn: sqlite3.Connection) -> bool:
    if not _has_log(conn):
        _recompute(conn, 0, int(conn.execute("SELECT coalesce(max(id), 0) FROM card").fetchone()[0]))
        _synced(conn, "", 0, _states(conn))
        return False
    store = _store_file(conn)
    first, top = conn.execute(LOG_BOUNDS).fetchone()
    top = int(top)

    def follows(since: tuple[str, int]) -> bool:  # the log still holds every row after `since`
        return since[0] == store and since[1] <= top and first <= since[1] + 1

    underway = conn.execute(
        "SELECT f.store, f.seq, f.states, f.done FROM seen_full f JOIN seen_sync s ON s.store = ?",
        (RECOMPUTING,),
    ).fetchone()
    if underway is not None and follows(underway[:2]):
        _go_on(conn, *underway)  # no count of the states (~20 ms a chunk at a million)
        return True
    states = _states(conn)
    last = conn.execute("SELECT store, seq, states FROM seen_sync").fetchone()
    if last is None or not follows(last[:2]):
        return _begin_full(conn, store, top, states)
    changes = conn.execute(
        "SELECT card_key, change, due_day FROM st.state_change WHERE seq > ? AND seq <= ? ORDER BY seq",
        (last[1], top),
    ).fetchall()
    expected = (
        last[2] + sum(1 for _, c, _ in changes if c == APPEARED) - sum(1 for _, c, _ in changes if c == WENT)
    )
    if any(key is None for key, _, _ in changes) or expected != states:
        return _begin_full(conn, store, top, states)
    conn.executemany(
        "UPDATE card SET seen = ?, due = ? WHERE key = ?",
        [(int(c != WENT), None if c == WENT else d, k) for k, c, d in changes],
    )
    conn.execute("UPDATE seen_sync SET seq = ?, states = ?", (top, states))
    return False


def _begin_full(conn: sqlite3.Connection, store: str, top: int, states: int) -> bool:
    """Note a full recompute from the store as it is now (its log's last row and state count)."""
    _synced(conn, RECOMPUTING, 0, 0)
    conn.execute("INSERT INTO seen_full VALUES (1, ?, ?, ?, 0)", (store, top, states))
    return True


def _go_on(conn: sqlite3.Connection, store: str, seq: int, states: int, done: int) -> None:
    """The next chunk of a full recompute; after the last, the flags stand as of the log row it began
    at (a chunk read later may be newer: the changes after that row, read next, set them again)."""
    after = conn.execute("SELECT min(id) - 1 FROM card WHERE id > ?", (done,)).fetchone()[0]
    upto = (done if after is None else after) + CHUNK  # ids no card holds (dropped files'): skipped
    _recompute(conn, done, upto)
    if conn.execute("SELECT 1 FROM card WHERE id > ? LIMIT 1", (upto,)).fetchone() is not None:
        conn.execute("UPDATE seen_full SET done = ?", (upto,))
        return
    _synced(conn, store, seq, states)


def _recompute(conn: sqlite3.Connection, after: int, upto: int) -> None:
    """Each card's flag and due day from the store, for card ids in (after, upto]."""
    for statement in _FULL:
        conn.execute(statement, (after, upto))


def _synced(conn: sqlite3.Connection, store: str, seq: int, states: int) -> None:
    conn.execute("DELETE FROM seen_full")
    conn.execute("DELETE FROM seen_sync")
    conn.execute("INSERT INTO seen_sync VALUES (1, ?, ?, ?)", (store, seq, states))
