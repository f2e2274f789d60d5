"""Checks a database location with the standard library only (fast, before the UI starts).

It never writes: a file that is not SQLite, a foreign SQLite database, or one stamped with a
schema newer than this build is refused with a message saying so.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from urllib.parse import quote

from engine.store.revisions import HEAD, REVISIONS

SQLITE_MAGIC = b"SQLite format 3\x00"


class StoreError(Exception):
    """The database cannot be used; the message says why and what to do. Nothing was changed."""


def sqlite_file(db: str | Path) -> Path | None:
    """The file behind a plain path or a sqlite:/// URL; None for other URLs and :memory:."""
    text = str(db)
    if "://" not in text:
        return Path(text).expanduser()
    if text.startswith("sqlite:///") and not text.startswith("sqlite:///:memory:"):
        return Path(text[len("sqlite:///") :].split("?", 1)[0])
    return None


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


def read_revision(path: Path) -> str | None:
    """Schema revision stamped in the file (None: new or empty); StoreError when not usable."""
    if not _has_content(path):
        return None
    uri = f"file:{quote(str(path.resolve()))}?mode=ro"
    try:
        conn = sqlite3.connect(uri, uri=True)
        try:
            tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
            if not tables:
                return None
            if "alembic_version" not in tables:
                raise StoreError(
                    f"{path} holds tables but is not a flopcards database (no schema version; tables: "
                    f"{', '.join(sorted(tables))}); flopcards left it untouched"
                )
            row = conn.execute("SELECT version_num FROM alembic_version").fetchone()
        finally:
            conn.close()
    except sqlite3.DatabaseError as error:
        raise StoreError(f"cannot read the database at {path}: {error}") from error
    revision = None if row is None else str(row[0])
    if revision is not None and revision not in REVISIONS:
        raise StoreError(
            f"the database at {path} has schema {revision!r}, newer than this flopcards knows "
            f"(up to {HEAD!r}); upgrade flopcards. The file was not touched."
        )
    return revision


def preflight(db: str | Path) -> str | None:
    """Refuse unusable SQLite files early; returns the stamped revision (None if new/other URL)."""
    path = sqlite_file(db)
    return None if path is None else read_revision(path)
