"""Integrity checks, and salvaging what SQLite can still read from a damaged file into a new one."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from engine.store.preflight import StoreError, ro_uri
from engine.store.revisions import HEAD, REVISIONS

_SKIP = {"alembic_version", "flopcards_meta", "sqlite_sequence"}


def integrity_problems(path: Path, limit: int = 20) -> list[str]:
    """Everything `PRAGMA integrity_check` finds (indexes against tables too); [] when sound."""
    try:
        conn = sqlite3.connect(ro_uri(path), uri=True)
        try:
            rows = [str(row[0]) for row in conn.execute(f"PRAGMA integrity_check({int(limit)})")]
        finally:
            conn.close()
    except sqlite3.DatabaseError as error:
        return [str(error)]
    return [] if rows == ["ok"] else rows


@dataclass(frozen=True)
class Salvage:
    """Rows read back per table, and the rowid ranges that could not be read."""

    rows: dict[str, int]
    unreadable: dict[str, list[tuple[int, int]]]


def _revision(src: sqlite3.Connection) -> str:
    try:
        row = src.execute("SELECT version_num FROM alembic_version").fetchone()
    except sqlite3.DatabaseError:
        return HEAD
    return str(row[0]) if row and str(row[0]) in REVISIONS else HEAD


def _max_rowid(src: sqlite3.Connection, table: str) -> int:
    for query in (
        f'SELECT max(rowid) FROM "{table}"',
        f"SELECT seq FROM sqlite_sequence WHERE name='{table}'",
    ):
        try:
            row = src.execute(query).fetchone()
            if row and row[0] is not None:
                return int(row[0])
        except sqlite3.DatabaseError:
            continue
    return 1 << 40  # nothing tells the extent: search the whole range (empty parts are cheap)


def _ranges(
    src: sqlite3.Connection, query: str, low: int, high: int, lost: list[tuple[int, int]]
) -> Iterator[tuple[object, ...]]:
    """Rows with rowid in [low, high], halving any range that errors down to the unreadable rows."""
    try:
        rows = src.execute(query, (low, high)).fetchall()
    except sqlite3.DatabaseError:
        if high - low < 1:
            lost.append((low, high))
            return
        middle = (low + high) // 2
        yield from _ranges(src, query, low, middle, lost)
        yield from _ranges(src, query, middle + 1, high, lost)
        return
    yield from rows


def recover(source: Path, target: Path) -> Salvage:
    """Copy every readable row of the flopcards tables of `source` into a new database at `target`."""
    from engine.store.database import make_engine, open_store, upgrade

    if target.exists():
        raise StoreError(f"{target} already exists; give a new file name for the recovered database")
    src = sqlite3.connect(ro_uri(source), uri=True)
    try:
        engine = make_engine(f"sqlite:///{target}")
        try:
            upgrade(engine, _revision(src))  # same schema as the source, so its rows fit as they are
        finally:
            engine.dispose()
        dst = sqlite3.connect(target)
        try:
            salvage = _copy_rows(src, dst)
            dst.commit()
        finally:
            dst.close()
    finally:
        src.close()
    open_store(target).close()  # brings the copy up to this build's schema
    return salvage


def _copy_rows(src: sqlite3.Connection, dst: sqlite3.Connection) -> Salvage:
    counts: dict[str, int] = {}
    unreadable: dict[str, list[tuple[int, int]]] = {}
    tables = [
        r[0] for r in dst.execute("SELECT name FROM sqlite_master WHERE type='table'") if r[0] not in _SKIP
    ]
    for table in tables:
        wanted = [r[1] for r in dst.execute(f'PRAGMA table_info("{table}")')]
        try:
            present = {r[1] for r in src.execute(f'PRAGMA table_info("{table}")')}
        except sqlite3.DatabaseError:
            present = set()
        columns = [c for c in wanted if c in present]
        if not columns:
            counts[table] = 0
            continue
        names = ", ".join(f'"{c}"' for c in columns)
        query = f'SELECT {names} FROM "{table}" WHERE rowid BETWEEN ? AND ? ORDER BY rowid'
        lost: list[tuple[int, int]] = []
        top = _max_rowid(src, table)
        step = 10_000 if top < 1 << 40 else top
        rows = (r for low in range(0, top + 1, step) for r in _ranges(src, query, low, low + step - 1, lost))
        insert = f'INSERT OR IGNORE INTO "{table}" ({names}) VALUES ({", ".join("?" * len(columns))})'
        before = dst.total_changes
        dst.executemany(insert, rows)
        counts[table] = dst.total_changes - before
        unreadable[table] = lost
    return Salvage(counts, unreadable)
