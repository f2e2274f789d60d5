"""Decks through the file cache: a deck file unchanged since its last read is not parsed again."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from cards.schema import Deck
from cards.version import cache_version
from engine.cache import FileCache, decode_problems, encode_problems, read_stamped
from engine.problems import Problem
from engine.yamlpos import Position

NAMESPACE = "deck"
Read = tuple[Deck | None, list[Problem], Position | None]


def read_deck(cache: FileCache, path: Path, fresh: Callable[[Path, bytes | None], Read]) -> Read:
    """The cached read of `path` if the file is unchanged, else `fresh(path, bytes)` stored for next time."""
    payload = cache.get(NAMESPACE, path)
    if payload is not None:
        hit = _decode(payload)
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
        "deck": None if deck is None else deck.model_dump(mode="json"),
        "problems": encode_problems(problems),
        "at": None if at is None else [at.line, at.col],
    }


def _decode(payload: Any) -> Read | None:
    """A payload back as a read, validated again by the schema; None when it is not one."""
    try:
        deck = None if payload["deck"] is None else Deck.model_validate(payload["deck"])
        problems = decode_problems(payload["problems"])
        at = payload["at"]
        position = None if at is None else Position(int(at[0]), int(at[1]))
    except (KeyError, TypeError, ValueError):  # pydantic's ValidationError is a ValueError
        return None
    return deck, problems, position


def open_deck_cache(folder: Path) -> FileCache:
    return FileCache(folder, cache_version())
