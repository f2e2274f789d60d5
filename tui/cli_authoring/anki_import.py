"""`flopcards import FILE.apkg|.colpkg [--id ID] [--with-history]`: Anki notes to YAML decks, and reviews.

All or nothing: everything is read and checked first, deck files are written beside their targets
under temporary names, the history goes in in one transaction, and only then are the files moved into
place; any failure removes the temporary files, so the decks and the collection stay as they were.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from engine.app.values import Settings, user_deck_dir

if TYPE_CHECKING:
    from engine.app.store_commands import ImportedHistory
    from tui.anki import AnkiCollection, Converted
    from tui.authoring import Collection


def _fail(message: str) -> int:
    print(f"flopcards import: error: {message}", file=sys.stderr)
    return 1


def _read(
    path: Path, settings: Settings, deck_id: str | None, here: Collection
) -> tuple[AnkiCollection, Converted] | str:
    from tui.anki import AnkiPackageError, convert, deck_names, read_package

    try:
        collection = read_package(path)
        if deck_id is not None and len(names := deck_names(collection)) > 1:
            shown = ", ".join(names[:5]) + (", ..." if len(names) > 5 else "")
            return f"{path} holds {len(names)} decks ({shown}); --id names one deck: leave it out"
        known = frozenset(f"{d.id}/{c}" for d in here.decks for c in d.head.card_ids)  # none validated
        return collection, convert(collection, known=known, deck_id=deck_id)
    except AnkiPackageError as error:
        return str(error)
    except (ValueError, OverflowError) as error:  # a crafted package: values no card can hold
        return f"{path}: not a readable Anki collection ({' '.join(str(error).split())[:160]})"


def _clash(converted: Converted, here: Collection) -> str | None:
    others = {d.id: d for d in here.decks}
    for deck in converted.decks:
        clash = others.get(deck.id)
        target = user_deck_dir() / f"{deck.id}.yaml"
        if clash is not None and clash.path.resolve() != target.resolve():
            return f"deck id '{deck.id}' is already used by {clash.path}"
    return None


def run(
    path: Path,
    settings: Settings,
    *,
    with_history: bool,
    deck_id: str | None = None,
    title: str | None = None,
    cache_dir: Path | None = None,
) -> int:
    """Import one package: all of it, or nothing when any part fails (`deck_id`, `title`: its deck's;
    `cache_dir`: the deck cache the decks already here are read through)."""
    from tui.anki import deck_text, decks_here

    here = decks_here(settings.deck_dirs, cache_dir)  # the decks already here, read once
    read = _read(path, settings, deck_id, here)
    if isinstance(read, str):
        return _fail(read)
    collection, converted = read
    if title is not None and len(converted.decks) == 1:
        converted.decks[0] = converted.decks[0].model_copy(update={"title": title})
    if problem := _clash(converted, here):
        return _fail(problem)
    found: list[ImportedHistory] | None = None
    written: tuple[int, int] | str | None = None
    if with_history:
        from engine.app.values import StudyClock, utc_now
        from tui.anki import histories

        clock = StudyClock(day_start_hour=settings.day_start_hour)
        try:
            found = histories(collection, converted, clock, utc_now())
        except (ValueError, OverflowError, OSError) as error:
            return _fail(f"{path}: a card's schedule cannot be read ({' '.join(str(error).split())[:160]})")
    header = f"Imported from {path.name} by `flopcards import`; importing it again updates these cards."
    staged: list[tuple[Path, Path]] = []
    try:
        for deck in converted.decks:
            target = user_deck_dir() / f"{deck.id}.yaml"
            temp = target.with_name(f".{target.name}.import")
            target.parent.mkdir(parents=True, exist_ok=True)
            staged.append((temp, target))
            temp.write_text(deck_text(deck, header=header), encoding="utf-8")
        written = _history(found, settings) if found is not None else None
        if isinstance(written, str):
            return _fail(written)
        for deck, (temp, target) in zip(converted.decks, staged, strict=True):
            verb = "updated" if target.exists() else "wrote"
            os.replace(temp, target)
            print(f"{verb} {target}: {len(deck.cards)} card{'s' if len(deck.cards) != 1 else ''}")
    except OSError as error:
        return _fail(f"cannot write the decks ({error.strerror or error}); nothing was imported")
    finally:
        for temp, _ in staged:
            temp.unlink(missing_ok=True)
    matched = len(converted.keys) - sum(len(d.cards) for d in converted.decks)
    if matched > 0:
        print(f"{matched} card{'s' if matched != 1 else ''} exported by flopcards matched their own cards")
    for warning in converted.warnings:
        print(f"{path}: warning: {warning}", file=sys.stderr)
    if isinstance(written, tuple):
        added, cards = written
        answers = f"{added} answer{'s' if added != 1 else ''}"
        print(
            f"review history: {answers} added, {cards} card{'s' if cards != 1 else ''} scheduled as in Anki"
        )
    return 0


def _history(found: list[ImportedHistory], settings: Settings) -> tuple[int, int] | str:
    from engine.app.values import AppError, holds_marks

    if all(h.bare for h in found) and holds_marks(settings.db, {h.deck_id for h in found}) is False:
        return 0, 0  # new cards unmarked there and here: nothing to write (no ORM loaded to learn it)
    from engine.app.store_commands import import_histories

    try:
        return import_histories(settings.db, found)
    except AppError as error:
        return f"{error}; nothing was imported"
