"""The same store behaviour on an SQLite file and on a real PostgreSQL server, and copies between them."""

from __future__ import annotations

import itertools
import multiprocessing
import random
import sys
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest
import sqlalchemy as sa

from engine.sm2 import CardState, review
from engine.store import repo
from engine.store.copy import copy_collection, review_log_checksum
from engine.store.database import StoreError, make_engine, open_store, upgrade
from engine.store.preflight import POSTGRES_EXTRA
from engine.store.revisions import HEAD, REVISIONS
from tui.cli import main as cli_main

NOW = datetime(2026, 3, 2, 23, 30, tzinfo=UTC)
TODAY = date(2026, 3, 2)


def answer(store, key: str, grade: int, now: datetime = NOW) -> int:
    state = repo.load_state(store, key)
    _, record = review(state, grade, now=now, today=TODAY)
    return repo.save_answer(store, card_key=key, deck_id=key.split("/")[0], record=record, seconds=2.25)


def test_answer_reopen_same_state_and_utc_times(db_url: str) -> None:
    store = open_store(db_url)
    answer(store, "d/a", 4)
    answer(store, "d/a", 2, NOW + timedelta(days=1))
    expected = repo.load_state(store, "d/a")
    store.close()
    reopened = open_store(db_url)
    assert repo.load_state(reopened, "d/a") == expected
    first, second = repo.review_log(reopened, "d/a")
    assert first.record.reviewed_at == NOW and first.record.reviewed_at.tzinfo == UTC
    assert first.record.study_day == TODAY and second.record.before == first.record.after
    assert repo.due_keys(reopened, expected.due) == ["d/a"]
    # both answers fall on TODAY (the helper's study day): the second is a same-day repeat, logged only
    assert second.record.same_day_repeat
    assert repo.day_totals(reopened, TODAY) == repo.DayTotals(reviews=2, new_cards=1, scheduled_reviews=0)
    reopened.close()


def test_undo_restores_the_state_and_drops_the_log_row(db_url: str) -> None:
    store = open_store(db_url)
    answer(store, "d/a", 5)
    middle = repo.load_state(store, "d/a")
    log_id = answer(store, "d/a", 1, NOW + timedelta(days=1))
    assert repo.undo_answer(store, log_id) == "d/a"
    assert repo.load_state(store, "d/a") == middle and len(repo.review_log(store)) == 1
    assert repo.undo_answer(store, repo.review_log(store)[0].id) == "d/a"
    assert repo.load_state(store, "d/a") == CardState() and repo.seen_keys(store) == set()
    store.close()


def test_undo_of_a_card_answered_again_elsewhere_is_refused(db_url: str) -> None:
    laptop = open_store(db_url)
    desktop = open_store(db_url)
    log_id = answer(laptop, "d/a", 5)
    answer(desktop, "d/a", 4, NOW + timedelta(days=1))
    kept = repo.load_state(desktop, "d/a")
    with pytest.raises(StoreError, match="answered again since"):
        repo.undo_answer(laptop, log_id)
    assert repo.load_state(laptop, "d/a") == kept and len(repo.review_log(laptop)) == 2
    laptop.close()
    desktop.close()


@pytest.mark.real_migration  # an empty database: Alembic creates or migrates its schema
def test_migration_from_the_first_schema_keeps_the_rows(db_url: str) -> None:
    engine = make_engine(_url(db_url))
    upgrade(engine, REVISIONS[0])
    with engine.begin() as conn:
        conn.execute(
            sa.text("INSERT INTO card_state VALUES ('d/x', 'd', 1, 260, 1, '2026-03-03', NULL, NULL, false)")
        )
    engine.dispose()
    store = open_store(db_url, now=NOW)
    assert repo.load_state(store, "d/x").ef_centi == 260
    with store.engine.connect() as conn:
        assert conn.execute(sa.text("SELECT version_num FROM alembic_version")).scalar_one() == HEAD
    answer(store, "d/x", 5)
    assert len(repo.review_log(store)) == 1
    store.close()


def _url(db: str) -> str:
    return db if "://" in db else f"sqlite:///{db}"


def test_models_match_migrations(db_url: str) -> None:
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    from engine.store.models import Base

    store = open_store(db_url)
    with store.engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), Base.metadata)
    assert diff == []
    store.close()


