"""Damaged and foreign SQLite files: refused with a clear message, checked, salvaged; backups."""

from __future__ import annotations

import sqlite3
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest
import sqlalchemy as sa

from engine.sm2 import CardState, review
from engine.store import repo
from engine.store.database import StoreError, make_engine, open_store, upgrade
from engine.store.models import CardStateRow, ReviewRow
from tui.cli import main as cli_main

NOW = datetime(2026, 3, 2, 15, 0, tzinfo=UTC)
TODAY = date(2026, 3, 2)
REVIEWS = 2000


def _filled(path: Path) -> None:
    """REVIEWS answers over 500 cards, written in bulk (the answer path itself is tested elsewhere)."""
    store = open_store(path)
    after, record = review(CardState(), 4, now=NOW, today=TODAY)
    states, logs = [], []
    for i in range(REVIEWS):
        key = f"d/c{i % 500}"
        logs.append(
            ReviewRow(
                card_key=key,
                deck_id="d",
                reviewed_at=NOW,
                study_day=TODAY,
                grade=4,
                seconds=1.0 + i,
                same_day_repeat=False,
                was_new=i < 500,
                state_before=CardState().to_dict(),
                state_after=after.to_dict(),
            )
        )
        if i < 500:
            row = CardStateRow(card_key=key, deck_id="d")
            repo._write_state(row, record.after)
            states.append(row)
    with store.sessions.begin() as session:
        session.add_all(states + logs)
    store.close()


def _rows(path: Path, table: str) -> dict[int, tuple[object, ...]]:
    with sqlite3.connect(path) as conn:
        return {row[0]: row for row in conn.execute(f"SELECT rowid, * FROM {table}")}


