"""Read-only store reads with the standard library's sqlite3, for the counts painted at start-up.

The due, held and day-total rules are engine.store.rules' texts, which the store runs too (a test holds
the two to the same answers on one file).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Collection, Iterable, Mapping, Sequence
from datetime import date
from pathlib import Path
from types import TracebackType
from typing import Any

from engine.counting import DayTotals, Memo
from engine.store import rules
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

    def _run(self, sql: str, params: Mapping[str, object]) -> Iterable[Sequence[Any]]:
        """One rule's text (engine.store.rules), dates bound as the ISO text the store keeps."""
        bound = {name: v.isoformat() if isinstance(v, date) else v for name, v in params.items()}
        return self.conn.execute(sql, bound).fetchall()

    def due_keys(self, today: date, deck_id: str | None, limit: int) -> list[str]:
        return rules.due_keys(self._run, today, None if deck_id is None else [deck_id], limit)

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
        return rules.held_keys(self._run, today)

    def day_totals(self, day: date, drill_decks: Collection[str] = ()) -> DayTotals:
        return rules.day_totals(self._run, day, drill_decks)
