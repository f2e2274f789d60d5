"""Integrity checks, and salvaging what SQLite can still read from a damaged file into a new one."""

from __future__ import annotations

import sqlite3
import time
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


MIN_ID, MAX_ID = -(1 << 63), (1 << 63) - 1
"""SQLite's rowid range."""
BUDGET_SECONDS = 20.0
"""Time for the whole salvage; what is left when it runs out is reported unreadable."""


class _OutOfTime(Exception):
    pass


def _seeks(src: sqlite3.Connection, table: str, start: int) -> bool:
    """Whether SQLite can find its way to the first row at or after `start` (or to the end)."""
    query = f'SELECT rowid FROM "{table}" WHERE rowid >= ? ORDER BY rowid LIMIT 1'
    try:
        src.execute(query, (start,)).fetchall()
    except sqlite3.DatabaseError:
        return False
    return True


def _resume_at(src: sqlite3.Connection, table: str, bad: int, deadline: float) -> int | None:
    """The first id after `bad` (where reading failed) from which the table reads again: steps of
    doubling size past the damage, then halving back towards it; None when nothing after reads.
    Each damaged stretch costs at most ~2x64 seeks, whatever ids the file claims."""
    gap = 1
    while True:
        if time.monotonic() > deadline:
            raise _OutOfTime
        if bad + gap > MAX_ID:
            return None
        if _seeks(src, table, bad + gap):
            break
        gap *= 2
    low, high = bad + gap // 2, bad + gap  # reading fails from `low`, works from `high`
    while high - low > 1:
        if time.monotonic() > deadline:
            raise _OutOfTime
        middle = (low + high) // 2
        low, high = (low, middle) if _seeks(src, table, middle) else (middle, high)
    return high


def _readable(
    src: sqlite3.Connection, table: str, names: str, deadline: float, lost: list[tuple[int, int]]
) -> Iterator[tuple[object, ...]]:
    """Every row of `table` SQLite can read, in rowid order: a scan that, where a page fails, seeks
    past the damage (`_resume_at`) and goes on. Bounded: ids only grow, each damaged stretch costs a
    few dozen seeks, and the whole walk stops at `deadline` (the rest reported lost)."""
    query = f'SELECT rowid, {names} FROM "{table}" WHERE rowid >= ? ORDER BY rowid'
    start = MIN_ID
    try:
        while True:
            try:
                for row in src.execute(query, (start,)):
                    rowid = int(row[0])
                    if rowid < start:  # a damaged page out of order: never walk back
                        continue
                    yield tuple(row[1:])
                    if rowid == MAX_ID:
                        return
                    if time.monotonic() > deadline:
                        raise _OutOfTime
                    start = rowid + 1
                return
            except sqlite3.DatabaseError:
                resume = _resume_at(src, table, start, deadline)
                lost.append((start, MAX_ID if resume is None else resume - 1))
                if resume is None:
                    return
                start = resume
    except _OutOfTime:
        lost.append((start, MAX_ID))


def recover(source: Path, target: Path, budget: float = BUDGET_SECONDS) -> Salvage:
    """Copy every readable row of the flopcards tables of `source` into a new database at `target`,
    within `budget` seconds of reading whatever the damage."""
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
            salvage = _copy_rows(src, dst, time.monotonic() + budget)
            dst.commit()
        finally:
            dst.close()
    finally:
        src.close()
    open_store(target).close()  # brings the copy up to this build's schema
    return salvage


def _copy_rows(src: sqlite3.Connection, dst: sqlite3.Connection, deadline: float) -> Salvage:
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
        lost: list[tuple[int, int]] = []
        rows = _readable(src, table, names, deadline, lost)
        insert = f'INSERT OR IGNORE INTO "{table}" ({names}) VALUES ({", ".join("?" * len(columns))})'
        dst.executemany(insert, rows)
        # rows now in the table (total_changes would count the rows triggers write elsewhere too)
        counts[table] = int(dst.execute(f'SELECT count(*) FROM "{table}"').fetchone()[0])
        unreadable[table] = lost
    return Salvage(counts, unreadable)