def _zero_a_leaf_of(path: Path, table: str) -> None:
    """Overwrite one data page of `table` (a child of its interior root) with zeros."""
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        (root,) = conn.execute("SELECT rootpage FROM sqlite_master WHERE name = ?", (table,)).fetchone()
        (size,) = conn.execute("PRAGMA page_size").fetchone()
    data = bytearray(path.read_bytes())
    page = data[(root - 1) * size : root * size]
    assert page[0] == 0x05, "the table must span several pages"
    cells = int.from_bytes(page[3:5], "big")
    pointer = int.from_bytes(page[12 + 2 * (cells // 2) : 14 + 2 * (cells // 2)], "big")
    child = int.from_bytes(page[pointer : pointer + 4], "big")
    data[(child - 1) * size : child * size] = bytes(size)
    path.write_bytes(bytes(data))


@pytest.fixture
def damaged(tmp_path: Path) -> tuple[Path, Path, dict[int, tuple[object, ...]]]:
    """A database with a backup, then one review_log page zeroed: (file, backup, rows before)."""
    path = tmp_path / "flopcards.db"
    _filled(path)
    assert cli_main(["--db", str(path), "db", "backup"]) == 0
    (backup,) = (tmp_path / "backups").glob("flopcards-manual-*.db")
    before = _rows(path, "review_log")
    _zero_a_leaf_of(path, "review_log")
    return path, backup, before


def test_damaged_page_message_check_and_recover(damaged, capsys: pytest.CaptureFixture[str]) -> None:
    path, backup, before = damaged
    tmp_path = path.parent
    with pytest.raises(StoreError) as raised:
        open_store(path)
    message = str(raised.value)
    assert "is damaged" in message and str(backup) in message and "db recover" in message
    assert "\n" not in message
    capsys.readouterr()
    assert cli_main(["--db", str(path), "db", "check"]) == 1
    assert "is damaged" in capsys.readouterr().err

    recovered = tmp_path / "recovered.db"
    assert cli_main(["--db", str(path), "db", "recover", "--to", str(recovered)]) == 0
    assert f"recovered into {recovered}" in capsys.readouterr().out
    salvaged = _rows(recovered, "review_log")
    assert REVIEWS - 100 < len(salvaged) < REVIEWS, "all but the zeroed page"
    assert all(before[rowid] == row for rowid, row in salvaged.items())
    store = open_store(recovered)
    assert len(repo.seen_keys(store)) == 500 and len(repo.review_log(store)) == len(salvaged)
    store.close()
    assert cli_main(["--db", str(recovered), "db", "check"]) == 0


def test_backup_while_another_instance_writes_is_consistent(tmp_path: Path) -> None:
    path = tmp_path / "flopcards.db"
    _filled(path)
    writer = sqlite3.connect(path, isolation_level=None)
    writer.execute("BEGIN IMMEDIATE")
    writer.execute("DELETE FROM review_log WHERE id > 10")  # not committed while the backup runs
    target = tmp_path / "copy.db"
    assert cli_main(["--db", str(path), "db", "backup", "--to", str(target)]) == 0
    writer.execute("ROLLBACK")
    writer.close()
    assert len(_rows(target, "review_log")) == REVIEWS
    assert cli_main(["--db", str(target), "db", "check"]) == 0


def test_daily_backups_are_kept_for_the_set_number_of_days(tmp_path: Path) -> None:
    path = tmp_path / "flopcards.db"
    for day in range(6):
        open_store(path, now=NOW + timedelta(days=day), backup_days=3).close()
        open_store(path, now=NOW + timedelta(days=day, hours=1), backup_days=3).close()  # once a day
    kept = sorted(p.name for p in (tmp_path / "backups").iterdir())
    assert kept == ["flopcards-2026-03-05.db", "flopcards-2026-03-06.db", "flopcards-2026-03-07.db"]


def test_the_whole_file_check_runs_once_a_day_before_the_days_copy(tmp_path: Path) -> None:
    """A page damaged after the day's check passes the day's later opens (SQLite still refuses to
    read it) and is found by the next day's first open, before its copy replaces a good one."""
    path = tmp_path / "flopcards.db"
    _filled(path)
    open_store(path, now=NOW, backup_days=3).close()  # checked, then the day's copy taken
    _zero_a_leaf_of(path, "review_log")
    open_store(path, now=NOW + timedelta(hours=1), backup_days=3).close()
    with pytest.raises(StoreError, match="is damaged"):
        open_store(path, now=NOW + timedelta(days=1), backup_days=3)
    assert sorted(p.name for p in (tmp_path / "backups").iterdir()) == ["flopcards-2026-03-02.db"]
    with pytest.raises(StoreError, match="is damaged"):
        open_store(path, now=NOW + timedelta(hours=1))  # no daily copies: checked at every open


def _flopcards_file(path: Path) -> None:
    open_store(path).close()


@pytest.mark.parametrize(
    "disguise",
    [
        "DROP TABLE flopcards_meta",
        "UPDATE flopcards_meta SET value = 'someone-else'",
        "UPDATE alembic_version SET version_num = '0002_drill_attempts'; CREATE TABLE invoices (id INTEGER)",
        "UPDATE alembic_version SET version_num = '0001_initial'; DROP TABLE review_log",
        "UPDATE alembic_version SET version_num = 'ae1038f2c'; DROP TABLE flopcards_meta",
    ],
)
def test_look_alike_foreign_database_is_refused_untouched(tmp_path: Path, disguise: str) -> None:
    path = tmp_path / "other.db"
    _flopcards_file(path)
    conn = sqlite3.connect(path)
    conn.executescript(disguise)
    conn.close()
    before = path.read_bytes()
    with pytest.raises(StoreError, match="not a flopcards database"):
        open_store(path)
    assert path.read_bytes() == before
    wal = tmp_path / "other.db-wal"
    assert not wal.exists() or wal.stat().st_size == 0, (
        "nothing written (a reader may leave SQLite's side files)"
    )
    assert {p.name for p in tmp_path.iterdir()} <= {"other.db", "other.db-wal", "other.db-shm"}, "no backup"


def test_leftover_table_of_an_old_killed_migration_is_replaced(tmp_path: Path) -> None:
    """An older build committed CREATE TABLE drill_attempt before stamping: such files open now."""
    path = tmp_path / "flopcards.db"
    engine = make_engine(f"sqlite:///{path}")
    upgrade(engine, "0001_initial")
    with engine.begin() as conn:
        conn.execute(sa.text("CREATE TABLE drill_attempt (id INTEGER PRIMARY KEY)"))
    engine.dispose()
    store = open_store(path)
    with store.engine.connect() as conn:
        assert "attempted_at" in {c["name"] for c in sa.inspect(conn).get_columns("drill_attempt")}
    store.close()


def test_review_rows_hold_utc(tmp_path: Path) -> None:
    path = tmp_path / "flopcards.db"
    _filled(path)
    store = open_store(path)
    with store.sessions() as session:
        row = session.scalars(sa.select(ReviewRow).limit(1)).one()
    assert row.reviewed_at == NOW and row.reviewed_at.tzinfo == UTC
    store.close()


def test_backup_days_setting_reaches_the_app(tmp_path: Path) -> None:
    """The setting is read from the file; the app's day's check then keeps that many copies
    (tests/tui/test_daily_check_screen.py: the copy made by the running app)."""
    from engine.settings import load_settings

    settings_file = tmp_path / "settings.toml"
    settings_file.write_text(f'backup_days = 2\ndb = "{tmp_path / "flopcards.db"}"\n')
    settings, problems = load_settings(settings_file)
    assert problems == [] and settings.backup_days == 2
    settings_file.write_text("backup_days = -1\n")
    assert "backup_days" in load_settings(settings_file)[1][0].message


def test_a_file_not_a_database_past_its_header_is_damaged_a_locked_one_is_not(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SQLite's own codes decide, not words in its message: a file whose header says SQLite and whose
    rest is noise (SQLITE_NOTADB, 'file is not a database') is damaged, so the message names the
    backups and `db recover`; a file another program holds exclusively (SQLITE_BUSY) cannot be read
    just now, which says nothing of it."""
    import random

    from engine.store import preflight

    noise = tmp_path / "noise.db"
    noise.write_bytes(preflight.SQLITE_MAGIC + random.Random(7).randbytes(8192))
    with pytest.raises(StoreError, match=r"is damaged \(file is not a database\).*db recover"):
        preflight.read_revision(noise, quick_check=False)

    monkeypatch.setattr(preflight, "_BUSY_WAIT", 0.0)  # the lock is held all along
    held = tmp_path / "held.db"
    holder = sqlite3.connect(held, isolation_level=None)
    holder.execute("CREATE TABLE t (x)")
    holder.execute("PRAGMA locking_mode=EXCLUSIVE")
    holder.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(StoreError, match=r"^cannot read the database at .*: database is locked$"):
            preflight.read_revision(held, quick_check=False)
    finally:
        holder.close()
