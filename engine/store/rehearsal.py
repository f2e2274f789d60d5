"""A rehearsed answer: the statements of showing and answering a card (a first answer, a later one,
a lapse, a drill attempt) run in a transaction that is rolled back, so that the first real answer
finds SQLAlchemy's statements compiled and SQLite's schema read (at start they cost more than the
answer itself). Nothing it writes stays; on SQLite it then starts the write-ahead log (a commit
of page 1 as it was), which the first answer's commit would otherwise do."""

from __future__ import annotations

import contextlib
from datetime import UTC, datetime

import sqlalchemy as sa

from engine import sm2
from engine.answers import Verdict
from engine.sm2 import CardState, ReviewRecord
from engine.store import answer_rows
from engine.store.attempts import StoredAttempt
from engine.store.database import Store
from engine.store.repo import load_shown
from engine.store.writes import run_write_core

KEY = "flopcards-rehearsal/answer"
"""A key no deck can hold (a deck id has no '/'; this one is never committed either)."""


class _RolledBack(Exception):
    """Ends the rehearsal's transaction: run_write_core rolls it back."""


def rehearse_answer(store: Store) -> None:
    """Read a state and a mark as showing a card does, answer KEY twice (its state inserted, then
    updated), count a lapse and store a drill attempt, then roll it all back. Raises what the store
    raises (a busy or read-only database): callers treat it as best effort."""
    load_shown(store, KEY)
    now = datetime.now(UTC)
    deck = KEY.split("/")[0]

    def schedule(state: CardState) -> tuple[CardState, ReviewRecord]:
        return sm2.review(state, 4, now=now, today=now.date())

    def work(conn: sa.Connection) -> None:
        answer_rows.write_answer(conn, KEY, deck, schedule, 1.0)
        answer_rows.write_answer(conn, KEY, deck, schedule, 1.0)
        answer_rows.add_lapse(conn, KEY, deck, leech_at=8)
        answer_rows.add_lapse(conn, KEY, deck, leech_at=8)
        answer_rows.insert_attempt(conn, _attempt(now))
        raise _RolledBack

    with contextlib.suppress(_RolledBack):
        run_write_core(store, work, attempts=1)
    if store.dialect == "sqlite":
        run_write_core(store, _start_wal, attempts=1)


def _start_wal(conn: sa.Connection) -> None:
    """Commit page 1 unchanged: SQLite writes and syncs a new write-ahead log's header with the
    first commit after an open (the last close removed the log), which made the first answer's
    commit cost about twice the next one's. The header is the same value written back."""
    version = conn.exec_driver_sql("PRAGMA user_version").scalar_one()
    conn.exec_driver_sql(f"PRAGMA user_version = {int(version)}")


def _attempt(now: datetime) -> StoredAttempt:
    return StoredAttempt(
        kind=KEY,
        seed=0,
        params={},
        given="1",
        verdict=Verdict.CORRECT,
        expected=1.0,
        unit="",
        relative_error=0.0,
        seconds=1.0,
        timed_out=False,
        grade=4,
        attempted_at=now,
        study_day=now.date(),
    )
