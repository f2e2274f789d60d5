"""Decks through the file cache: a deck file unchanged since its last read is not parsed again."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from cards.schema import Deck
from cards.version import cache_version
from engine.cache import FileCache, decode_problems, encode_problems, read_stamped
from engine.problems import Problem
from engine.yamlpos import Position

NAMESPACE = "deck"
Read = tuple[Deck | None, list[Problem], Position | None]


class _Payload(BaseModel):
    """The cached read's shape, validated straight from its JSON text (pydantic-core parses it)."""

    deck: Deck | None
    problems: list[tuple[str, int | None, int | None, str, str]]
    at: tuple[int, int] | None


def read_deck(cache: FileCache, path: Path, fresh: Callable[[Path, bytes | None], Read]) -> Read:
    """The cached read of `path` if the file is unchanged, else `fresh(path, bytes)` stored for next time."""
    text = cache.get_text(NAMESPACE, path)
    if text is not None:
        hit = _decode(text)
        if hit is not None:
            return hit
    try:
        raw, stamp = read_stamped(path)
    except OSError:
        return fresh(path, None)  # reports why it cannot be read; nothing to cache
    read = fresh(path, raw)
    cache.put(NAMESPACE, path, stamp, _encode(read))
    return read


def _encode(read: Read) -> dict[str, Any]:
    deck, problems, at = read
    return {
        "deck": None if deck is None else deck.model_dump(mode="json", exclude_defaults=True),
        "problems": encode_problems(problems),
        "at": None if at is None else [at.line, at.col],
    }


def _decode(text: str) -> Read | None:
    """A payload back as a read, validated again by the schema; None when it is not one."""
    try:
        payload = _Payload.model_validate_json(text)
        problems = decode_problems(payload.problems)
    except (TypeError, ValueError):  # pydantic's ValidationError is a ValueError
        return None
    position = None if payload.at is None else Position(*payload.at)
    return payload.deck, problems, position


def open_deck_cache(folder: Path) -> FileCache:
    return FileCache(folder, cache_version())
