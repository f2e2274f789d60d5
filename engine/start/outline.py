"""What the last full load found (each deck's title and card keys, its problems) and the files and
folders it came from, kept in the file cache so the next start can count before parsing anything.

The outline is trusted only while every file it was built from has the same size and modification
time and no folder it walked gained or lost an entry (a folder's mtime changes when it does).
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.cache import FileCache, decode_problems, encode_problems
from engine.counting import Present, keys_digest
from engine.keyindex import DeckOf
from engine.problems import Problem

if TYPE_CHECKING:  # engine.app imports the store (SQLAlchemy): not on the start path
    from engine.app.items import ItemGroup

NAMESPACE = "outline"
SIZES = "outline-sizes"
"""Each deck's title and item counts beside the outline: what `stats` needs (not 1M keys to decode)."""
FORMAT = 2
"""Of the kept payload (2: each deck's keys digest, its keys as one line-separated string: decoding
100k short JSON strings costs ~10 ms); outlines of another format are not read."""
MAX_FOLDERS = 2000
"""Folders walked beyond this are not watched: no outline is kept (the start reads every file)."""


@dataclass(frozen=True)
class DeckOutline:
    deck_id: str
    title: str
    keys: tuple[str, ...]
    """Keys of the items that join reviews as new cards (`deck-id/card-id`), in deck order."""
    others: tuple[str, ...] = ()
    """Keys of the deck's other items (drill kinds: scheduled from a drill session)."""
    digest: str = ""
    """engine.counting.keys_digest of `keys` (what the deck's unseen memo must match)."""


@dataclass(frozen=True)
class Outline:
    decks: tuple[DeckOutline, ...]
    problems: tuple[Problem, ...]
    """What the load reported (file:line), for the banner: decks' first, then drill templates'."""
    decks_skipped: bool
    """Whether a deck (not only a drill template) was skipped."""

    def present(self) -> Present:
        """Every key's deck and each deck's new keys, made once and kept until `forget_present`:
        the first look and the glance after it share it (a million keys: 75 ms and 37 MB)."""
        kept: Present | None = self.__dict__.get("_present")
        if kept is None:
            deck_of = DeckOf({d.deck_id: dict.fromkeys(d.keys + d.others, d.deck_id) for d in self.decks})
            kept = Present(
                {d.deck_id: d.keys for d in self.decks if d.keys},
                deck_of,
                {d.deck_id: d.digest for d in self.decks if d.keys and d.digest},
                self.drill_decks(),
            )
            object.__setattr__(self, "_present", kept)  # not a field: equality and encoding ignore it
        return kept

    def forget_present(self) -> None:
        """Let the kept Present go (its key index is the outline's largest part)."""
        self.__dict__.pop("_present", None)

    def drill_decks(self) -> frozenset[str]:
        """Decks of items that are not cards (drill kinds only)."""
        return frozenset(d.deck_id for d in self.decks if d.others and not d.keys)

    def totals(self) -> dict[str | None, int]:
        totals: dict[str | None, int] = {d.deck_id: len(d.keys) + len(d.others) for d in self.decks}
        totals[None] = sum(len(d.keys) for d in self.decks)
        return totals


def from_groups(
    decks: Sequence[tuple[str, str]],
    groups: Iterable[ItemGroup],
    problems: Sequence[Problem],
    decks_skipped: bool,
) -> Outline:
    """The outline of a load: `decks` (id, title) in order, each with its items' keys (those that
    join reviews as new cards, then the others)."""
    new: dict[str, list[str]] = {deck: [] for deck, _ in decks}
    others: dict[str, list[str]] = {deck: [] for deck, _ in decks}
    for group in groups:
        if group.deck_id in new:
            (new if group.new_in_review else others)[group.deck_id].extend(group.keys)
    return Outline(
        tuple(
            DeckOutline(d, title, tuple(new[d]), tuple(others[d]), keys_digest(new[d])) for d, title in decks
        ),
        tuple(problems),
        decks_skipped,
    )


Stamps = list[list[Any]]


def stamp(files: Iterable[Path], folders: Iterable[Path]) -> Stamps | None:
    """[path, size, mtime] of each file (given, or anywhere under `folders`) and [path, None, mtime
    or None] of each folder (None: missing); None when there are too many folders to watch."""
    rows: Stamps = []
    for file in files:
        stat = file.stat()
        rows.append([str(file), stat.st_size, stat.st_mtime_ns])
    walked = 0
    for folder in folders:
        if not folder.is_dir():
            rows.append([str(folder), None, None])
            continue
        for where, _dirs, names in os.walk(folder):
            walked += 1
            if walked > MAX_FOLDERS:
                return None
            rows.append([where, None, os.stat(where).st_mtime_ns])
            for name in names:
                stat = os.stat(os.path.join(where, name))
                rows.append([os.path.join(where, name), stat.st_size, stat.st_mtime_ns])
    return rows


