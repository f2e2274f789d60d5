"""Opening the database: resolve the location, refuse foreign or newer files, back up, migrate."""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import sqlalchemy as sa
import sqlalchemy.orm as so

from engine.store.preflight import StoreError, read_revision, sqlite_file
from engine.store.revisions import HEAD

__all__ = ["MIGRATIONS_DIR", "Store", "StoreError", "open_store", "resolve_url"]

MIGRATIONS_DIR = Path(__file__).with_name("migrations")


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
    path = sqlite_file(text)
    if "://" in text:
        return text, path
    assert path is not None
    return f"sqlite:///{path}", path


def _set_sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    # FULL: an answer committed is on disk before the next card shows, whatever kills us.
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.close()


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


def _stamped_revision(engine: sa.Engine) -> str | None:
    """Revision of a non-file database (e.g. a server URL), None when it has none yet."""
    with engine.connect() as conn:
        if "alembic_version" not in sa.inspect(conn).get_table_names():
            return None
        row = conn.execute(sa.text("SELECT version_num FROM alembic_version")).first()
        return None if row is None else str(row[0])


def open_store(db: str | Path, *, now: datetime | None = None) -> Store:
    """Open (creating or upgrading as needed) the database at `db`, a path or SQLAlchemy URL."""
    url, path = resolve_url(db)
    revision = read_revision(path) if path is not None else None
    backup: Path | None = None
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        if revision is not None and revision != HEAD:
            backup = _backup(path, now or datetime.now(UTC))
    engine = sa.create_engine(url)
    if engine.dialect.name == "sqlite":
        sa.event.listen(engine, "connect", _set_sqlite_pragmas)
    try:
        if path is None:
            revision = _stamped_revision(engine)
        if revision != HEAD:
            _upgrade(engine)
    except sa.exc.DatabaseError as error:
        engine.dispose()
        raise StoreError(f"cannot open the database at {path or url}: {error.orig}") from error
    return Store(engine, so.sessionmaker(engine, expire_on_commit=False), url, backup)
