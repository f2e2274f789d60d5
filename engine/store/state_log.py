"""Keeps the state_change log (migration 0012) bounded: the day's check drops all but its latest rows.

Its only readers are search indexes, each reading on from the last row it saw (engine.search_seen);
one that stopped before the cut finds the gap and recomputes in full, so nothing it needs is lost.
A server keeps no log (migration 0013), so there is nothing to prune there.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

KEEP_ROWS = 50_000
"""Rows kept: about 100 days of 500 answers a day (~47 bytes each, ~2.3 MB); an index further behind
recomputes its seen flags and due days (seconds at a million cards) instead of reading them."""


def bounds_sql(table: str = "state_change") -> str:
    """The log's first and last seq (0 and 0 when empty), one subquery each: SQLite reads a lone
    min() or max() off the primary key's end but scans the whole log for both in one SELECT (~20 ms
    a search at 100k cards). `table`: as the connection names it ('st.state_change' when attached)."""
    return f"SELECT coalesce((SELECT min(seq) FROM {table}), 0), coalesce((SELECT max(seq) FROM {table}), 0)"


def prune(path: Path) -> int:
    """Drop the rows of the SQLite file at `path` older than its latest KEEP_ROWS; how many went.

    A file that cannot be written now (busy, full, read-only) keeps them until the next day's try."""
    conn = sqlite3.connect(path, isolation_level=None, timeout=5.0)
    try:
        found = "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'state_change'"
        if conn.execute(found).fetchone() is None:
            return 0
        first, top = conn.execute(bounds_sql()).fetchone()
        if top - KEEP_ROWS < first:
            return 0  # nothing to drop: no write, no lock taken
        conn.execute("BEGIN IMMEDIATE")
        gone = conn.execute("DELETE FROM state_change WHERE seq <= ?", (top - KEEP_ROWS,)).rowcount
        conn.execute("COMMIT")
        return int(gone)
    except sqlite3.OperationalError:  # the transaction, if begun, is rolled back by close()
        return 0
    finally:
        conn.close()
