"""Copy a whole collection between two databases (any two URLs), verified by counts and a checksum."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import sqlalchemy as sa

from engine.store.database import Store, open_store
from engine.store.models import ReviewRow
from engine.store.preflight import StoreError, sqlite_file
from engine.store.tables import METADATA

BATCH = 10_000
_OWN = {"flopcards_meta", "review_day", "unseen_memo", "state_change"}
"""Tables every migrated database fills itself (review_day: its triggers, as review_log is copied;
state_change: its triggers, as card_state is copied; unseen_memo: the app, after its next load)."""


@dataclass(frozen=True)
class CopyReport:
    rows: dict[str, int]
    review_log_sha256: str


def _tables() -> list[sa.Table]:
    return [t for t in METADATA.sorted_tables if t.name not in _OWN]


def _as_stored(table: sa.Table) -> tuple[sa.Select[Any], sa.Table]:
    """A select of `table` in primary-key order, and a same-named table to insert its rows into.

    JSON travels as the text stored (never parsed and re-serialized): the copy is exact and cheap.
    """
    raw = [sa.cast(c, sa.Text).label(c.name) if isinstance(c.type, sa.JSON) else c for c in table.columns]
    mirror = sa.Table(
        table.name,
        sa.MetaData(),
        *(sa.Column(c.name, sa.Text if isinstance(c.type, sa.JSON) else c.type) for c in table.columns),
    )
    return sa.select(*raw).order_by(*table.primary_key.columns), mirror


def row_counts(store: Store) -> dict[str, int]:
    with store.engine.connect() as conn:
        return {
            t.name: int(conn.execute(sa.select(sa.func.count()).select_from(t)).scalar_one())
            for t in _tables()
        }


def review_log_checksum(store: Store) -> str:
    """SHA-256 of the review log in id order: each value's repr, JSON as its stored text."""
    digest = hashlib.sha256()
    query, _ = _as_stored(METADATA.tables[ReviewRow.__tablename__])
    with store.engine.connect() as conn:
        for part in conn.execution_options(yield_per=BATCH).execute(query).partitions():
            digest.update("".join("\x1f".join(map(repr, row)) + "\n" for row in part).encode())
    return digest.hexdigest()


def _reset_sequences(conn: sa.Connection, table: sa.Table) -> None:
    """PostgreSQL: ids were copied as they are, so the id sequence must continue after the largest."""
    for column in table.primary_key.columns:
        if isinstance(column.type, sa.Integer):
            conn.execute(
                sa.text(
                    f"SELECT setval(pg_get_serial_sequence('{table.name}', '{column.name}'), "
                    f"COALESCE(MAX({column.name}), 1), MAX({column.name}) IS NOT NULL) FROM {table.name}"
                )
            )


def _inserter(conn: sa.Connection, mirror: sa.Table) -> Callable[[Sequence[sa.Row[Any]]], None]:
    """Writes batches of rows: PostgreSQL's COPY when the target is a server, INSERTs otherwise."""
    if conn.dialect.name != "postgresql":
        names = [c.name for c in mirror.columns]

        def insert(rows: Sequence[sa.Row[Any]]) -> None:
            if rows:
                conn.execute(mirror.insert(), [dict(zip(names, r, strict=True)) for r in rows])

        return insert
    processors = [c.type.bind_processor(conn.dialect) for c in mirror.columns]
    columns = ", ".join(f'"{c.name}"' for c in mirror.columns)
    cursor = conn.connection.driver_connection.cursor()  # type: ignore[union-attr]

    def copy(rows: Sequence[sa.Row[Any]]) -> None:
        with cursor.copy(f'COPY "{mirror.name}" ({columns}) FROM STDIN') as stream:
            for row in rows:
                stream.write_row([v if p is None else p(v) for p, v in zip(processors, row, strict=True)])

    return copy


def copy_collection(source: str | Path, target: str | Path) -> CopyReport:
    """Copy every row from `source` into the empty database `target`, then verify the copy."""
    path = sqlite_file(source)
    if path is not None and not path.exists():
        raise StoreError(f"there is no database at {path} to copy from")
    src = open_store(source)
    try:
        dst = open_store(target)
        try:
            return _copy(src, dst)
        finally:
            dst.close()
    finally:
        src.close()


def _copy(src: Store, dst: Store) -> CopyReport:
    occupied = {name: n for name, n in row_counts(dst).items() if n}
    if occupied:
        raise StoreError(f"the target already holds data ({occupied}); copy only into an empty database")
    with src.engine.connect() as reader, dst.engine.begin() as writer:
        for table in _tables():
            query, mirror = _as_stored(table)
            write = _inserter(writer, mirror)
            for part in reader.execution_options(yield_per=BATCH).execute(query).partitions():
                write(part)
            if dst.dialect == "postgresql":
                _reset_sequences(writer, table)
    expected, copied = row_counts(src), row_counts(dst)
    if expected != copied:
        raise StoreError(f"the copy is incomplete: source rows {expected}, copied {copied}")
    checksum = review_log_checksum(src)
    if review_log_checksum(dst) != checksum:
        raise StoreError("the copied review log differs from the source (checksum mismatch)")
    return CopyReport(copied, checksum)
