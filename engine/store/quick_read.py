"""Reads of a SQLite collection with the standard library only, for commands that would otherwise load
the ORM (and migrate) just to learn there is nothing for them to write. Never writes; when in doubt
it answers None and the caller asks the store."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable

from engine.store.preflight import StoreError, read_revision, ro_uri, sqlite_file
from engine.store.revisions import HEAD

CHUNK = 500
"""Deck ids a query names at most (SQLite's bound parameters are limited)."""


def holds_marks(db: str, deck_ids: Iterable[str]) -> bool | None:
    """Whether the collection at `db` holds a mark row (suspended, buried, flagged, leech, lapses) of
    a card of these decks; False when there is no collection file yet. None when this cannot say
    without the store: a server, a schema other than this build's (a migration is due), a file that
    cannot be read."""
    path = sqlite_file(db)
    if path is None:
        return None
    if not path.exists():
        return False
    try:
        if read_revision(path, writable=False, quick_check=False) != HEAD:
            return None
        conn = sqlite3.connect(ro_uri(path), uri=True)
    except (StoreError, sqlite3.Error, OSError):
        return None
    try:
        ids = sorted(set(deck_ids))
        for start in range(0, len(ids), CHUNK):
            chunk = ids[start : start + CHUNK]
            query = f"SELECT 1 FROM card_mark WHERE deck_id IN ({', '.join('?' * len(chunk))}) LIMIT 1"
            if conn.execute(query, chunk).fetchone() is not None:
                return True
        return False
    except sqlite3.Error:
        return None
    finally:
        conn.close()
