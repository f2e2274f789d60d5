"""Anki in both directions for the CLI (headless): the cards/ functions `flopcards import|export` call."""

from __future__ import annotations

from cards.anki_convert import Converted, convert, deck_names
from cards.anki_export import plain_text, write_apkg
from cards.anki_history import histories
from cards.anki_package import AnkiCollection, AnkiPackageError, read_package

__all__ = [
    "AnkiCollection",
    "AnkiPackageError",
    "Converted",
    "convert",
    "deck_names",
    "histories",
    "plain_text",
    "read_package",
    "write_apkg",
]
