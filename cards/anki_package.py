"""Reading an Anki package (.apkg/.colpkg) directly: the SQLite collection inside, old and new formats.

Why not the `anki` wheel: it is AGPL and 40 MB with a Rust backend; the collection is a documented
SQLite file, so the standard library reads it (zstandard unpacks the newer `collection.anki21b`).
Both the schema-11 layout (note types as JSON in `col`) and schema 18 (`notetypes`, `fields`, `decks`
tables) are read. Sizes are checked before anything is unpacked.
"""

from __future__ import annotations

import json
import sqlite3
import tempfile
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

MAX_COLLECTION_BYTES = 2_000_000_000
"""Largest unpacked collection read (a 100k-card collection with 1M reviews is ~200 MB)."""
MEMBERS = ("collection.anki21b", "collection.anki21", "collection.anki2")
"""Newest first: a modern export also holds a stub collection.anki2 that only says 'please update'."""


class AnkiPackageError(ValueError):
    """The file is not a readable Anki package; the message says why in one line."""


@dataclass(frozen=True)
class AnkiNote:
    """One note: its GUID, note type, field names and values (HTML), tags and deck."""

    id: int
    guid: str
    notetype: str
    field_names: tuple[str, ...]
    fields: tuple[str, ...]
    tags: tuple[str, ...]
    deck: str
    is_cloze: bool


@dataclass(frozen=True)
class AnkiCard:
    """One card of a note (`ord` picks the template or the cloze number) and its schedule."""

    id: int
    note_id: int
    ord: int
    type: int
    """0 new, 1 learning, 2 review, 3 relearning."""
    due: int
    """Review cards: days since the collection's creation; learning cards: epoch seconds."""
    interval: int
    factor: int
    """Ease in permille (2500 = 2.5); 0 for new cards."""
    lapses: int


@dataclass(frozen=True)
class AnkiReview:
    """One revlog row: epoch milliseconds, card, button (1 Again .. 4 Easy), kind, time taken."""

    at_ms: int
    card_id: int
    ease: int
    kind: int
    """0 learn, 1 review, 2 relearn, 3 filtered, 4 manual (rescheduled, not an answer)."""
    millis: int


@dataclass(frozen=True)
class AnkiCollection:
    """What a package holds, as plain data."""

    created: int
    """Collection creation, epoch seconds (review due days count from its day)."""
    notes: tuple[AnkiNote, ...]
    cards: tuple[AnkiCard, ...]
    reviews: tuple[AnkiReview, ...]


def _unpack(path: Path, target: Path) -> None:
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
        if archive.getinfo(member).file_size > MAX_COLLECTION_BYTES:
            raise AnkiPackageError(f"{path}: the collection is larger than {MAX_COLLECTION_BYTES:,} bytes")
        with archive.open(member) as source, target.open("wb") as out:
            if member.endswith("b"):
                _unzstd(source, out, path)
            else:
                out.write(source.read(MAX_COLLECTION_BYTES + 1))


def _unzstd(source: object, out: object, path: Path) -> None:
    try:
        import zstandard
    except ImportError:  # pragma: no cover - zstandard is a dependency
        raise AnkiPackageError(f"{path}: reading new-format packages needs the zstandard package") from None
    reader = zstandard.ZstdDecompressor().stream_reader(source)  # type: ignore[arg-type]
    total = 0
    while chunk := reader.read(1 << 20):
        total += len(chunk)
        if total > MAX_COLLECTION_BYTES:
            raise AnkiPackageError(
                f"{path}: the collection unpacks to more than {MAX_COLLECTION_BYTES:,} bytes"
            )
        out.write(chunk)  # type: ignore[attr-defined]


def _note_types(db: sqlite3.Connection) -> dict[int, tuple[str, tuple[str, ...], bool]]:
    """Note type id -> (name, field names, is cloze)."""
    tables = {row[0] for row in db.execute("select name from sqlite_master where type = 'table'")}
    if "notetypes" in tables:
        fields: dict[int, list[str]] = {}
        for ntid, name in db.execute("select ntid, name from fields order by ntid, ord"):
            fields.setdefault(ntid, []).append(name)
        return {
            ntid: (name, tuple(fields.get(ntid, [])), "cloze" in name.lower())
            for ntid, name in db.execute("select id, name from notetypes")
        }
    (models,) = db.execute("select models from col").fetchone()
    return {
        int(mid): (m["name"], tuple(f["name"] for f in m["flds"]), m.get("type") == 1)
        for mid, m in json.loads(models).items()
    }


def _deck_names(db: sqlite3.Connection) -> dict[int, str]:
    tables = {row[0] for row in db.execute("select name from sqlite_master where type = 'table'")}
    if "decks" in tables:
        return {did: name.replace("\x1f", "::") for did, name in db.execute("select id, name from decks")}
    (decks,) = db.execute("select decks from col").fetchone()
    return {int(did): d["name"] for did, d in json.loads(decks).items()}


def _read(db: sqlite3.Connection) -> AnkiCollection:
    types = _note_types(db)
    decks = _deck_names(db)
    cards = tuple(
        AnkiCard(*row)
        for row in db.execute("select id, nid, ord, type, due, ivl, factor, lapses from cards order by id")
    )
    deck_of_note: dict[int, str] = {}
    for did, nid in db.execute("select did, nid from cards order by ord desc"):
        deck_of_note[nid] = decks.get(did, "Default")
    notes = []
    for nid, guid, mid, tags, flds in db.execute("select id, guid, mid, tags, flds from notes order by id"):
        name, names, cloze = types.get(mid, ("Unknown", (), False))
        values = tuple(flds.split("\x1f"))
        cloze = cloze or any("{{c" in value for value in values)
        notes.append(
            AnkiNote(
                nid, guid, name, names, values, tuple(tags.split()), deck_of_note.get(nid, "Default"), cloze
            )
        )
    reviews = tuple(
        AnkiReview(*row) for row in db.execute("select id, cid, ease, type, time from revlog order by id")
    )
    (created,) = db.execute("select crt from col").fetchone()
    return AnkiCollection(int(created), tuple(notes), cards, reviews)


@contextmanager
def _collection_file(path: Path) -> Iterator[Path]:
    with tempfile.TemporaryDirectory(prefix="flopcards-anki-") as folder:
        target = Path(folder) / "collection.sqlite"
        _unpack(path, target)
        yield target


def read_package(path: Path) -> AnkiCollection:
    """Notes, cards and review log of an .apkg/.colpkg file; AnkiPackageError when it cannot be read."""
    with _collection_file(path) as file:
        db = sqlite3.connect(f"file:{file}?mode=ro", uri=True)
        try:
            return _read(db)
        except (sqlite3.DatabaseError, KeyError, ValueError, TypeError) as error:
            raise AnkiPackageError(f"{path}: not a readable Anki collection ({error})") from None
        finally:
            db.close()
