"""What one answer asks of SQLite, counted (not timed): a card answered before is read, updated and
logged, a new one read, inserted and logged, in one BEGIN IMMEDIATE transaction; a card shown is one
SELECT of its state and mark with no BEGIN around it; no statement scans a table; and after the
rehearsal (engine.store.rehearsal) the first answers, a lapse and a drill attempt compile nothing:
each statement was prepared once (engine.store.prepared) or comes from SQLAlchemy's cache."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from sqlalchemy.engine.default import CACHE_HIT

from engine.answers import Verdict
from engine.app import Grade, Study, StudyItem
from engine.app.errors import AppError
from engine.fsrs_scheduler import REVIEW, FsrsState
from engine.sm2 import CardState
from engine.store import prepared, repo
from engine.store.attempts import StoredAttempt
from engine.store.database import Store, StoreError, open_store
from engine.store.marks import Mark, read_mark
from engine.store.models import CardMarkRow, CardStateRow

NOW = datetime(2026, 3, 2, 15, tzinfo=UTC)
KEYS = ["d/seen", "d/lapse", "d/new", "k/kind"]


def _study(tmp_path: Path) -> Study:
    store = open_store(tmp_path / "flopcards.db")
    with store.sessions.begin() as session:
        for key in ("d/seen", "d/lapse"):  # in review, due today
            row = CardStateRow(card_key=key, deck_id="d")
            repo.set_state(row, CardState(repetitions=3, interval_days=6, due=NOW.date()))
            session.add(row)
    items = [StudyItem(k, k.split("/")[0], new_in_review=not k.startswith("k/")) for k in KEYS]
    return Study(store, items, now=lambda: NOW)


@contextmanager
def _statements(study: Study | Store) -> Iterator[list[tuple[str, Any, Any]]]:
    """(SQL, parameters, cache hit or miss) of each statement SQLAlchemy sends meanwhile."""
    sent: list[tuple[str, Any, Any]] = []

    def record(_conn: Any, _cursor: Any, sql: str, params: Any, context: Any, _many: bool) -> None:
        sent.append((sql, params, getattr(context, "cache_hit", None)))

    engine = study.engine if isinstance(study, Store) else study.store.engine
    sa.event.listen(engine, "before_cursor_execute", record)
    try:
        yield sent
    finally:
        sa.event.remove(engine, "before_cursor_execute", record)


@contextmanager
def _ran(study: Study | Store) -> Iterator[list[str]]:
    """What SQLite itself ran meanwhile, its parameters written in (BEGIN and COMMIT included):
    the hot statements go to the driver's cursor, past SQLAlchemy's events."""
    ran: list[str] = []
    engine = study.engine if isinstance(study, Store) else study.store.engine

    def trace(dbapi_conn: Any, *_args: Any) -> None:
        if isinstance(dbapi_conn, sqlite3.Connection):
            dbapi_conn.set_trace_callback(ran.append)

    def untrace(dbapi_conn: Any, *_args: Any) -> None:
        if isinstance(dbapi_conn, sqlite3.Connection):
            dbapi_conn.set_trace_callback(None)

    sa.event.listen(engine.pool, "checkout", trace)
    sa.event.listen(engine.pool, "checkin", untrace)
    try:
        yield ran
    finally:
        ran[:] = [sql for at, sql in enumerate(ran) if not at or ran[at - 1] != sql]  # a trigger's run
        sa.event.remove(engine.pool, "checkout", trace)
        sa.event.remove(engine.pool, "checkin", untrace)


def _verbs(ran: list[str]) -> list[str]:
    return [" ".join(sql.split()[:3]) for sql in ran]


def test_an_answer_is_three_statements_in_one_transaction_and_none_scans(tmp_path: Path) -> None:
    study = _study(tmp_path)
    with _ran(study) as seen:
        study.answer("d/seen", Grade.WELL, 2.0)
    assert _verbs(seen) == [
        "BEGIN IMMEDIATE",
        "SELECT card_state.card_key, card_state.deck_id,",
        "UPDATE card_state SET",
        "INSERT INTO review_log",
        "COMMIT",
    ]
    with _ran(study) as new:
        study.answer("d/new", Grade.WELL, 2.0)
    assert _verbs(new) == [
        "BEGIN IMMEDIATE",
        "SELECT card_state.card_key, card_state.deck_id,",
        "INSERT INTO card_state",
        "INSERT INTO review_log",
        "COMMIT",
    ]
    with study.store.engine.connect() as conn:
        for sql in [*seen[1:-1], *new[1:-1]]:
            plan = " ".join(str(row[-1]) for row in conn.exec_driver_sql(f"EXPLAIN QUERY PLAN {sql}"))
            assert "SCAN" not in plan, f"{sql}: {plan}"
    assert repo.load_state(study.store, "d/new").repetitions == 1  # committed
    study.store.close()


def test_showing_a_card_is_one_select_and_sqlite_runs_nothing_else(tmp_path: Path) -> None:
    study = _study(tmp_path)
    session = study.session(None)
    with _ran(study) as ran:  # BEGIN and ROLLBACK included
        current = session.current()
    assert current is not None and current.key == "d/seen"
    assert _verbs(ran) == ["SELECT card_state.card_key AS"]
    assert current.outcomes[Grade.WELL] is not None and not current.mark.suspended
    study.store.close()


def test_the_one_read_gives_each_cards_state_and_mark_by_key_on_both_backends(db_url: str) -> None:
    """As the separate reads of the state and the mark: a card with both, one only marked (no
    state), one never answered nor marked; each table searched by its primary key, never scanned."""
    store = open_store(db_url)
    fsrs = FsrsState(stability=3.5, difficulty=5.0, phase=REVIEW, step=None, last_review=NOW)
    with store.sessions.begin() as session:
        row = CardStateRow(card_key="d/seen", deck_id="d")
        state = CardState(repetitions=3, interval_days=6, due=NOW.date(), last_review=NOW, fsrs=fsrs)
        repo.set_state(row, state)
        session.add(row)
        session.add(CardMarkRow(card_key="d/seen", deck_id="d", flagged=True, lapses=2))
        session.add(CardMarkRow(card_key="d/held", deck_id="d", suspended=True, buried_until=NOW.date()))
    with _statements(store) as sent, _ran(store) as ran:
        shown = {key: repo.load_shown(store, key) for key in ("d/seen", "d/held", "d/new")}
    if store.dialect == "sqlite":  # run on the driver's cursor: its parameters written in
        sent = [(sql, (), None) for sql in ran]
    assert shown == {key: (repo.load_state(store, key), read_mark(store, key)) for key in shown}
    assert shown["d/new"] == (CardState(), Mark())
    assert shown["d/held"] == (CardState(), Mark(suspended=True, buried_until=NOW.date()))
    state, mark = shown["d/seen"]
    assert (state.repetitions, state.last_review, state.fsrs) == (3, NOW, fsrs)
    assert mark == Mark(flagged=True, lapses=2)
    assert len(sent) == 3, "one statement per card shown"
    with store.engine.connect() as conn:
        sql, params, _ = sent[0]
        if store.dialect == "sqlite":
            plan = [str(row[-1]) for row in conn.exec_driver_sql(f"EXPLAIN QUERY PLAN {sql}", params)]
            tables = [step for step in plan if "card_" in step]
            assert all(step.startswith("SEARCH") and "(card_key=?)" in step for step in tables), plan
        else:
            conn.exec_driver_sql("SET enable_seqscan = off")  # tiny tables: the plan the index allows
            plan = [str(row[0]) for row in conn.exec_driver_sql(f"EXPLAIN {sql}", params)]
            tables = [step for step in plan if " on card_" in step]
            assert all("Index Scan using card_" in step for step in tables), plan
        assert len(tables) == 2 and "Seq Scan" not in " ".join(plan), plan
    store.close()


def test_after_the_rehearsal_the_first_answers_compile_nothing(tmp_path: Path) -> None:
    study = _study(tmp_path)
    prepared._PREPARED.clear()  # as in a new process
    study.rehearse()
    ready = dict(prepared._PREPARED)
    attempt = StoredAttempt(
        kind="kind", seed=1, params={"b": 2}, given="3 GB", verdict=Verdict.WRONG, expected=2.0, unit="GB",
        relative_error=0.5, seconds=4.0, timed_out=False, grade=1, attempted_at=NOW, study_day=NOW.date(),
    )  # fmt: skip
    with _statements(study) as sent:
        study.shown("d/seen")
        study.answer("d/seen", Grade.WELL, 2.0)
        study.answer("d/new", Grade.WELL, 2.0)
        lapse = study.answer("d/lapse", Grade.BLACKOUT, 2.0, at=study.moment())
        study.answer("k/kind", Grade.BARELY, 4.0, attempt=attempt)
    assert lapse.mark is not None and lapse.mark.after.lapses == 1, "the lapse was counted"
    assert [sql for sql, _, hit in sent if not sql.startswith("BEGIN") and hit is not CACHE_HIT] == []
    assert len([sql for sql, _, _ in sent if "card_mark" in sql]) == 2  # the lapse: read, write
    assert len(ready) == 5 and ready == prepared._PREPARED, "shown, read, insert, update, log: prepared once"
    study.store.close()


def test_a_lapse_adds_one_mark_read_and_write_and_a_leech_is_suspended(tmp_path: Path) -> None:
    study = _study(tmp_path)
    study.limits = type(study.limits)(**{**study.limits.__dict__, "leech_lapses": 1})
    with _statements(study) as sent:
        applied = study.answer("d/lapse", Grade.BLACKOUT, 2.0)
    verbs = _verbs([sql for sql, _, _ in sent])
    assert verbs[-2:] == ["SELECT card_mark.card_key, card_mark.deck_id,", "INSERT INTO card_mark"]
    assert applied.mark is not None and applied.mark.after.leech and study.mark("d/lapse").suspended
    study.store.close()


def test_a_first_answer_raced_by_another_client_is_redone_from_its_state(pg_url: str) -> None:
    """PostgreSQL (SQLite's BEGIN IMMEDIATE admits no other writer): another client inserts the new
    card between this answer's read and its insert; the insert fails, the transaction is redone and
    schedules from that client's state, once."""
    study = Study(open_store(pg_url), [StudyItem("d/new", "d")], now=lambda: NOW)
    other = open_store(pg_url)
    raced: list[str] = []

    def insert_first(_conn: Any, _cursor: Any, sql: str, *_args: Any) -> None:
        if sql.startswith("INSERT INTO card_state") and not raced:
            raced.append(sql)
            with other.sessions.begin() as session:
                row = CardStateRow(card_key="d/new", deck_id="d")
                repo.set_state(row, CardState(repetitions=3, interval_days=6, due=NOW.date()))
                session.add(row)

    sa.event.listen(study.store.engine, "before_cursor_execute", insert_first)
    applied = study.answer("d/new", Grade.WELL, 2.0)
    assert raced and applied.record.before.repetitions == 3 and not applied.record.was_new
    assert repo.load_state(other, "d/new") == applied.record.after
    assert [entry.record for entry in repo.review_log(other, "d/new")] == [applied.record]
    study.store.close()
    other.close()


def test_the_rehearsed_statements_run_and_leave_nothing_on_both_backends(db_url: str) -> None:
    """Study.rehearse swallows store errors (best effort): here they would fail the test."""
    from engine.store.rehearsal import rehearse_answer

    store = open_store(db_url)
    rehearse_answer(store)
    with store.engine.connect() as conn:
        for table in ("card_state", "review_log", "card_mark", "drill_attempt", "review_day", "state_change"):
            assert conn.exec_driver_sql(f"SELECT count(*) FROM {table}").scalar_one() == 0, table
    store.close()


def test_a_card_shown_from_a_moved_file_is_refused_as_an_answer_is(tmp_path: Path) -> None:
    """The read run alone checks the file as a transaction's BEGIN does."""
    study = _study(tmp_path)
    assert repo.load_shown(study.store, "d/seen")[0].repetitions == 3
    (tmp_path / "flopcards.db").rename(tmp_path / "moved.db")
    with pytest.raises(StoreError, match="moved or removed"):
        repo.load_shown(study.store, "d/seen")
    with pytest.raises(AppError):  # the answer's own message (tests/tui/test_faults_sqlite.py)
        study.answer("d/seen", Grade.WELL, 2.0)
    study.store.close()
