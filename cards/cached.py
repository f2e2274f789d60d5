"""Decks through the file cache: a deck file unchanged since its last read is not parsed again."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from cards.glance import card_near
from cards.schema import Card, Deck
from cards.version import DECK_NAMESPACE as NAMESPACE
from cards.version import HEAD_NAMESPACE as HEADS
from cards.version import cache_version
from engine import budget
from engine.cache import FileCache, decode_problems, encode_problems, read_stamped
from engine.problems import Problem
from engine.yamlpos import Position

FreshRead = tuple[Deck | None, list[Problem], Position | None]
Fresh = Callable[[Path, bytes | None], FreshRead]
Read = tuple["Deck | Sketch | None", list[Problem], Position | None]


@dataclass(frozen=True)
class DeckHead:
    """What a deck is known by before its cards are validated: id, title and card ids in order."""

    id: str
    title: str
    card_ids: tuple[str, ...]

    @staticmethod
    def of(deck: Deck) -> DeckHead:
        return DeckHead(deck.id, deck.title, tuple(c.id for c in deck.cards))


@dataclass(frozen=True)
class Sketch:
    """A cached deck not validated yet: its head now, the whole deck on `load()` (validated from the
    cached JSON, read again from the cache: a million cards' JSON is not held meanwhile; if that
    fails, is gone or disagrees with the head, the file is parsed afresh)."""

    head: DeckHead
    cache: FileCache
    path: Path
    fresh: Fresh

    @property
    def id(self) -> str:
        return self.head.id

    def load(self) -> Deck:
        reader = FileCache(self.cache.path.parent, self.cache.version)  # its own connection, any thread
        try:
            text = reader.get_text(NAMESPACE, self.path)
        finally:
            reader.close()
        try:
            deck = None if text is None else _Payload.model_validate_json(text).deck
        except ValueError:
            deck = None
        if deck is None or DeckHead.of(deck) != self.head:
            deck = self.fresh(self.path, None)[0]
        return deck or Deck.model_construct(id=self.head.id, title=self.head.title, cards=[])

    def payload_text(self) -> str | None:
        """The cached deck's JSON text (one string: no object per card), None when gone."""
        reader = FileCache(self.cache.path.parent, self.cache.version)
        try:
            return reader.get_text(NAMESPACE, self.path)
        finally:
            reader.close()

    def raw_cards(self) -> list[dict[str, Any]] | None:
        """The cards as cached JSON objects, unvalidated (what the search index reads: no pydantic
        model per card); None when the cache has no payload agreeing with the head."""
        reader = FileCache(self.cache.path.parent, self.cache.version)
        try:
            text = reader.get_text(NAMESPACE, self.path)
        finally:
            reader.close()
        try:
            cards = None if text is None else json.loads(text)["deck"]["cards"]
            if not isinstance(cards, list) or tuple(c["id"] for c in cards) != self.head.card_ids:
                return None
        except (KeyError, TypeError, ValueError):
            return None
        return cards


def card_in(text: str, card_id: str, near: int = 0) -> tuple[Card | None, int]:
    """One card validated out of a cached deck's JSON text (None when it is not there or not a
    card), looked for from `near` first; with where its object ends (glance.card_near)."""
    found, end = card_near(text, card_id, near)
    try:
        return (None if found is None else Card.model_validate(found)), end
    except ValueError:
        return None, near


class _Payload(BaseModel):
    """The cached read's shape, validated straight from its JSON text (pydantic-core parses it)."""

    deck: Deck | None
    problems: list[tuple[str, int | None, int | None, str, str]]
    at: tuple[int, int] | None


def read_deck(cache: FileCache, path: Path, fresh: Fresh) -> Read:
    """The cached read of `path` if the file is unchanged, else `fresh(path, bytes)` stored for next
    time; either way a deck comes as a Sketch (its cards validated from the JSON when first used).
    A warm read decodes the small head record; the whole payload only when that one is missing."""
    for namespace, head_of in ((HEADS, _head_of_record), (NAMESPACE, _head_of_payload)):
        text = cache.get_text(namespace, path)
        hit = None if text is None else _decode(text, head_of, cache, path, fresh)
        if hit is not None:
            return hit
    try:
        raw, stamp = read_stamped(path)
    except (OSError, ValueError):  # unreadable, not a regular file, too large: nothing read
        return fresh(path, None)  # reports why it cannot be read; nothing to cache
    read = fresh(path, raw)
    if budget.past_deadline():  # an overrun (maybe a skip) tells of the machine's load, not the file
        return read
    stored = cache.put(NAMESPACE, path, stamp, _encode(read, _payload))
    deck, problems, at = read
    if stored is not None:
        cache.put(HEADS, path, stamp, _encode(read, _record))
    if deck is None or stored is None:
        return read
    # kept as the warm start keeps it: a validated deck of 100k cards takes ~120 MB
    return Sketch(DeckHead.of(deck), cache, path, fresh), problems, at


def _encode(read: FreshRead, deck_json: Callable[[Deck], Any]) -> dict[str, Any]:
    deck, problems, at = read
    return {
        "deck": None if deck is None else deck_json(deck),
        "problems": encode_problems(problems),
        "at": None if at is None else [at.line, at.col],
    }


def _payload(deck: Deck) -> Any:
    return deck.model_dump(mode="json", exclude_defaults=True)


def _record(deck: Deck) -> Any:
    # ids are slugs (no line breaks): one string decodes far faster than a list of 100k strings
    return [deck.id, deck.title, "\n".join(c.id for c in deck.cards)]


def _head_of_payload(deck: Any) -> DeckHead:
    return DeckHead(_text(deck["id"]), _text(deck["title"]), tuple(_text(c["id"]) for c in deck["cards"]))


def _head_of_record(deck: Any) -> DeckHead:
    deck_id, title, ids = (_text(part) for part in deck)
    return DeckHead(deck_id, title, tuple(ids.split("\n")) if ids else ())


def _decode(
    text: str, head_of: Callable[[Any], DeckHead], cache: FileCache, path: Path, fresh: Fresh
) -> Read | None:
    """The cached read (a head record's or a whole payload's, as `head_of` reads its deck) with the
    deck as a Sketch (a plain JSON parse: ids and title only); None when the text is not one."""
    try:
        payload = json.loads(text)
        deck = payload["deck"]
        problems = decode_problems(payload["problems"])
        at = payload["at"]
        position = None if at is None else Position(int(at[0]), int(at[1]))
        if deck is None:
            return None, problems, position
        head = head_of(deck)
    except (KeyError, TypeError, ValueError, IndexError):
        return None
    return Sketch(head, cache, path, fresh), problems, position


def _text(value: Any) -> str:
    if not isinstance(value, str):
        raise TypeError("not a string")
    return value


def open_deck_cache(folder: Path) -> FileCache:
    return FileCache(folder, cache_version())
