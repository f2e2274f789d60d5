"""Checks a database location with the standard library only (fast, before the UI starts).

It never writes: a file that is not SQLite, a foreign database, a damaged one, a read-only one, or one
stamped with a schema newer than this build is refused with a message saying so and what to do.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable, Sequence
from importlib.util import find_spec
from pathlib import Path
from urllib.parse import quote

from engine.redact import one_line
from engine.store.revisions import EXPECTED_TABLES, HEAD, MARKED_FROM, REVISIONS

SQLITE_MAGIC = b"SQLite format 3\x00"
POSTGRES_EXTRA = "PostgreSQL support is not installed: pip install 'flopcards[postgres]' (psycopg)"
_BUSY_WAIT = 5.0
"""Seconds a read waits for another program's lock before it says the file cannot be read now."""
_DAMAGE_CODES = frozenset({sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB})
_LEFTOVERS = {"0001_initial": {"drill_attempt"}}
"""Tables an older build could leave behind when killed mid-migration (the next upgrade replaces them)."""


class StoreError(Exception):
    """The database cannot be used; the message says why and what to do. Nothing was changed.

    Its message is one line with no password, whatever driver text it quotes (users see it as is)."""

    def __init__(self, message: str) -> None:
        super().__init__(one_line(message))


def sqlite_file(db: str | Path) -> Path | None:
    """The file behind a plain path or a sqlite:/// URL; None for other URLs and :memory:."""
    text = str(db)
    if "://" not in text:
        return Path(text).expanduser()
    if text.startswith("sqlite:///") and not text.startswith("sqlite:///:memory:"):
        return Path(text[len("sqlite:///") :].split("?", 1)[0])
    return None


def ro_uri(path: Path) -> str:
    return f"file:{quote(str(path.resolve()))}?mode=ro"


def backup_files(path: Path) -> list[Path]:
    """Backups of the database at `path` that exist: upgrade backups beside it, daily ones in backups/."""
    found = list(path.parent.glob(f"{path.name}.backup-*")) + list(
        (path.parent / "backups").glob(f"{path.stem}-*.db")
    )
    return sorted(p for p in found if not p.name.endswith(("-wal", "-shm")))


def damaged(path: Path, detail: str) -> StoreError:
    backups = backup_files(path)
    listed = ", ".join(str(p) for p in backups) if backups else "none found"
    return StoreError(
        f"the database at {path} is damaged ({detail}); flopcards left it untouched. Backups: {listed}. "
        f"Run `flopcards --db {path} db recover` to save what can be read into a new file, "
        "or copy a backup over it."
    )


def is_damage(error: sqlite3.Error) -> bool:
    """Whether SQLite's error says the file itself is bad (corrupt, not a database), not that it
    could not be read just now (locked, busy, cannot open, I/O error, out of memory)."""
    code = getattr(error, "sqlite_errorcode", None)
    if code is None:  # no code known: only the errors SQLite raises for bad content
        return type(error) is sqlite3.DatabaseError
    return (code & 0xFF) in _DAMAGE_CODES


def _has_content(path: Path) -> bool:
    if path.is_dir():
        raise StoreError(f"{path} is a directory, not a database file")
    if not path.exists() or path.stat().st_size == 0:
        return False
    with path.open("rb") as handle:
        header = handle.read(len(SQLITE_MAGIC))
    if header != SQLITE_MAGIC:
        raise StoreError(
            f"{path} is not an SQLite database (its first bytes are not 'SQLite format 3'); "
            "flopcards left it untouched. Point --db at a new path or at a flopcards database."
        )
    return True


def check_writable(path: Path) -> None:
    """Refuse a file (or the folder SQLite writes its journal into) that cannot be written."""
    folder = path.parent
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent
    blocked = path if path.exists() and not os.access(path, os.W_OK) else None
    if blocked is None and not os.access(folder, os.W_OK | os.X_OK):
        blocked = folder
    if blocked is not None:
        raise StoreError(
            f"{blocked} is read-only, and flopcards writes every answer (and a journal beside the "
            f"database) as you go, so it did not open {path}. Make it writable, or copy the database "
            "somewhere writable and pass --db."
        )


