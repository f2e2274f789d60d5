"""The version of the deck-reading code, and where the bundled decks are (light: no pydantic, no YAML)."""

from __future__ import annotations

from pathlib import Path

from engine.cache import code_version

BUNDLED_DIR = Path(__file__).with_name("decks")
"""The bundled decks (cards.loader reads them; the start-up path checks them)."""
DECK_NAMESPACE = "deck"
"""Where the file cache keeps each deck file's validated read (cards.cached writes it)."""
HEAD_NAMESPACE = "deck-head"
"""Beside each deck's payload: its id, title and card ids alone (what a warm start reads)."""


def cache_version() -> str:
    """A digest of that code: a change to it makes every cached deck and outline stale."""
    here = Path(__file__).parent
    engine = here.parent / "engine"
    return code_version(
        here, engine / "yamlpos.py", engine / "yamltree.py", engine / "problems.py", engine / "units.py"
    )
