"""Dropping from the search index the deck files gone from the disk (deleted, moved, renamed;
another collection's files still there stay): their cards' rows, text and tags, and their deck_file
row last, one chunk of cards per transaction (a search waits for one chunk at most, and a drop
stopped part way goes on at the next sync)."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable

CHUNK = 500
"""Cards dropped per transaction: a search's share (one chunk) costs it ~15 ms (200k cards gone,
load 3: 2000 cost 86 ms); the whole drop ~30 us of CPU per card, in chunks of either size."""
DROPPING = "(dropping)"
"""deck_file's stamp once a file's drop began: it matches no file's stamp, so a file back at that
path before its drop ended is indexed again in full (the rows left of it dropped first)."""

_TAGS = (  # the distinct tags, a seek each: card_tag has no index on id, and a scan reads every row
    "WITH RECURSIVE t(tag) AS (SELECT min(tag) FROM card_tag UNION ALL"
    " SELECT (SELECT min(tag) FROM card_tag WHERE tag > t.tag) FROM t WHERE t.tag IS NOT NULL) "
)
_CHOSEN = "SELECT id FROM card WHERE id BETWEEN ?1 AND ?2 AND +source = ?3"  # +: by the id range
FIRST = "SELECT min(id), max(id), count(*) FROM (SELECT id FROM card WHERE source = ? ORDER BY pos LIMIT ?)"
"""The id range of a source's first cards (a source's ids run with its cards' order)."""
DROPS = (
    f"DELETE FROM card_text WHERE rowid IN ({_CHOSEN})",
    f"{_TAGS}DELETE FROM card_tag WHERE tag IN (SELECT tag FROM t) AND id BETWEEN ?1 AND ?2"
    f" AND id IN ({_CHOSEN})",
    "DELETE FROM card WHERE id BETWEEN ?1 AND ?2 AND +source = ?3",
)
"""A chunk's rows (values: the range's first and last id, the source), each found through the id
range: none reads a whole table, nor all the source's cards."""


def drop_gone(conn: sqlite3.Connection, gone: Iterable[str], chunks: int | None) -> None:
    """Drop these sources' rows: at most `chunks` chunks of cards (None: all of them)."""
    for source in gone:
        while chunks is None or chunks > 0:
            chunks = None if chunks is None else chunks - 1
            if _drop_chunk(conn, source):
                break


def _drop_chunk(conn: sqlite3.Connection, source: str) -> bool:
    """One transaction: the source's first CHUNK cards; True when it has none left (its deck_file
    row dropped with the last)."""
    conn.execute("BEGIN")  # deferred: the attached store is never locked
    try:
        conn.execute("UPDATE deck_file SET stamp = ? WHERE source = ?", (DROPPING, source))
        low, high, count = conn.execute(FIRST, (source, CHUNK)).fetchone()
        if count:
            for statement in DROPS:
                conn.execute(statement, (low, high, source))
        done = count < CHUNK
        if done:
            conn.execute("DELETE FROM deck_file WHERE source = ?", (source,))
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:  # an interrupt may have rolled it back already
            conn.execute("ROLLBACK")
        raise
    return bool(done)
