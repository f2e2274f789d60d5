"""The start-up check (stdlib sqlite3) and the server check (SQLAlchemy) refuse a database alike."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from engine.store.database import _server_revision, make_engine, open_store
from engine.store.preflight import StoreError, read_revision
from engine.store.revisions import HEAD


def _foreign(path: Path) -> None:
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE invoices (id INTEGER)")


def _newer(path: Path) -> None:
    open_store(path).close()
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE alembic_version SET version_num = '9999_from_the_future'")


def _unmarked(path: Path) -> None:
    open_store(path).close()
    with sqlite3.connect(path) as conn:
        conn.execute("DELETE FROM flopcards_meta")


def _server_message(path: Path) -> str:
    engine = make_engine(f"sqlite:///{path}")
    try:
        with pytest.raises(StoreError) as refused:
            _server_revision(engine, str(path))
    finally:
        engine.dispose()
    return str(refused.value)


@pytest.mark.parametrize(
    ("make", "expected"),
    [(_foreign, "not a flopcards database"), (_newer, "newer than this flopcards"), (_unmarked, "marker")],
)
def test_both_paths_refuse_with_the_same_message(
    tmp_path: Path, make: Callable[[Path], None], expected: str
) -> None:
    path = tmp_path / "x.db"
    make(path)
    with pytest.raises(StoreError) as refused:
        read_revision(path, quick_check=False)
    assert expected in str(refused.value)
    assert _server_message(path) == str(refused.value)


def test_both_paths_read_the_same_revision(tmp_path: Path) -> None:
    path = tmp_path / "ours.db"
    open_store(path).close()
    engine = make_engine(f"sqlite:///{path}")
    try:
        assert read_revision(path) == _server_revision(engine, str(path)) == HEAD
    finally:
        engine.dispose()


def test_the_start_up_check_imports_no_sqlalchemy() -> None:
    import subprocess
    import sys

    code = "import sys, engine.store.preflight; sys.exit('sqlalchemy' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], cwd=Path(__file__).parents[2]).returncode == 0