def _answer_worker(url: str, keys: list[str], rounds: int, seed: int) -> None:
    store = open_store(url)
    rng = random.Random(seed)
    for round_ in range(rounds):
        for key in rng.sample(keys, len(keys)):
            answer(store, key, rng.randint(0, 5), NOW + timedelta(seconds=round_))
    store.close()


@pytest.mark.real_migration  # an empty database: Alembic creates or migrates its schema
def test_two_processes_answering_the_same_cards_lose_nothing(db_url: str) -> None:
    """Both start on an empty database (both create the schema), then answer the same cards."""
    keys = [f"d/c{i}" for i in range(12)]
    context = multiprocessing.get_context("fork")
    workers = [context.Process(target=_answer_worker, args=(db_url, keys, 4, seed)) for seed in (1, 2)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(120)
    assert [w.exitcode for w in workers] == [0, 0]
    store = open_store(db_url)
    log = repo.review_log(store)
    assert len(log) == 2 * 4 * len(keys)
    for key in keys:  # every answer applied on top of the one before it: as if one device answered all
        chain = [entry.record for entry in log if entry.card_key == key]
        assert chain[0].before == CardState()
        assert all(b.before == a.after for a, b in itertools.pairwise(chain))
        assert repo.load_state(store, key) == chain[-1].after
    store.close()


def test_copy_sqlite_to_postgresql_and_back_keeps_the_review_log(tmp_path: Path, pg_url: str) -> None:
    source = tmp_path / "laptop.db"
    store = open_store(source)
    for i in range(30):
        answer(store, f"d/c{i % 7}", i % 6, NOW + timedelta(minutes=i))
    log, checksum = repo.review_log(store), review_log_checksum(store)
    store.close()
    assert cli_main(["db", "copy", str(source), pg_url]) == 0
    back = tmp_path / "back.db"
    report = copy_collection(pg_url, back)
    assert report.review_log_sha256 == checksum and report.rows["review_log"] == 30
    server = open_store(pg_url)
    answer(server, "d/new", 4)  # ids continue after the copied ones
    assert repo.review_log(server)[-1].id == 31
    server.close()
    returned = open_store(back)
    assert repo.review_log(returned) == log
    returned.close()


def test_copy_into_a_database_with_data_is_refused(tmp_path: Path, pg_url: str, capsys) -> None:
    store = open_store(pg_url)
    answer(store, "d/a", 3)
    store.close()
    source = tmp_path / "s.db"
    open_store(source).close()
    assert cli_main(["db", "copy", str(source), pg_url]) == 2
    assert "already holds data" in capsys.readouterr().err


@pytest.mark.real_migration  # an empty database: Alembic creates or migrates its schema
def test_foreign_server_database_is_refused_untouched(pg_url: str) -> None:
    engine = sa.create_engine(pg_url)
    with engine.begin() as conn:
        conn.execute(sa.text("CREATE TABLE invoices (id integer)"))
    with pytest.raises(StoreError, match="not a flopcards database"):
        open_store(pg_url)
    assert sa.inspect(engine).get_table_names() == ["invoices"]
    engine.dispose()


def test_missing_driver_names_the_extra(monkeypatch, capsys) -> None:
    monkeypatch.setitem(sys.modules, "psycopg", None)
    with pytest.raises(StoreError) as raised:
        open_store("postgresql+psycopg://someone@/flopcards")
    assert str(raised.value) == POSTGRES_EXTRA
    assert cli_main(["--db", "postgresql://someone@/flopcards"]) == 2
    assert capsys.readouterr().err.strip() == f"flopcards: error: {POSTGRES_EXTRA}"


def test_unseen_keys_and_deck_counts_agree_on_both_backends(db_url: str) -> None:
    from engine.app import Study, StudyItem

    store = open_store(db_url)
    keys = [f"d/c{i:03d}" for i in range(30)]
    for key in keys[::3]:
        answer(store, key, 4)
    assert repo.unseen(store, keys, None) == [k for i, k in enumerate(keys) if i % 3]
    assert repo.unseen(store, keys, 4) == ["d/c001", "d/c002", "d/c004", "d/c005"]
    assert repo.unseen(store, [], None) == []
    study = Study(store, [StudyItem(k, "d") for k in keys], now=lambda: NOW)
    every, deck = study.counts(["d"])
    assert (deck.new, deck.total, every.new) == (10, 30, 10)  # 20 a day, 10 taken today
    assert study.session("d").queue == [k for i, k in enumerate(keys) if i % 3][:10]
    store.close()
