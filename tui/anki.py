"""Anki in both directions for the CLI (headless): the cards/ functions `flopcards import|export` call.

Each is imported when first used: an import without `--with-history` does not load the store
(SQLAlchemy), and none loads the exporter; that fixed start is most of a small import's time.
"""

from __future__ import annotations

from collections.abc import Iterable
from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cards.anki_convert import Converted, convert, deck_names
    from cards.anki_export import plain_text, write_apkg
    from cards.anki_history import histories
    from cards.anki_package import AnkiCollection, AnkiPackageError, read_package
    from cards.example import slugify
    from cards.loader import Collection
    from cards.yamlwrite import deck_text

_HOMES = {
    "Converted": "cards.anki_convert",
    "convert": "cards.anki_convert",
    "deck_names": "cards.anki_convert",
    "plain_text": "cards.anki_export",
    "write_apkg": "cards.anki_export",
    "histories": "cards.anki_history",
    "AnkiCollection": "cards.anki_package",
    "AnkiPackageError": "cards.anki_package",
    "read_package": "cards.anki_package",
    "deck_text": "cards.yamlwrite",
    "slugify": "cards.example",
}

__all__ = [
    "AnkiCollection",
    "AnkiPackageError",
    "Converted",
    "convert",
    "deck_names",
    "deck_text",
    "decks_here",
    "histories",
    "plain_text",
    "read_package",
    "slugify",
    "write_apkg",
]


def __getattr__(name: str) -> object:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(home), name)


def decks_here(folders: Iterable[Path], cache_dir: Path | None) -> Collection:
    """The decks already here (bundled, then the user's), as the app loads them; with `cache_dir`
    through the deck cache, so an unchanged file is neither parsed nor validated again (an import
    needs only each deck's id, file and card ids)."""
    from cards.cached import open_deck_cache
    from cards.loader import load_collection

    if cache_dir is None:
        return load_collection(folders)
    cache = open_deck_cache(cache_dir)
    try:
        return load_collection(folders, cache=cache)
    finally:
        cache.close()
