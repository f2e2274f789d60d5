"""The first open of a day: the integrity check and the day's copy run after the store is open (the
app: after its home shows), answers go on meanwhile, and a damaged file found that way refuses every
later write with the recover message and never replaces or drops a good backup."""

from __future__ import annotations

import hashlib
import threading
from datetime import timedelta
from pathlib import Path

import pytest
import sqlalchemy as sa

from engine.app.daily import check_today
from engine.faults import FaultKind
from engine.sm2 import CardState, review
from engine.store import repo
from engine.store.database import StoreError, open_store
from engine.store.models import CardStateRow
from tests.store.test_damage import NOW, TODAY, _filled, _zero_a_leaf_of


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _write_one(path: Path, key: str) -> None:
    """One write transaction, as an answer takes it (BEGIN IMMEDIATE on the writer sessions)."""
    store = open_store(path, now=NOW, defer_daily=True)
    try:
        with store.sessions.begin() as session:
            row = CardStateRow(card_key=key, deck_id="d")
            repo._write_state(row, review(CardState(), 4, now=NOW, today=TODAY)[1].after)
            session.add(row)
    finally:
        store.close()


def _states(path: Path) -> int:
    store = open_store(path, now=NOW, defer_daily=True)
    try:
        with store.reading() as session:
            return int(session.scalar(sa.select(sa.func.count()).select_from(CardStateRow)) or 0)
    finally:
        store.close()


def test_a_deferred_open_checks_and_copies_nothing_until_the_days_check_runs(tmp_path: Path) -> None:
    path = tmp_path / "flopcards.db"
    _filled(path)
    backups = tmp_path / "backups"
    open_store(path, now=NOW, backup_days=3, defer_daily=True).close()
    assert not backups.exists()
    assert check_today(str(path), 3, NOW) is None
    assert [p.name for p in backups.iterdir()] == ["flopcards-2026-03-02.db"]
    copy = backups / "flopcards-2026-03-02.db"
    made = copy.stat().st_mtime_ns
    assert check_today(str(path), 3, NOW + timedelta(hours=2)) is None  # once a day
    assert copy.stat().st_mtime_ns == made
    assert check_today("postgresql://u@localhost/x", 3, NOW) is None  # a server checks itself


def test_answers_are_written_while_the_days_check_holds_its_copy(tmp_path: Path) -> None:
    path = tmp_path / "flopcards.db"
    _filled(path)
    before = _states(path)
    held, release = threading.Event(), threading.Event()

    def hold() -> None:
        held.set()
        assert release.wait(30)

    results: list[object] = []
    worker = threading.Thread(target=lambda: results.append(check_today(str(path), 3, NOW, before_copy=hold)))
    worker.start()
    try:
        assert held.wait(30), "the check did not reach the copy"
        _write_one(path, "d/written-during-the-check")  # does not wait for the check or the copy
    finally:
        release.set()
        worker.join(30)
    assert results == [None]
    assert _states(path) == before + 1
    assert (tmp_path / "backups" / "flopcards-2026-03-02.db").exists()


def test_a_file_found_damaged_refuses_writes_and_keeps_the_good_backup(tmp_path: Path) -> None:
    path = tmp_path / "flopcards.db"
    _filled(path)
    assert check_today(str(path), 3, NOW - timedelta(days=1)) is None  # yesterday: sound, copied
    (good,) = (tmp_path / "backups").iterdir()
    kept = _digest(good)
    _zero_a_leaf_of(path, "review_log")

    store = open_store(path, now=NOW, backup_days=3, defer_daily=True)  # opens: the check comes later
    store.close()
    problem = check_today(str(path), 3, NOW)
    assert problem is not None and problem.kind is FaultKind.DAMAGED
    assert "is damaged" in problem.message and str(good) in problem.message
    assert "db recover" in problem.message and "\n" not in problem.message
    assert [p.name for p in (tmp_path / "backups").iterdir()] == [good.name]  # no copy of a damaged file
    assert _digest(good) == kept
    with pytest.raises(StoreError, match="is damaged"):
        _write_one(path, "d/after-the-check")  # every later write of this process is refused
    assert check_today(str(path), 3, NOW + timedelta(days=5)) is not None  # still no copy, none dropped
    assert [p.name for p in (tmp_path / "backups").iterdir()] == [good.name]


def test_a_copy_that_cannot_be_made_says_why_and_that_the_next_start_tries_again(tmp_path: Path) -> None:
    """Where the copies go is taken by a file (a user's, a sync tool's): the check passed, the copy
    failed; the notice names the OS's reason, not a database that cannot be reached."""
    path = tmp_path / "flopcards.db"
    open_store(path, now=NOW, defer_daily=True).close()
    (tmp_path / "backups").write_text("not a folder")
    problem = check_today(str(path), 3, NOW)
    assert problem is not None and "\n" not in problem.message
    assert problem.message.startswith("Today's backup copy was not made ([Errno 17] File exists: ")
    assert problem.message.endswith("); flopcards tries again at the next start")
    (tmp_path / "backups").unlink()
    assert check_today(str(path), 3, NOW) is None  # the next start's try
    assert (tmp_path / "backups" / "flopcards-2026-03-02.db").exists()


def test_a_busy_or_missing_file_at_check_time_is_not_damage_and_is_checked_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another program holds the file exclusively (SQLITE_BUSY) or it went away between the open and
    the check (SQLITE_CANTOPEN): the check did not run, which says nothing of the file; writes go on
    and the next start checks it."""
    import sqlite3

    import engine.store.daily

    monkeypatch.setattr(engine.store.daily, "_BUSY_WAIT", 0.0)  # the lock is held all along
    path = tmp_path / "flopcards.db"
    open_store(path, now=NOW, defer_daily=True).close()
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("PRAGMA locking_mode=EXCLUSIVE")
    holder.execute("BEGIN EXCLUSIVE")
    try:
        problem = check_today(str(path), 3, NOW)
    finally:
        holder.close()
    assert problem is not None and problem.kind is not FaultKind.DAMAGED, problem
    assert problem.message == (
        "Today's integrity check was not run (database is locked); flopcards tries again at the next start"
    )
    _write_one(path, "d/after-a-busy-check")  # not refused
    assert not (tmp_path / "backups").exists()
    assert check_today(str(path), 3, NOW) is None  # the next start: checked, copied
    assert [p.name for p in (tmp_path / "backups").iterdir()] == ["flopcards-2026-03-02.db"]

    gone = engine.store.daily.run_daily(tmp_path / "moved-away.db", 3, NOW)
    assert not gone.damaged and gone.not_run is not None and gone.copy is None
    _write_one(tmp_path / "moved-away.db", "d/a-new-file")  # not refused either


def test_a_backup_named_like_no_date_is_kept_and_the_copy_made(tmp_path: Path) -> None:
    """backups/ holds a file named like an impossible day (a user's, a tool's): the cleanup leaves
    it alone and still drops the copies too old to keep."""
    path = tmp_path / "flopcards.db"
    open_store(path, now=NOW, defer_daily=True).close()
    backups = tmp_path / "backups"
    backups.mkdir()
    for name in ("flopcards-2026-99-99.db", "flopcards-2026-02-30.db", "flopcards-2026-01-01.db"):
        (backups / name).write_bytes(b"")
    assert check_today(str(path), 3, NOW) is None
    assert sorted(p.name for p in backups.iterdir()) == [
        "flopcards-2026-02-30.db",
        "flopcards-2026-03-02.db",
        "flopcards-2026-99-99.db",
    ]
