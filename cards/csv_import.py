"""Reading CSV/TSV cards (front, back, tags; Anki's plain-text export) and merging them into a deck."""

from __future__ import annotations

import csv
import hashlib
import html
import itertools
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from pydantic import ValidationError

from cards.schema import Card, Deck

MAX_IMPORT_BYTES = 20_000_000
MAX_IMPORT_ROWS = 20_000
MAX_CELL_CHARS = 20_000
_SEPARATORS = {"tab": "\t", "comma": ",", "semicolon": ";", "pipe": "|", "space": " ", "colon": ":"}
_FRONT_NAMES = {"front", "question", "q", "text"}
_BACK_NAMES = {"back", "answer", "a", "back extra"}
_TAG_NAMES = {"tags", "tag"}
_BREAK = re.compile(r"<br\s*/?>|</div>|</p>|</li>", re.IGNORECASE)
_TAG = re.compile(r"<[^>]*>")


class CsvImportError(ValueError):
    """The file cannot be imported at all (unreadable, no rows)."""


@dataclass(frozen=True)
class Row:
    """One card read from the file, with the line it started on."""

    line: int
    front: str
    back: str
    tags: tuple[str, ...]
    guid: str | None = None
    """Anki's note GUID (`#guid column:`): the card id comes from it, so a reworded note updates."""


@dataclass
class Table:
    """What a file holds: its rows, Anki's header settings, and the rows skipped (with why)."""

    rows: list[Row] = field(default_factory=list)
    skipped: list[tuple[int, str]] = field(default_factory=list)
    deck_name: str | None = None


def card_id(front: str) -> str:
    """Stable id from the front's words: the same question always gets the same id."""
    digest = hashlib.sha1(" ".join(front.split()).encode("utf-8")).hexdigest()
    return f"c-{digest[:10]}"


def guid_card_id(guid: str, suffix: str = "") -> str:
    """Stable id from an Anki note GUID ('n-' + 10 hex digits, + '-c2' for cloze 2): the same for the
    note's .txt and .apkg exports, and unchanged when the note is reworded."""
    return f"n-{hashlib.sha1(guid.encode('utf-8')).hexdigest()[:10]}{suffix}"


def row_card_id(row: Row) -> str:
    return guid_card_id(row.guid) if row.guid else card_id(row.front)


def _from_html(text: str) -> str:
    text = _BREAK.sub("\n", text)
    return html.unescape(_TAG.sub("", text)).replace("\u00a0", " ")


def _clean(text: str, is_html: bool) -> str:
    text = _from_html(text) if is_html else text
    lines = [line.rstrip() for line in text.replace("\r\n", "\n").replace("\r", "\n").split("\n")]
    return "\n".join(lines).strip("\n").strip()


def _tags(cell: str) -> tuple[str, ...]:
    parts = re.split(r"[,;]", cell) if re.search(r"[,;]", cell) else cell.split()
    return tuple(dict.fromkeys(p.strip() for p in parts if p.strip()))


def _is_header(cells: list[str]) -> bool:
    """A row naming the columns: a front name, a back name, and nothing but known names."""
    known = _FRONT_NAMES | _BACK_NAMES | _TAG_NAMES | {""}
    found = set(cells)
    return bool(found & _FRONT_NAMES) and bool(found & _BACK_NAMES) and found <= known


def _directives(handle: TextIO) -> tuple[dict[str, str], int, str]:
    """Anki's `#key:value` header lines, how many lines they take, and the first line after them."""
    found: dict[str, str] = {}
    count = 0
    while True:
        line = handle.readline(MAX_CELL_CHARS)
        match = re.match(r"#\s*([a-z ]+?)\s*:(.*)$", line.rstrip("\r\n"), re.IGNORECASE)
        if not match or count >= 100:
            return found, count, line
        found[match.group(1).lower()] = match.group(2).strip()
        count += 1


def _separator(value: str | None, path: Path) -> str:
    if value:
        return _SEPARATORS.get(value.lower(), value[0])
    return "," if path.suffix.lower() == ".csv" else "\t"


def _column(settings: dict[str, str], name: str) -> int | None:
    value = settings.get(f"{name} column", "")
    return int(value) - 1 if value.isdigit() and int(value) > 0 else None


def read_table(path: Path) -> Table:
    """Parse the file, streaming (memory bounded by the rows kept); CsvImportError when it cannot."""
    try:
        if not path.is_file():
            raise CsvImportError(f"{path}: not a regular file")
        if path.stat().st_size > MAX_IMPORT_BYTES:
            raise CsvImportError(f"{path}: larger than {MAX_IMPORT_BYTES:,} bytes")
        with path.open(encoding="utf-8-sig", newline="") as handle:
            return _read_table(handle, path)
    except (OSError, UnicodeDecodeError) as error:
        raise CsvImportError(f"{path}: cannot read: {' '.join(str(error).split())[:160]}") from None


