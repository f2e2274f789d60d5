"""Which deck holds a key, and a card deck's keys made on demand from its card ids."""

from __future__ import annotations

import sys
from bisect import bisect_left
from collections.abc import Collection, Iterator, Mapping, Sequence
from itertools import chain
from typing import overload


class PrefixedKeys(Sequence[str]):
    """`prefix + id` for each of `ids`, in order, made only when asked: a deck of 100k cards holds
    its card ids once (its head), not 100k key strings beside them (a million cards: 68 MB), and
    answers membership from a sorted list of them (a dict of the keys was 37 MB at a million)."""

    __slots__ = ("_sorted", "ids", "prefix")

    def __init__(self, prefix: str, ids: Sequence[str]) -> None:
        self.prefix = prefix
        self.ids = ids
        self._sorted: list[str] | None = None

    def __len__(self) -> int:
        return len(self.ids)

    @overload
    def __getitem__(self, at: int) -> str: ...

    @overload
    def __getitem__(self, at: slice) -> PrefixedKeys: ...

    def __getitem__(self, at: int | slice) -> str | PrefixedKeys:
        if isinstance(at, slice):
            return PrefixedKeys(self.prefix, self.ids[at])
        return self.prefix + self.ids[at]

    def __iter__(self) -> Iterator[str]:
        return map(self.prefix.__add__, self.ids)

    def _id_of(self, key: object) -> str | None:
        if isinstance(key, str) and key.startswith(self.prefix):
            return key[len(self.prefix) :]
        return None

    def __contains__(self, key: object) -> bool:
        card_id = self._id_of(key)
        if card_id is None:
            return False
        ordered = self._sorted
        if ordered is None:  # made on the first question, sharing the ids' strings: a sorted list
            # of 100k ids is 0.8 MB where a set is 4 MB, and no slower to make (a set hashes each)
            ordered = self._sorted = sorted(self.ids)
        at = bisect_left(ordered, card_id)
        return at < len(ordered) and ordered[at] == card_id

    def index(self, key: object, start: int = 0, stop: int = sys.maxsize) -> int:
        card_id = self._id_of(key)
        if card_id is None:
            raise ValueError(f"{key!r} is not in the keys")
        return self.ids.index(card_id, start, stop)

    def joined(self, separator: str) -> str:
        """`separator.join(self)`, without making each key first."""
        return self.prefix + (separator + self.prefix).join(self.ids) if self.ids else ""

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (PrefixedKeys, list, tuple)):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"PrefixedKeys({self.prefix!r}, <{len(self.ids)} ids>)"


def joined(keys: Sequence[str], separator: str) -> str:
    """`separator.join(keys)`; a PrefixedKeys's without making its keys."""
    return keys.joined(separator) if isinstance(keys, PrefixedKeys) else separator.join(keys)


class Joined(Collection[str]):
    """The keys of several groups of one deck (cards and drill kinds alike), as one collection."""

    def __init__(self, parts: Sequence[Collection[str]]) -> None:
        self.parts = tuple(parts)

    def __contains__(self, key: object) -> bool:
        return any(key in part for part in self.parts)

    def __iter__(self) -> Iterator[str]:
        return chain.from_iterable(self.parts)

    def __len__(self) -> int:
        return sum(map(len, self.parts))


class DeckOf(Mapping[str, str]):
    """Each key's deck, from each deck's own keys (a dict filled in C, or a card deck's PrefixedKeys:
    the counts ask only about the few hundred due keys); a key is looked for first in the deck its
    `deck-id/` prefix names, then in every deck (deck ids may hold a "/")."""

    def __init__(self, decks: Mapping[str, Collection[str]]) -> None:
        self._decks = decks

    def _find(self, key: object) -> str | None:
        if isinstance(key, str):
            deck = key.partition("/")[0]
            first = self._decks.get(deck)
            if first is not None and key in first:
                return deck
            for deck, keys in self._decks.items():
                if key in keys:
                    return deck
        return None

    def __contains__(self, key: object) -> bool:
        return self._find(key) is not None

    def __getitem__(self, key: str) -> str:
        found = self._find(key)
        if found is None:
            raise KeyError(key)
        return found

    def __iter__(self) -> Iterator[str]:
        return (key for keys in self._decks.values() for key in keys)

    def __len__(self) -> int:
        return sum(map(len, self._decks.values()))
