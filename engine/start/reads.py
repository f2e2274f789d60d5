"""Read-only store reads with the standard library's sqlite3, for the counts painted at start-up.

The same queries as engine.store.repo's (a test holds the two to the same answers on one file).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Collection, Sequence
from datetime import date
from pathlib import Path
from types import TracebackType

from engine.counting import DayTotals, Memo
from engine.store.preflight import ro_uri
from engine.store.sql_text import UNSEEN_SQLITE


class QuickReads:
    """engine.counting.Reads (plus held cards, day totals and the revision) over a read-only file."""

    def __init__(self, path: Path) -> None:
        self.conn = sqlite3.connect(ro_uri(path), uri=True, timeout=1, check_same_thread=False)

    def __enter__(self) -> QuickReads:
        # the `with` block is one read transaction: its counts read one snapshot (a memo and the
        # states it describes, even beside an undo committing meanwhile)
        self.conn.execute("BEGIN")
        return self

    def __exit__(self, *_: type[BaseException] | BaseException | TracebackType | None) -> None:
        self.conn.close()

    def revision(self) -> str | None:
        row = self.conn.execute("SELECT version_num FROM alembic_version").fetchone()
        return None if row is None else str(row[0])

    def due_keys(self, today: date, deck_id: str | None, limit: int) -> list[str]:
        day = today.isoformat()
        deck = "" if deck_id is None else " AND deck_id = ?"
        args: tuple[object, ...] = () if deck_id is None else (deck_id,)
        scheduled = self.conn.execute(
            f"SELECT card_key FROM card_state WHERE due_day <= ?{deck} ORDER BY due_day LIMIT ?",
            (day, *args, limit),
        ).fetchall()
        keys = [key for (key,) in scheduled]
        seen = set(keys)
        repeats = self.conn.execute(
            f"SELECT card_key FROM card_state WHERE repeat_today = 1 AND last_day = ?{deck}", (day, *args)
        ).fetchall()
        return keys + [key for (key,) in repeats if key not in seen]

    def unseen(self, keys: Sequence[str], limit: int | None) -> list[str]:
        rows = self.conn.execute(
            UNSEEN_SQLITE + ("" if limit is None else " LIMIT ?"),
            (json.dumps(list(keys)), *(() if limit is None else (limit,))),
        )
        return [key for (key,) in rows]

    def memos(self) -> dict[str, Memo]:
        rows = self.conn.execute("SELECT deck_id, keys_digest, walked, unseen FROM unseen_memo")
        return {
            deck: Memo(digest, int(walked), tuple(json.loads(unseen)))
            for deck, digest, walked, unseen in rows
        }

    def held(self, today: date) -> set[str]:
        rows = self.conn.execute(
            "SELECT card_key FROM card_mark WHERE suspended = 1 OR buried_until > ?", (today.isoformat(),)
        )
        return {key for (key,) in rows}

    def day_totals(self, day: date, drill_decks: Collection[str] = ()) -> DayTotals:
        decks = sorted(drill_decks)
        drill = f"deck_id IN ({', '.join('?' * len(decks))})" if decks else "0"
        scheduled = "NOT was_new AND NOT same_day_repeat"
        row = self.conn.execute(
            "SELECT count(id),"
            f" coalesce(sum(CASE WHEN was_new AND NOT ({drill}) THEN 1 ELSE 0 END), 0),"
            f" coalesce(sum(CASE WHEN {scheduled} AND NOT ({drill}) THEN 1 ELSE 0 END), 0),"
            f" coalesce(sum(CASE WHEN was_new AND ({drill}) THEN 1 ELSE 0 END), 0),"
            f" coalesce(sum(CASE WHEN {scheduled} AND ({drill}) THEN 1 ELSE 0 END), 0)"
            " FROM review_log WHERE study_day = ?",
            (*decks, *decks, *decks, *decks, day.isoformat()),
        ).fetchone()
        return DayTotals(*(int(value) for value in row))
