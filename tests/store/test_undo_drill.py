"""Undoing a due drill's answer in the review takes back its drill_attempt row too (one transaction)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from drills.attempts import DRILL_DECK, Attempt, attempts, drill_key
from tests.store.test_app_layer import services_at


def count(db: Path, table: str) -> int:
    with sqlite3.connect(db) as conn:
        return int(conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0])


def test_undo_of_a_due_drill_removes_its_attempt(tmp_path: Path, clock) -> None:
    services = services_at(tmp_path, clock)
    db = tmp_path / "f.db"
    try:
        drill = services.drill("kv-cache", 1)
        services.record_drill(Attempt(drill, "", None, 130.0, 120.0))  # timed out: due tomorrow
        clock.advance(days=1)
        session = services.study.session(DRILL_DECK)
        current = session.current()
        assert current is not None and current.key == drill_key("kv-cache")
        shown = current.prompt.subject
        typed = f"{shown.expected:.6g} {shown.unit}"
        services.answer_review_drill(session, typed, services.check_drill(shown, typed), 10.0)
        assert (count(db, "drill_attempt"), count(db, "review_log")) == (2, 2)

        assert session.undo() == drill_key("kv-cache")
        assert (count(db, "drill_attempt"), count(db, "review_log")) == (1, 1)
        (left,) = attempts(services.store)
        assert left.timed_out and left.given == ""  # the earlier attempt stays
    finally:
        services.close()
