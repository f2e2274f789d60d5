"""Reading an Anki package (.apkg/.colpkg): the collection member streamed out under a size cap.

Why not the `anki` wheel: it is AGPL and 40 MB with a Rust backend; the collection is a documented
SQLite file, so the standard library reads it (zstandard unpacks the newer `collection.anki21b`).
The member is copied to a temporary file in 1 MiB chunks and refused past MAX_COLLECTION_BYTES, so a
zip bomb costs one chunk of memory, whatever its format; cards/anki_tables.py reads the tables.
"""

from __future__ import annotations

import sqlite3
import tempfile
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO

import zstandard

from cards.anki_tables import (
    AnkiCard,
    AnkiCollection,
    AnkiNote,
    AnkiPackageError,
    AnkiReview,
    read_collection,
)
from engine.yamlpos import quiet_gc

__all__ = ["AnkiCard", "AnkiCollection", "AnkiNote", "AnkiPackageError", "AnkiReview", "read_package"]

MAX_COLLECTION_BYTES = 1_000_000_000
"""Largest unpacked collection read (a 100k-card collection with 1M reviews is ~200 MB)."""
CHUNK = 1 << 20
MEMBERS = ("collection.anki21b", "collection.anki21", "collection.anki2")
"""Newest first: a modern export also holds a stub collection.anki2 that only says 'please update'."""


def _copy_capped(source: IO[bytes], out: IO[bytes], path: Path, cap: int) -> None:
    total = 0
    while chunk := source.read(CHUNK):
        total += len(chunk)
        if total > cap:
            raise AnkiPackageError(f"{path}: the collection unpacks to more than {cap:,} bytes")
        out.write(chunk)


def _unpack(path: Path, target: Path, cap: int) -> None:
    try:
        archive = zipfile.ZipFile(path)
    except (OSError, zipfile.BadZipFile) as error:
        raise AnkiPackageError(f"{path}: not an Anki package (not a zip file: {error})") from None
    with archive:
        names = set(archive.namelist())
        member = next((m for m in MEMBERS if m in names), None)
        if member is None:
            raise AnkiPackageError(
                f"{path}: no Anki collection inside (expected one of {', '.join(MEMBERS)})"
            )
        if archive.getinfo(member).file_size > cap:
            raise AnkiPackageError(f"{path}: the collection is larger than {cap:,} bytes")
        try:
            with archive.open(member) as source, target.open("wb") as out:
                if member.endswith("b"):
                    with zstandard.ZstdDecompressor().stream_reader(source) as reader:
                        _copy_capped(reader, out, path, cap)
                else:  # the zip header's size may lie: the copy itself is capped too
                    _copy_capped(source, out, path, cap)
        except (zipfile.BadZipFile, EOFError, zstandard.ZstdError, NotImplementedError) as error:
            message = " ".join(str(error).split())[:160]
            raise AnkiPackageError(f"{path}: damaged package ({message})") from None


@contextmanager
def _collection_file(path: Path, cap: int) -> Iterator[Path]:
    with tempfile.TemporaryDirectory(prefix="flopcards-anki-") as folder:
        target = Path(folder) / "collection.sqlite"
        _unpack(path, target, cap)
        yield target


def read_package(path: Path, *, cap: int = MAX_COLLECTION_BYTES) -> AnkiCollection:
    """Notes, cards and review log of an .apkg/.colpkg file; AnkiPackageError when it cannot be read."""
    with _collection_file(path, cap) as file, quiet_gc():  # 100,000s of small objects, no cycles
        db = sqlite3.connect(f"file:{file}?mode=ro", uri=True)
        try:
            return read_collection(db)
        except (sqlite3.DatabaseError, KeyError, ValueError, TypeError, IndexError, AttributeError) as error:
            message = " ".join(str(error).split())[:160]
            raise AnkiPackageError(f"{path}: not a readable Anki collection ({message})") from None
        finally:
            db.close()
