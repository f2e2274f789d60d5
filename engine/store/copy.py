"""Copy a whole collection between two databases (any two URLs), verified by counts and a checksum."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

import sqlalchemy as sa

from engine.store.database import Store, open_store
from engine.store.models import Base, ReviewRow
from engine.store.preflight import StoreError, sqlite_file

BATCH = 10_000
_OWN = {"flopcards_meta"}
"""Tables every migrated database fills itself."""


@dataclass(frozen=True)
class CopyReport:
    rows: dict[str, int]
    review_log_sha256: str


def _tables() -> list[sa.Table]:
    return [t for t in Base.metadata.sorted_tables if t.name not in _OWN]


def row_counts(store: Store) -> dict[str, int]:
    with store.engine.connect() as conn:
        return {
            t.name: int(conn.execute(sa.select(sa.func.count()).select_from(t)).scalar_one())
            for t in _tables()
        }


def review_log_checksum(store: Store) -> str:
    """SHA-256 of the review log in id order, values in a backend-neutral text form."""
    digest = hashlib.sha256()
    table = ReviewRow.__table__
    query = sa.select(table).order_by(table.c.id)
    with store.engine.connect() as conn:
        for part in conn.execution_options(yield_per=BATCH).execute(query).partitions():
            for row in part:
                values = [
                    json.dumps(v, sort_keys=True) if isinstance(v, dict) else repr(v) for v in tuple(row)
                ]
                digest.update(("\x1f".join(values) + "\n").encode())
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
            query = sa.select(table).order_by(*table.primary_key.columns)
            for part in reader.execution_options(yield_per=BATCH).execute(query).partitions():
                writer.execute(table.insert(), [row._asdict() for row in part])
            if dst.dialect == "postgresql":
                _reset_sequences(writer, table)
    expected, copied = row_counts(src), row_counts(dst)
    if expected != copied:
        raise StoreError(f"the copy is incomplete: source rows {expected}, copied {copied}")
    checksum = review_log_checksum(src)
    if review_log_checksum(dst) != checksum:
        raise StoreError("the copied review log differs from the source (checksum mismatch)")
    return CopyReport(copied, checksum)
