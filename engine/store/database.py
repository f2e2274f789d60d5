"""Opening the database: resolve the location, refuse foreign or newer ones, back up, migrate atomically."""

from __future__ import annotations

import contextlib
import functools
import os
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import sqlalchemy as sa
import sqlalchemy.orm as so

from engine.store.backup import checked_today, daily_backup, upgrade_backup
from engine.store.daily import refusal
from engine.store.preflight import (
    POSTGRES_EXTRA,
    StoreError,
    damaged,
    identified_revision,
    read_revision,
    sqlite_file,
)
from engine.store.revisions import HEAD

__all__ = ["MIGRATIONS_DIR", "Store", "StoreError", "make_engine", "open_store", "resolve_url"]

MIGRATIONS_DIR = Path(__file__).with_name("migrations")
_FILE = "flopcards_file"
"""Connection info: (path, (device, inode)) of the SQLite file when the connection opened it."""
_BEGIN = "flopcards_begin"
"""Execution option: how a transaction starts on SQLite ('IMMEDIATE' takes the write lock up front;
_ALONE: not at all)."""
_ALONE = "ALONE"


@dataclass(frozen=True)
class Store:
    """An open, migrated database: the engine and a session factory bound to it."""

    engine: sa.Engine
    sessions: so.sessionmaker[so.Session]
    """Sessions for writing: on SQLite each transaction takes the write lock when it begins."""
    url: str
    backup: Path | None = None
    """Copy made before an upgrade, if one was needed."""

    @functools.cached_property
    def writer(self) -> sa.Engine:
        """The engine whose transactions take SQLite's write lock at BEGIN (as `sessions`')."""
        return writer(self.engine)

    @functools.cached_property
    def single_statement(self) -> sa.Engine:
        """The engine for a read that is one SELECT: on SQLite no BEGIN (nor ROLLBACK) around it,
        the statement is its own read transaction (one snapshot); never for a write."""
        return self.engine.execution_options(**{_BEGIN: _ALONE})

    @property
    def dialect(self) -> str:
        return self.engine.dialect.name

    def reading(self) -> so.Session:
        """A session for reads only: it takes no write lock, so it never waits for another instance."""
        return so.Session(self.engine, expire_on_commit=False)

    def close(self) -> None:
        self.engine.dispose()


def resolve_url(db: str | Path) -> tuple[str, Path | None]:
    """A plain path becomes a sqlite URL; PostgreSQL URLs use psycopg; others pass. Returns (url, file)."""
    text = str(db)
    path = sqlite_file(text)
    if "://" in text:
        for prefix in ("postgresql://", "postgres://"):
            if text.startswith(prefix):
                text = "postgresql+psycopg://" + text[len(prefix) :]
        return text, path
    assert path is not None
    return f"sqlite:///{path}", path


def _sqlite_connect(dbapi_connection: Any, _record: Any) -> None:
    # Autocommit at the driver, BEGIN issued by us (SQLAlchemy's documented pysqlite recipe): pysqlite
    # would otherwise commit each CREATE TABLE on its own and a killed migration would be half-applied.
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")  # several instances on one file: readers never block
    # FULL: an answer committed is on disk before the next card shows, whatever kills us.
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=5000")
    name = next((row[2] for row in cursor.execute("PRAGMA database_list") if row[1] == "main"), "")
    cursor.close()
    if name:
        _record.info[_FILE] = (name, _identity(name))


def _identity(name: str) -> tuple[int, int] | None:
    try:
        found = os.stat(name)
    except OSError:
        return None
    return found.st_dev, found.st_ino


def _still_there(info: dict[Any, Any]) -> None:
    # In WAL mode SQLite goes on writing into a file whose folder was moved or removed (an open
    # descriptor): every answer "saved" would be lost with it. One stat per transaction refuses that.
    opened = info.get(_FILE)
    if opened is not None and _identity(opened[0]) != opened[1]:
        raise StoreError(f"the database file {opened[0]} was moved or removed while flopcards ran")


@contextlib.contextmanager
def alone(engine: sa.Engine) -> Iterator[sqlite3.Connection]:
    """The driver's connection of a pooled SQLite connection, for one statement run alone (its own
    read transaction), the file checked as a transaction's BEGIN checks it: SQLAlchemy's Connection
    around it cost more than the read."""
    pooled = engine.raw_connection()
    try:
        _still_there(pooled.info)
        driver = pooled.driver_connection
        assert isinstance(driver, sqlite3.Connection)
        yield driver
    finally:
        pooled.close()