def foreign_reason(tables: set[str], revision: str | None, marked: bool) -> str | None:
    """Why a database with these tables and stamp is not a flopcards one (None: it is ours)."""
    tables = tables - {"alembic_version", "sqlite_sequence"}
    if revision is None:
        return None if not tables else "it has tables but no flopcards schema version"
    if revision not in REVISIONS:  # a later flopcards, if it carries the marker (refused as newer)
        return None if marked else f"its schema version {revision!r} is not flopcards' and it has no marker"
    if REVISIONS.index(revision) >= REVISIONS.index(MARKED_FROM):
        return None if marked else f"it is stamped {revision!r} but lacks the flopcards marker row"
    expected = EXPECTED_TABLES[revision]
    if not expected <= tables <= expected | _LEFTOVERS.get(revision, set()):
        return f"its tables ({', '.join(sorted(tables))}) are not those of flopcards schema {revision!r}"
    return None


def newer(where: object, revision: str) -> StoreError:
    return StoreError(
        f"the database at {where} has schema {revision!r}, newer than this flopcards knows "
        f"(up to {HEAD!r}); upgrade flopcards. The database was not touched."
    )


def identified_revision(
    tables: set[str], fetch: Callable[[str], Sequence[object] | None], where: object
) -> str | None:
    """The schema revision of a database with these `tables` (None: empty), read through `fetch(sql)`
    (its first row or None), for the stdlib and the SQLAlchemy path alike; StoreError when the
    database is foreign or newer than this build."""
    revision = None
    if "alembic_version" in tables:
        row = fetch("SELECT version_num FROM alembic_version")
        revision = None if row is None else str(row[0])
    marker = "SELECT 1 FROM flopcards_meta WHERE key = 'application' AND value = 'flopcards'"
    marked = "flopcards_meta" in tables and fetch(marker) is not None
    reason = foreign_reason(tables, revision, marked)
    if reason is not None:
        raise StoreError(f"{where} is not a flopcards database ({reason}); flopcards left it untouched")
    if revision is not None and revision not in REVISIONS:
        raise newer(where, revision)
    return revision


def _inspect(conn: sqlite3.Connection, path: Path, quick_check: bool) -> str | None:
    problems = [row[0] for row in conn.execute("PRAGMA quick_check(5)")] if quick_check else ["ok"]
    if problems != ["ok"]:
        raise damaged(path, "; ".join(problems))
    tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    return identified_revision(tables, lambda sql: conn.execute(sql).fetchone(), path)


def read_revision(path: Path, *, writable: bool = True, quick_check: bool = True) -> str | None:
    """Schema revision stamped in the file (None: new or empty); StoreError when not usable.

    With `quick_check`, runs SQLite's quick_check (damaged pages, broken b-trees; about 1.7 s per
    million reviews, so the app runs it off the UI thread).
    """
    if writable:
        check_writable(path)
    if not _has_content(path):
        return None
    try:
        conn = sqlite3.connect(ro_uri(path), uri=True, timeout=_BUSY_WAIT)
        try:
            revision = _inspect(conn, path, quick_check)
        finally:
            conn.close()
    except sqlite3.DatabaseError as error:
        if is_damage(error):
            raise damaged(path, str(error)) from error
        raise StoreError(f"cannot read the database at {path}: {error}") from error
    return revision


def _has_module(name: str) -> bool:
    try:
        return find_spec(name) is not None
    except (ImportError, ValueError):  # a module blocked in sys.modules
        return False


def preflight(db: str | Path) -> str | None:
    """Refuse unusable SQLite files and missing drivers early; the stamped revision (None if new/URL).

    Cheap checks only (no quick_check): it runs before the screen is taken over.
    """
    text = str(db)
    if text.startswith(("postgresql", "postgres:")) and not _has_module("psycopg"):
        raise StoreError(POSTGRES_EXTRA)
    path = sqlite_file(db)
    return None if path is None else read_revision(path, quick_check=False)