def _read_table(handle: TextIO, path: Path) -> Table:
    settings, skip, first = _directives(handle)
    sep = _separator(settings.get("separator"), path)
    is_html = settings.get("html", "false").lower() == "true"
    reserved = {c for c in (_column(settings, n) for n in ("guid", "notetype", "deck")) if c is not None}
    tags_col = _column(settings, "tags")
    names = [n.strip().lower() for n in settings["columns"].split(sep)] if "columns" in settings else None
    table = Table(deck_name=settings.get("deck"))
    try:
        reader = csv.reader(itertools.chain([first], handle), delimiter=sep)
    except (csv.Error, TypeError) as error:
        raise CsvImportError(f"{path}:1: separator {sep!r} cannot be used: {error}") from None
    try:
        _read_rows(reader, table, names, skip, reserved, tags_col, is_html, _column(settings, "guid"))
    except CsvImportError as error:
        raise CsvImportError(f"{path}:{skip + reader.line_num}: {error}") from None
    except csv.Error as error:
        where = f"{path}:{skip + reader.line_num}"
        hint = " (is a quote left open, or a cell over 131,072 characters?)" if "field" in str(error) else ""
        raise CsvImportError(f"{where}: {error}{hint}") from None
    if not table.rows:
        raise CsvImportError(f"{path}: no cards found (expected columns front, back, tags)")
    return table


def _read_rows(
    reader: Any,
    table: Table,
    names: list[str] | None,
    skip: int,
    reserved: set[int],
    tags_col: int | None,
    is_html: bool,
    guid_col: int | None = None,
) -> None:
    last = 0
    for row in reader:
        line, last = skip + last + 1, reader.line_num  # a quoted cell may span lines: its first one
        if not any(cell.strip() for cell in row):
            continue
        cells = [c.strip().lower() for c in row]
        if names is None and _is_header(cells):
            names = cells
            continue
        if names is not None:
            front_at = next((i for i, n in enumerate(names) if n in _FRONT_NAMES), 0)
            back_at = next((i for i, n in enumerate(names) if n in _BACK_NAMES), 1)
            tags_at = next((i for i, n in enumerate(names) if n in _TAG_NAMES), tags_col)
        else:
            fields = [i for i in range(len(row)) if i not in reserved and i != tags_col]
            front_at, back_at = [*fields, -1, -1][:2]
            tags_at = tags_col if tags_col is not None else (fields[2] if len(fields) > 2 else None)

        def cell(i: int | None, row: list[str] = row) -> str:
            return row[i] if i is not None and 0 <= i < len(row) else ""

        if len(table.rows) >= MAX_IMPORT_ROWS:
            raise CsvImportError(f"more than {MAX_IMPORT_ROWS:,} cards in one file; split it")
        if max((len(c) for c in row), default=0) > MAX_CELL_CHARS:
            table.skipped.append((line, f"a cell is longer than {MAX_CELL_CHARS:,} characters"))
            continue
        front, back = _clean(cell(front_at), is_html), _clean(cell(back_at), is_html)
        if not front or not back:
            table.skipped.append((line, f"no {'front' if not front else 'back'}"))
            continue
        tags = _tags(cell(tags_at))
        guid = cell(guid_col).strip() or None
        try:  # the row must make a valid card, so the written deck always validates
            Card(id=card_id(front), front=front, back=back, tags=list(tags))
        except ValidationError as error:
            first = error.errors(include_url=False)[0]
            table.skipped.append((line, f"{'.'.join(map(str, first['loc']))}: {first['msg']}"))
            continue
        table.rows.append(Row(line, front, back, tags, guid))


@dataclass(frozen=True)
class Merge:
    """The deck after an import, and what changed."""

    deck: Deck
    added: int
    updated: int
    unchanged: int
    kept: int
    """Cards of the existing deck that the file does not have (kept, not deleted)."""
    repeated: tuple[int, ...]
    """Lines whose front repeats an earlier row (the later row wins)."""


def merge(
    existing: Deck | None, table: Table, *, deck_id: str, title: str, extra_tags: tuple[str, ...] = ()
) -> Merge:
    """Apply the rows to the deck: same GUID (or, without one, same front) -> same id -> updated in
    place, never duplicated."""
    cards: dict[str, Card] = {c.id: c for c in existing.cards} if existing else {}
    before = dict(cards)
    order = list(cards)
    touched: dict[str, str] = {}
    repeated: list[int] = []
    added = updated = unchanged = 0
    for row in table.rows:
        cid = row_card_id(row)
        tags = list(dict.fromkeys((*row.tags, *extra_tags)))
        if cid in touched:
            repeated.append(row.line)
        old = cards.get(cid)
        new = (
            Card(id=cid, front=row.front, back=row.back, tags=tags)
            if old is None
            else old.model_copy(update={"front": row.front, "back": row.back, "tags": tags or old.tags})
        )
        if cid not in cards:
            order.append(cid)
        cards[cid] = new
        touched[cid] = row.front
    for cid in touched:  # counted on the final cards: a repeated row is one card, not an update
        old = before.get(cid)
        added += old is None
        updated += old is not None and cards[cid] != old
        unchanged += old is not None and cards[cid] == old
    kept = sum(1 for cid in cards if cid not in touched)
    base = existing or Deck(id=deck_id, title=title, description="Imported cards.")
    deck = base.model_copy(update={"cards": [cards[cid] for cid in order]})
    return Merge(Deck.model_validate(deck.model_dump()), added, updated, unchanged, kept, tuple(repeated))