def unchanged(rows: Stamps) -> bool:
    for path, size, mtime in rows:
        try:
            stat = os.stat(path)
        except OSError:
            if mtime is None:
                continue  # a folder that was missing still is
            return False
        if mtime is None or stat.st_mtime_ns != mtime or (size is not None and stat.st_size != size):
            return False
    return True


def encode(outline: Outline) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "decks": [[d.deck_id, d.title, _joined(d.keys), _joined(d.others), d.digest] for d in outline.decks],
        "problems": encode_problems(outline.problems),
        "decks_skipped": outline.decks_skipped,
    }


def _split(text: Any) -> tuple[str, ...]:
    if not isinstance(text, str):
        raise TypeError("keys are kept as one string")
    return tuple(text.split("\n")) if text else ()


def _joined(keys: Sequence[str]) -> str:
    """The keys as one string; ValueError if they would not split back (ids hold no line break)."""
    text = "\n".join(keys)
    if _split(text) != tuple(keys):
        raise ValueError("a key that does not survive joining")
    return text


def decode(payload: Any) -> Outline:
    """An outline back from `encode`; KeyError, TypeError or ValueError on anything else."""
    if payload["format"] != FORMAT:
        raise ValueError(f"an outline of format {payload['format']}")
    decks = tuple(
        DeckOutline(str(deck), str(title), _split(keys), _split(others), str(digest))
        for deck, title, keys, others, digest in payload["decks"]
    )
    return Outline(decks, tuple(decode_problems(payload["problems"])), bool(payload["decks_skipped"]))


def save(cache: FileCache, name: str, outline: Outline, stamps: Stamps) -> None:
    """Keep the outline (unless the same one is kept already: a start writes nothing new)."""
    try:
        payload = {"stamps": stamps, **encode(outline)}
    except ValueError:  # a key the format cannot hold: no outline, the next start reads the files
        return
    if cache.get_record(NAMESPACE, name) != payload:
        cache.put_record(NAMESPACE, name, payload)
        cache.drop_other_versions(NAMESPACE)
    save_sizes(cache, name, sizes_of(outline), stamps)


@dataclass(frozen=True)
class DeckSize:
    deck_id: str
    title: str
    cards: int
    """Items that join reviews as new cards (DeckOutline.keys)."""
    others: int


def sizes_of(outline: Outline) -> tuple[DeckSize, ...]:
    return tuple(DeckSize(d.deck_id, d.title, len(d.keys), len(d.others)) for d in outline.decks)


def save_sizes(cache: FileCache, name: str, sizes: Sequence[DeckSize], stamps: Stamps) -> None:
    """Keep the decks' sizes, valid while the same files are unchanged (as the outline's)."""
    payload = {
        "stamps": stamps,
        "format": FORMAT,
        "decks": [[s.deck_id, s.title, s.cards, s.others] for s in sizes],
    }
    if cache.get_record(SIZES, name) != payload:
        cache.put_record(SIZES, name, payload)
        cache.drop_other_versions(SIZES)


def load_sizes(cache: FileCache, name: str) -> tuple[DeckSize, ...] | None:
    """The kept sizes if every file and folder they came from is unchanged; None otherwise."""
    payload = cache.get_record(SIZES, name)
    try:
        if payload is None or payload["format"] != FORMAT or not unchanged(payload["stamps"]):
            return None
        return tuple(DeckSize(str(d), str(t), int(c), int(o)) for d, t, c, o in payload["decks"])
    except (KeyError, TypeError, ValueError):
        return None


def load_with_stamps(cache: FileCache, name: str) -> tuple[Outline, Stamps] | None:
    """The kept outline (as `load`) and the stamps it was kept with."""
    payload = cache.get_record(NAMESPACE, name)
    try:
        if payload is None or not unchanged(payload["stamps"]):
            return None
        return decode(payload), payload["stamps"]
    except (KeyError, TypeError, ValueError):
        return None


def load(cache: FileCache, name: str) -> Outline | None:
    """The kept outline if every file and folder it came from is unchanged; None otherwise."""
    kept = load_with_stamps(cache, name)
    return None if kept is None else kept[0]
