"""Opening the database: resolve the location, refuse foreign or newer files, back up, migrate."""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import sqlalchemy as sa
import sqlalchemy.orm as so

from engine.store.revisions import HEAD, REVISIONS

SQLITE_MAGIC = b"SQLite format 3\x00"
MIGRATIONS_DIR = Path(__file__).with_name("migrations")


class StoreError(Exception):
    """The database cannot be used; the message says why and what to do. Nothing was changed."""


@dataclass(frozen=True)
class Store:
    """An open, migrated database: the engine and a session factory bound to it."""

    engine: sa.Engine
    sessions: so.sessionmaker[so.Session]
    url: str
    backup: Path | None = None
    """Copy made before an upgrade, if one was needed."""

    def close(self) -> None:
        self.engine.dispose()


def resolve_url(db: str | Path) -> tuple[str, Path | None]:
    """A plain path becomes a sqlite URL; any SQLAlchemy URL passes through. Returns (url, file)."""
    text = str(db)
    if "://" in text:
        url = sa.make_url(text)
        if url.get_backend_name() == "sqlite" and url.database not in (None, "", ":memory:"):
            return text, Path(url.database)
        return text, None
    path = Path(text).expanduser()
    return f"sqlite:///{path}", path


def _set_sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    # FULL: an answer committed is on disk before the next card shows, whatever kills us.
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.close()


def _check_file(path: Path) -> bool:
    """True when the file exists and has content; StoreError when it is not an SQLite file."""
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


def _current_revision(conn: sa.Connection) -> str | None:
    """The Alembic revision stamped in the database, None for an empty one."""
    tables = set(sa.inspect(conn).get_table_names())
    if not tables:
        return None
    if "alembic_version" not in tables:
        raise StoreError(
            "this SQLite database holds tables but is not a flopcards database "
            f"(no schema version; tables: {', '.join(sorted(tables))}); flopcards left it untouched"
        )
    row = conn.execute(sa.text("SELECT version_num FROM alembic_version")).first()
    return None if row is None else str(row[0])


def _probe_revision(url: str, path: Path | None, has_content: bool) -> str | None:
    """Read the schema revision without writing anything (read-only for SQLite files)."""
    if path is not None and not has_content:
        return None
    probe_url = f"sqlite:///file:{path}?mode=ro&uri=true" if path is not None else url
    probe = sa.create_engine(probe_url)
    try:
        with probe.connect() as conn:
            return _current_revision(conn)
    except sa.exc.DatabaseError as error:
        raise StoreError(f"cannot read the database at {path or url}: {error.orig}") from error
    finally:
        probe.dispose()


def _upgrade(engine: sa.Engine) -> None:
    from alembic import command  # heavy: imported only when a migration is due
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    with engine.begin() as conn:
        config.attributes["connection"] = conn
        command.upgrade(config, "head")


def _backup(path: Path, now: datetime) -> Path:
    stamp = now.astimezone(UTC).strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.backup-{stamp}")
    counter = 1
    while target.exists():
        target = path.with_name(f"{path.name}.backup-{stamp}-{counter}")
        counter += 1
    shutil.copy2(path, target)
    for suffix in ("-wal", "-shm"):
        side = path.with_name(path.name + suffix)
        if side.exists():
            shutil.copy2(side, target.with_name(target.name + suffix))
    return target


def open_store(db: str | Path, *, now: datetime | None = None) -> Store:
    """Open (creating or upgrading as needed) the database at `db`, a path or SQLAlchemy URL."""
    url, path = resolve_url(db)
    has_content = False
    if path is not None:
        has_content = _check_file(path)
        path.parent.mkdir(parents=True, exist_ok=True)
    revision = _probe_revision(url, path, has_content)
    if revision is not None and revision not in REVISIONS:
        raise StoreError(
            f"the database at {path or url} has schema {revision!r}, newer than this "
            f"flopcards knows (up to {HEAD!r}); upgrade flopcards. The file was not touched."
        )
    backup: Path | None = None
    if revision != HEAD and revision is not None and path is not None:
        backup = _backup(path, now or datetime.now(UTC))
    engine = sa.create_engine(url)
    if engine.dialect.name == "sqlite":
        sa.event.listen(engine, "connect", _set_sqlite_pragmas)
    try:
        if revision != HEAD:
            _upgrade(engine)
    except sa.exc.DatabaseError as error:
        engine.dispose()
        raise StoreError(f"cannot upgrade the database at {path or url}: {error.orig}") from error
    return Store(engine, so.sessionmaker(engine, expire_on_commit=False), url, backup)
