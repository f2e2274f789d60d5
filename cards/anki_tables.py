"""An Anki collection's tables as plain data: schema 11 (JSON in `col`) and schema 18 (own tables).

Schema 18 keeps note types' kind and card templates as protobuf blobs; the few fields read here are
decoded by a minimal wire-format reader (field 1 of NotetypeConfig is the kind, fields 1 and 2 of
CardTemplateConfig the question and answer formats), so no protobuf schema is needed.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass

Templates = tuple[tuple[str, str], ...]
"""(question format, answer format) per template ord."""
BASIC: Templates = (("{{Front}}", "{{FrontSide}}<hr id=answer>{{Back}}"),)
CLOZE: Templates = (("{{cloze:Text}}", "{{cloze:Text}}<br>{{Back Extra}}"),)


class AnkiPackageError(ValueError):
    """The file is not a readable Anki package; the message says why in one line."""


@dataclass(frozen=True)
class AnkiNote:
    """One note: its GUID, note type, field names and values (HTML), tags, deck and templates."""

    id: int
    guid: str
    notetype: str
    field_names: tuple[str, ...]
    fields: tuple[str, ...]
    tags: tuple[str, ...]
    deck: str
    is_cloze: bool
    templates: Templates = BASIC


@dataclass(frozen=True)
class AnkiCard:
    """One card of a note (`ord` picks the template or the cloze number) and its schedule."""

    id: int
    note_id: int
    ord: int
    type: int
    """0 new, 1 learning, 2 review, 3 relearning."""
    due: int
    """Review and day-learning cards: days since the collection's creation; learning: epoch seconds.
    For a card in a filtered deck, its original due (Anki's odue) when it has one."""
    interval: int
    factor: int
    """Ease in permille (2500 = 2.5); 0 for new cards."""
    lapses: int
    queue: int = 0
    """-3/-2 buried, -1 suspended, 0 new, 1 learning, 2 review, 3 day learning, 4 preview."""
    flags: int = 0
    """The user's flag colour in the low 3 bits (0 none)."""
    modified: int = 0
    """When the card last changed in Anki (epoch seconds): answered, suspended, buried, flagged..."""


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
    created_west: int | None = None
    """Anki's creationOffset: minutes west of UTC where the collection was made (None: legacy)."""
    rollover: int = 4
    """Hour the study day starts at in that collection."""


def _varint(blob: bytes, at: int) -> tuple[int, int]:
    value = shift = 0
    while True:
        byte = blob[at]
        value |= (byte & 0x7F) << shift
        at += 1
        if not byte & 0x80:
            return value, at
        shift += 7


def proto_fields(blob: bytes) -> dict[int, int | bytes]:
    """The first value of each field number of a protobuf message (varints and length-delimited)."""
    found: dict[int, int | bytes] = {}
    at = 0
    while at < len(blob):
        key, at = _varint(blob, at)
        number, wire = key >> 3, key & 7
        value: int | bytes
        if wire == 0:
            value, at = _varint(blob, at)
        elif wire == 2:
            size, at = _varint(blob, at)
            value, at = blob[at : at + size], at + size
        elif wire in (1, 5):
            value, at = 0, at + (8 if wire == 1 else 4)
        else:
            raise ValueError(f"protobuf wire type {wire}")
        found.setdefault(number, value)
    return found


def _text(value: int | bytes | None) -> str:
    return value.decode("utf-8", "replace") if isinstance(value, bytes) else ""


NoteType = tuple[str, tuple[str, ...], bool, Templates]


def _tables(db: sqlite3.Connection) -> set[str]:
    return {row[0] for row in db.execute("select name from sqlite_master where type = 'table'")}


def _note_types(db: sqlite3.Connection) -> dict[int, NoteType]:
    """Note type id -> (name, field names, is cloze, templates)."""
    if "notetypes" in _tables(db):
        fields: dict[int, list[str]] = {}
        for ntid, name in db.execute("select ntid, name from fields order by ntid, ord"):
            fields.setdefault(ntid, []).append(name)
        templates: dict[int, list[tuple[str, str]]] = {}
        for ntid, config in db.execute("select ntid, config from templates order by ntid, ord"):
            parsed = proto_fields(config)
            templates.setdefault(ntid, []).append((_text(parsed.get(1)), _text(parsed.get(2))))
        out: dict[int, NoteType] = {}
        for ntid, name, config in db.execute("select id, name, config from notetypes"):
            cloze = proto_fields(config).get(1) == 1
            default = CLOZE if cloze else BASIC
            out[ntid] = (name, tuple(fields.get(ntid, [])), cloze, tuple(templates.get(ntid, default)))
        return out
    (models,) = db.execute("select models from col").fetchone()
    return {
        int(mid): (
            m["name"],
            tuple(f["name"] for f in m["flds"]),
            m.get("type") == 1,
            tuple((t.get("qfmt", ""), t.get("afmt", "")) for t in m.get("tmpls", [])) or BASIC,
        )
        for mid, m in json.loads(models).items()
    }


def _deck_names(db: sqlite3.Connection) -> dict[int, str]:
    if "decks" in _tables(db):
        return {did: name.replace("\x1f", "::") for did, name in db.execute("select id, name from decks")}
    (decks,) = db.execute("select decks from col").fetchone()
    return {int(did): d["name"] for did, d in json.loads(decks).items()}


def _config(db: sqlite3.Connection) -> dict[str, object]:
    if "config" in _tables(db):
        wanted = db.execute("select key, val from config where key in ('creationOffset', 'rollover')")
        return {key: json.loads(val) for key, val in wanted}
    (conf,) = db.execute("select conf from col").fetchone()
    loaded = json.loads(conf) if conf else {}
    return loaded if isinstance(loaded, dict) else {}


CARD_QUERY = (
    "select id, nid, ord, type, case when odid != 0 and odue != 0 then odue else due end, ivl, factor,"
    " lapses, queue, flags, mod, case when odid != 0 then odid else did end from cards order by id"
)
"""A card in a filtered deck is read as it will be at home: its home deck (odid), its original due."""


def read_collection(db: sqlite3.Connection) -> AnkiCollection:
    types = _note_types(db)
    decks = _deck_names(db)
    cards = []
    deck_of_note: dict[int, tuple[int, str]] = {}
    for *row, did in db.execute(CARD_QUERY):
        card = AnkiCard(*row)
        cards.append(card)
        if card.note_id not in deck_of_note or card.ord < deck_of_note[card.note_id][0]:
            deck_of_note[card.note_id] = (card.ord, decks.get(did, "Default"))
    notes = []
    unknown: NoteType = ("Unknown", (), False, BASIC)
    for nid, guid, mid, tags, flds in db.execute("select id, guid, mid, tags, flds from notes order by id"):
        name, names, cloze, templates = types.get(mid, unknown)
        values = tuple(flds.split("\x1f"))
        if not cloze and mid not in types and any("{{c" in value for value in values):
            cloze, templates = True, CLOZE
        deck = deck_of_note.get(nid, (0, "Default"))[1]
        notes.append(AnkiNote(nid, guid, name, names, values, tuple(tags.split()), deck, cloze, templates))
    reviews = tuple(
        AnkiReview(*row) for row in db.execute("select id, cid, ease, type, time from revlog order by id")
    )
    (created,) = db.execute("select crt from col").fetchone()
    config = _config(db)
    west = config.get("creationOffset")
    rollover = config.get("rollover")
    return AnkiCollection(
        int(created),
        tuple(notes),
        tuple(cards),
        reviews,
        west if isinstance(west, int) else None,
        rollover if isinstance(rollover, int) and 0 <= rollover < 24 else 4,
    )
