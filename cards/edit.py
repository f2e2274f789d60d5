"""Editing a card in the user's editor: where the card is written, and the command that opens it."""

from __future__ import annotations

import shlex
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from cards.loader import Collection
from engine.yamlpos import YamlError, read_yaml_file

NO_EDITOR = "Set $EDITOR (or $VISUAL) to edit cards from here, e.g. `export EDITOR=nano`."


@dataclass(frozen=True)
class Place:
    """Where to open a deck file: a card's front line, or the line of a problem to fix."""

    path: Path
    line: int


class EditError(ValueError):
    """The card cannot be opened in an editor; the message says why in one line."""


def locate(collection: Collection, key: str) -> Place:
    """The file and line of `key` (read again now: the file may have changed since it loaded)."""
    deck_id, _, card_id = key.partition("/")
    loaded = collection.deck(deck_id)
    if loaded is None or collection.card(key) is None:
        raise EditError(f"{key} is not a card of a loaded deck (drill kinds are edited in their template)")
    if loaded.bundled:
        name = loaded.path.name
        raise EditError(
            f"{key} is in a bundled deck: `flopcards edit-deck {deck_id}` copies {name} into your deck "
            "folder, and your copy (same id, history kept) replaces the bundled one"
        )
    try:
        doc = read_yaml_file(loaded.path)
    except YamlError as error:
        raise EditError(f"cannot read {loaded.path}: {error.problem.message}") from error
    cards = doc.data.get("cards") if isinstance(doc.data, dict) else None
    index = next(
        (i for i, c in enumerate(cards or []) if isinstance(c, dict) and str(c.get("id")) == card_id), None
    )
    at = doc.position(("cards", index, "front")) if index is not None else None
    return Place(loaded.path, at.line if at else 1)


def editor_command(environ: Mapping[str, str], place: Place) -> list[str]:
    """$VISUAL or $EDITOR, then '+line file' (vi, vim, nano, emacs and micro open at that line);
    EditError when neither is set."""
    editor = (environ.get("VISUAL") or environ.get("EDITOR") or "").strip()
    if not editor:
        raise EditError(NO_EDITOR)
    try:
        words = shlex.split(editor)
    except ValueError as error:
        raise EditError(f"cannot read $EDITOR {editor!r}: {error}") from error
    return [*words, f"+{place.line}", str(place.path)]
