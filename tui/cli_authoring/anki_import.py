"""`flopcards import FILE.apkg|.colpkg [--with-history]`: Anki notes to YAML decks, and their reviews."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from engine.settings import Settings, user_deck_dir

if TYPE_CHECKING:
    from tui.anki import AnkiCollection, Converted


def run(path: Path, settings: Settings, *, with_history: bool, write: Callable[[Path, str], None]) -> int:
    """Import one package; `write(path, text)` replaces a deck file atomically."""
    from tui.anki import AnkiPackageError, convert, read_package
    from tui.authoring import deck_text, load_collection

    try:
        collection = read_package(path)
    except AnkiPackageError as error:
        print(f"flopcards import: error: {error}", file=sys.stderr)
        return 1
    converted = convert(collection)
    folder = user_deck_dir()
    others = {d.id: d for d in load_collection(settings.deck_dirs).decks}
    header = f"Imported from {path.name} by `flopcards import`; importing it again updates these cards."
    for deck in converted.decks:
        target = folder / f"{deck.id}.yaml"
        clash = others.get(deck.id)
        if clash is not None and clash.path.resolve() != target.resolve():
            message = f"deck id '{deck.id}' is already used by {clash.path}"
            print(f"flopcards import: error: {message}", file=sys.stderr)
            return 1
        existed = target.exists()
        write(target, deck_text(deck, header=header))
        verb = "updated" if existed else "wrote"
        print(f"{verb} {target}: {len(deck.cards)} card{'s' if len(deck.cards) != 1 else ''}")
    for warning in converted.warnings:
        print(f"{path}: warning: {warning}", file=sys.stderr)
    if with_history:
        return _history(collection, converted, settings)
    return 0


def _history(collection: AnkiCollection, converted: Converted, settings: Settings) -> int:
    from engine.store.database import StoreError, open_store
    from engine.store.history import write_histories
    from engine.studyday import StudyClock, utc_now
    from tui.anki import histories

    try:
        store = open_store(settings.db)
    except StoreError as error:
        print(f"flopcards import: error: {error}", file=sys.stderr)
        return 1
    try:
        clock = StudyClock(day_start_hour=settings.day_start_hour)
        found = histories(collection, converted, clock, utc_now())
        added, cards = write_histories(store, found)
    finally:
        store.close()
    answers = f"{added} answer{'s' if added != 1 else ''}"
    print(f"review history: {answers} added, {cards} card{'s' if cards != 1 else ''} scheduled as in Anki")
    return 0
