"""Opening the real SQLite file: create, reopen, upgrade with a backup, refuse what is not ours."""

from __future__ import annotations

import sqlite3
from datetime import UTC, date, datetime
from pathlib import Path

import pytest
from alembic import command
from alembic.config import Config
from alembic.script import ScriptDirectory

from engine.sm2 import CardState, review
from engine.store import repo
from engine.store.database import MIGRATIONS_DIR, StoreError, open_store
from engine.store.revisions import HEAD, REVISIONS

pytestmark = pytest.mark.real_migration  # these tests watch Alembic migrate new files

NOW = datetime(2026, 3, 2, 15, 0, tzinfo=UTC)


def alembic_config() -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    return config


def test_revisions_constant_matches_alembic_history() -> None:
    script = ScriptDirectory.from_config(alembic_config())
    history = [rev.revision for rev in reversed(list(script.walk_revisions()))]
    assert tuple(history) == REVISIONS
    assert script.get_current_head() == HEAD


def answer_one(store, key: str, grade: int) -> CardState:
    after, record = review(CardState(), grade, now=NOW, today=date(2026, 3, 2))
    repo.save_answer(store, card_key=key, deck_id=key.split("/")[0], record=record, seconds=3.5)
    return after


def test_answer_close_reopen_same_state(db_path: Path) -> None:
    store = open_store(db_path)
    after = answer_one(store, "deck/a", 4)
    store.close()
    reopened = open_store(db_path)
    assert repo.load_state(reopened, "deck/a") == after
    (logged,) = repo.review_log(reopened)
    assert logged.grade == 4 and logged.seconds == 3.5 and logged.record.after == after
    assert reopened.backup is None
    reopened.close()


def test_wal_mode_is_on(store, db_path: Path) -> None:
    with store.engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"


def test_upgrade_from_empty_file(db_path: Path) -> None:
    db_path.touch()
    store = open_store(db_path)
    with sqlite3.connect(db_path) as conn:
        (version,) = conn.execute("SELECT version_num FROM alembic_version").fetchone()
    assert version == HEAD
    store.close()


@pytest.mark.skipif(len(REVISIONS) < 2, reason="needs an older revision to upgrade from")
def test_upgrade_from_older_schema_keeps_data_and_backs_up(db_path: Path) -> None:
    import sqlalchemy as sa

    engine = sa.create_engine(f"sqlite:///{db_path}")
    config = alembic_config()
    with engine.begin() as conn:
        config.attributes["connection"] = conn
        command.upgrade(config, REVISIONS[0])
        conn.exec_driver_sql(
            "INSERT INTO card_state VALUES ('d/x', 'd', 1, 260, 1, '2026-03-03', NULL, NULL, 0)"
        )
    engine.dispose()
    store = open_store(db_path, now=NOW)
    assert store.backup is not None and store.backup.exists()
    assert repo.load_state(store, "d/x").ef_centi == 260
    with sqlite3.connect(store.backup) as conn:
        (old,) = conn.execute("SELECT version_num FROM alembic_version").fetchone()
    assert old == REVISIONS[0]
    store.close()


def test_newer_schema_is_refused_untouched(db_path: Path) -> None:
    store = open_store(db_path)
    store.close()
    with sqlite3.connect(db_path) as conn:
        conn.execute("UPDATE alembic_version SET version_num = '9999_from_the_future'")
    before = db_path.read_bytes()
    with pytest.raises(StoreError, match="newer"):
        open_store(db_path)
    assert db_path.read_bytes() == before
    assert not list(db_path.parent.glob("*.backup-*"))


def test_not_a_database_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "notes.db"
    path.write_text("these are my notes, not a database\n")
    with pytest.raises(StoreError, match="not an SQLite database"):
        open_store(path)
    assert path.read_text() == "these are my notes, not a database\n"


def test_foreign_sqlite_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "other.db"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE invoices (id INTEGER)")
    with pytest.raises(StoreError, match="not a flopcards database"):
        open_store(path)


def test_sqlalchemy_url_is_accepted(tmp_path: Path) -> None:
    store = open_store(f"sqlite:///{tmp_path / 'url.db'}")
    answer_one(store, "d/y", 5)
    assert repo.seen_keys(store) == {"d/y"}
    store.close()
