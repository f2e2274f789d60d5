"""The version of the code that parses and validates decks (light: no pydantic, no YAML imported)."""

from __future__ import annotations

from pathlib import Path

from engine.cache import code_version


def cache_version() -> str:
    """A digest of that code: a change to it makes every cached deck and outline stale."""
    here = Path(__file__).parent
    engine = here.parent / "engine"
    return code_version(
        here, engine / "yamlpos.py", engine / "yamltree.py", engine / "problems.py", engine / "units.py"
    )