def _sqlite_begin(conn: sa.Connection) -> None:
    _still_there(conn.connection.info)
    opened = conn.connection.info.get(_FILE)
    if opened is not None and conn.get_execution_options().get(_BEGIN) == "IMMEDIATE":
        refused = refusal(opened[0])  # found damaged by the day's check: nothing more is written
        if refused is not None:
            raise StoreError(str(refused))
    begin = conn.get_execution_options().get(_BEGIN, "")
    if begin != _ALONE:  # alone: the driver (autocommit) runs the statement in its own transaction
        # on the driver's cursor: through SQLAlchemy's execution it cost several times SQLite's BEGIN
        sql = f"BEGIN {begin}".strip()
        try:
            conn.connection.driver_connection.execute(sql)  # type: ignore[union-attr]
        except sqlite3.Error as error:  # busy, locked: SQLAlchemy's error, as callers retry or report
            raise sa.exc.DBAPIError.instance(sql, (), error, sqlite3.Error) from error


def make_engine(url: str) -> sa.Engine:
    """An engine configured for flopcards (SQLite: WAL, FULL sync, transactional DDL); no I/O yet."""
    try:
        if url.startswith("postgresql"):
            engine = sa.create_engine(url, connect_args={"options": "-c timezone=UTC"}, pool_pre_ping=True)
        else:
            engine = sa.create_engine(url)
    except ModuleNotFoundError as error:
        if url.startswith("postgresql"):
            raise StoreError(POSTGRES_EXTRA) from error
        raise StoreError(f"no driver for {url.split(':', 1)[0]}: {error}") from error
    except ValueError as error:  # SQLAlchemy's URL parser: a port that is not a number
        raise StoreError(f"cannot read the database URL {url}: {error}") from error
    if engine.dialect.name == "sqlite":
        sa.event.listen(engine, "connect", _sqlite_connect)
        sa.event.listen(engine, "begin", _sqlite_begin)
    return engine


def writer(engine: sa.Engine) -> sa.Engine:
    """The same engine whose transactions take SQLite's write lock at BEGIN (no lock upgrade deadlock)."""
    return engine.execution_options(**{_BEGIN: "IMMEDIATE"})


def upgrade(engine: sa.Engine, target: str = "head") -> None:
    """Run the migrations up to `target`, all in ONE transaction with the version stamp."""
    from alembic import command  # heavy: imported only when a migration is due
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    with writer(engine).begin() as conn:
        if conn.dialect.name == "postgresql":  # two clients starting at once: the second waits, then
            conn.execute(sa.text("SELECT pg_advisory_xact_lock(7301015)"))  # finds the schema done
        config.attributes["connection"] = conn
        command.upgrade(config, target)


def _server_revision(engine: sa.Engine, where: str) -> str | None:
    """Revision of a server database (None when empty); refuses foreign and newer ones."""
    with engine.connect() as conn:
        tables = set(sa.inspect(conn).get_table_names())
        return identified_revision(tables, lambda sql: conn.execute(sa.text(sql)).first(), where)


def _safe_url(url: str) -> str:
    return sa.engine.make_url(url).render_as_string(hide_password=True)


def open_store(
    db: str | Path, *, now: datetime | None = None, backup_days: int = 0, defer_daily: bool = False
) -> Store:
    """Open (creating or upgrading as needed) the database at `db`, a path or SQLAlchemy URL.

    `backup_days` > 0 keeps one daily copy of an SQLite file for that many days. The file's integrity
    check (seconds at a million reviews) runs before the day's copy is taken, so once a day with
    daily copies; without them (`backup_days` 0), at every open. `defer_daily`: neither runs here
    (unless a schema upgrade is due); the caller runs engine.store.daily.run_daily when it suits
    (the app: after the home shows) or not at all (commands that only read).
    """
    url, path = resolve_url(db)
    now = now or datetime.now(UTC)
    backup: Path | None = None
    revision: str | None = None
    if path is not None:
        check = not checked_today(path, backup_days, now)
        revision = read_revision(path, quick_check=check and not defer_daily)
        if defer_daily and check and revision is not None and revision != HEAD:
            read_revision(path, quick_check=True)  # an upgrade copies and rewrites: check first
        path.parent.mkdir(parents=True, exist_ok=True)
        if revision is not None and revision != HEAD:
            backup = upgrade_backup(path, revision, now)
    engine = make_engine(url)
    where = str(path or _safe_url(url))
    try:
        if path is None:
            revision = _server_revision(engine, where)
        if revision != HEAD:
            upgrade(engine)
        if path is not None and not defer_daily:
            daily_backup(path, backup_days, now)
    except sa.exc.DatabaseError as error:
        engine.dispose()
        if path is not None and "malformed" in str(error.orig):
            raise damaged(path, str(error.orig)) from error
        raise StoreError(f"cannot open the database at {where}: {error.orig}") from error
    except (sa.exc.InterfaceError, OSError) as error:
        engine.dispose()
        raise StoreError(f"cannot open the database at {where}: {error}") from error
    return Store(engine, so.sessionmaker(writer(engine), expire_on_commit=False), url, backup)
