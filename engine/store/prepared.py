"""Core statements run on SQLite's own cursor: SQLAlchemy's SQL and type conversions, compiled
once, without its per-statement Python (about as much CPU as SQLite's whole work for one card's
show and answer); other databases run them through SQLAlchemy as before."""

from __future__ import annotations

import sqlite3
from collections import namedtuple
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlalchemy.sql.compiler import SQLCompiler

from engine.store.database import alone

Processor = Callable[[Any], Any] | None


@dataclass(frozen=True)
class Prepared:
    """One statement compiled for SQLite: its SQL, the bind names in order with each one's
    conversion, and for a SELECT each column's conversion and a row type named by its columns."""

    sql: str
    names: tuple[str, ...]
    binds: tuple[Processor, ...]
    results: tuple[Processor, ...]
    row: Callable[..., Any] | None

    def row_of(self, found: Any) -> Any | None:
        """A fetched row with each column converted, None for none."""
        if found is None:
            return None
        assert self.row is not None
        return self.row(*(v if p is None else p(v) for p, v in zip(self.results, found, strict=True)))

    @staticmethod
    def of(statement: sa.ClauseElement, dialect: sa.Dialect, keys: Sequence[str]) -> Prepared:
        compiled = statement.compile(dialect=dialect, column_keys=list(keys) or None)
        assert isinstance(compiled, SQLCompiler)
        names = tuple(compiled.positiontup or ())
        types = [compiled.binds[name].type.dialect_impl(dialect) for name in names]
        binds = tuple(kind.bind_processor(dialect) for kind in types)
        columns = list(statement.selected_columns) if isinstance(statement, sa.Select) else []
        results = tuple(c.type.dialect_impl(dialect).result_processor(dialect, None) for c in columns)
        row = namedtuple("Row", [c.name for c in columns]) if columns else None
        return Prepared(compiled.string, names, binds, results, row)

    def run(self, conn: sa.Connection, params: Mapping[str, Any]) -> sqlite3.Cursor:
        """Run in `conn`'s transaction (begun here as SQLAlchemy would, if it is not yet); the
        driver's errors come out as SQLAlchemy's (what the callers retry or report)."""
        if not conn.in_transaction():
            conn.begin()
        driver = conn.connection.driver_connection
        assert isinstance(driver, sqlite3.Connection)
        return self.run_on(driver, params)

    def run_on(self, driver: sqlite3.Connection, params: Mapping[str, Any]) -> sqlite3.Cursor:
        """Run on the driver's connection as it is (in its transaction, or alone)."""
        args = [
            params[n] if bind is None else bind(params[n])
            for n, bind in zip(self.names, self.binds, strict=True)
        ]
        try:
            return driver.execute(self.sql, args)
        except sqlite3.Error as error:
            raise sa.exc.DBAPIError.instance(self.sql, args, error, sqlite3.Error) from error


_PREPARED: dict[tuple[int, tuple[str, ...]], tuple[sa.ClauseElement, Prepared]] = {}


def on_driver(dialect: sa.Dialect) -> bool:
    """Whether statements run on the driver's cursor here (SQLite through sqlite3)."""
    return dialect.name == "sqlite" and dialect.driver == "pysqlite"


def prepared(conn: sa.Connection, statement: sa.ClauseElement, keys: Sequence[str] = ()) -> Prepared | None:
    """The statement prepared for SQLite (compiled once per statement and bind names), None on
    another database."""
    return _compiled(statement, conn.dialect, keys) if on_driver(conn.dialect) else None


def _compiled(statement: sa.ClauseElement, dialect: sa.Dialect, keys: Sequence[str]) -> Prepared:
    """The statement compiled once per statement object and bind names (kept while it lives)."""
    key = (id(statement), tuple(keys))
    found = _PREPARED.get(key)
    if found is None or found[0] is not statement:
        found = _PREPARED[key] = (statement, Prepared.of(statement, dialect, keys))
    return found[1]


def first(conn: sa.Connection, statement: sa.Select[Any], params: Mapping[str, Any]) -> Any | None:
    """The statement's first row (its columns as attributes), None when it has none."""
    ready = prepared(conn, statement)
    if ready is None:
        return conn.execute(statement, params).first()
    return ready.row_of(ready.run(conn, params).fetchone())


def first_alone(engine: sa.Engine, statement: sa.Select[Any], params: Mapping[str, Any]) -> Any | None:
    """`first` of a statement run alone (its own read transaction) on SQLite: no SQLAlchemy
    Connection around it (engine.store.database.alone)."""
    with alone(engine) as driver:
        ready = _compiled(statement, engine.dialect, ())
        return ready.row_of(ready.run_on(driver, params).fetchone())


def execute(conn: sa.Connection, statement: sa.Update | sa.Insert, params: Mapping[str, Any]) -> None:
    """Run an UPDATE or INSERT with these values (their names choose the columns written)."""
    ready = prepared(conn, statement, tuple(params))
    if ready is None:
        conn.execute(statement, params)
    else:
        ready.run(conn, params)


def insert(conn: sa.Connection, statement: sa.Insert, params: Mapping[str, Any]) -> int:
    """Run an INSERT of one row; the new row's integer primary key."""
    ready = prepared(conn, statement, tuple(params))
    if ready is not None:
        row_id = ready.run(conn, params).lastrowid
        assert row_id is not None
        return row_id
    key = conn.execute(statement, params).inserted_primary_key
    assert key is not None
    return int(key[0])
