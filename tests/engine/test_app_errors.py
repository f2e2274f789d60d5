"""Store errors translated into the application's one error: real sqlite3 and OS errors, each kind."""

from __future__ import annotations

import errno
import sqlite3
from pathlib import Path

import pytest

from engine.app.errors import AppError, FaultKind, app_error, store_command
from engine.store.preflight import StoreError


def _error_of(path: Path, *pragmas: str) -> sqlite3.Error:
    conn = sqlite3.connect(path, isolation_level=None, timeout=0)
    conn.execute("CREATE TABLE IF NOT EXISTS t (x TEXT)")
    for pragma in pragmas:
        conn.execute(pragma)
    try:
        for _ in range(1000):
            conn.execute("INSERT INTO t VALUES (?)", ("x" * 1000,))
    except sqlite3.Error as error:
        return error
    finally:
        conn.close()
    raise AssertionError("no error")


def test_sqlite_full_read_only_and_locked(tmp_path: Path) -> None:
    full = _error_of(tmp_path / "full.db", "PRAGMA max_page_count=3")
    assert app_error(full).kind is FaultKind.FULL
    read_only = _error_of(tmp_path / "ro.db", "PRAGMA query_only=ON")
    assert app_error(read_only).kind is FaultKind.READ_ONLY
    holder = sqlite3.connect(tmp_path / "locked.db", isolation_level=None)
    holder.execute("CREATE TABLE t (x TEXT)")
    holder.execute("BEGIN IMMEDIATE")
    locked = _error_of(tmp_path / "locked.db")
    holder.close()
    assert app_error(locked).kind is FaultKind.BUSY
    assert app_error(locked).message == "the database stayed busy (another program or device is writing)"


def test_os_errors_and_store_errors() -> None:
    assert app_error(OSError(errno.ENOSPC, "No space left on device")).kind is FaultKind.FULL
    assert app_error(OSError(errno.EROFS, "Read-only file system")).kind is FaultKind.READ_ONLY
    refused = app_error(StoreError("d/c1 was answered again since (another device?); that grade stays"))
    assert refused.kind is FaultKind.REFUSED and refused.message.startswith("d/c1 was answered again since")
    busy = app_error(StoreError("the database stayed busy (database is locked); this answer was not saved"))
    assert busy.kind is FaultKind.BUSY and "database is locked" not in busy.message


def test_a_message_never_carries_a_password() -> None:
    error = app_error(StoreError("cannot open the database at postgresql://u:S3cret@h/x: refused"))
    assert "S3cret" not in error.message and "postgresql://u:***@h/x" in error.message


def test_store_command_raises_only_app_error_without_the_drivers_error_chained() -> None:
    @store_command
    def write() -> None:
        raise sqlite3.OperationalError("database or disk is full")

    with pytest.raises(AppError) as caught:
        write()
    assert caught.value.kind is FaultKind.FULL
    assert caught.value.__cause__ is None and caught.value.__suppress_context__
