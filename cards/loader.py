"""Loading decks from folders: every problem reported with file:line, broken decks skipped."""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from cards.schema import Card, Deck
from engine.yamlpos import PositionedYaml, Problem, YamlError, describe_path, read_yaml_file

BUNDLED_DIR = Path(__file__).with_name("decks")
DRILL_SUFFIX = ".drill.yaml"
"""Files ending so are drill templates, not decks."""


@dataclass(frozen=True)
class LoadedDeck:
    """A valid deck and where it came from."""

    deck: Deck
    path: Path
    bundled: bool

    @property
    def id(self) -> str:
        return self.deck.id


@dataclass
class Collection:
    """Every deck that loaded, and every problem met on the way."""

    decks: list[LoadedDeck] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._cards: dict[str, Card] = {}
        for loaded in self.decks:
            for card in loaded.deck.cards:
                self._cards[f"{loaded.id}/{card.id}"] = card

    def card(self, key: str) -> Card | None:
        return self._cards.get(key)

    def card_keys(self) -> list[tuple[str, str]]:
        """(card key, deck id) of every card, in deck and card order."""
        return [(f"{d.id}/{c.id}", d.id) for d in self.decks for c in d.deck.cards]

    def deck(self, deck_id: str) -> LoadedDeck | None:
        return next((d for d in self.decks if d.id == deck_id), None)


def _model_at(path: Sequence[str | int]) -> type[BaseModel] | None:
    """The schema model that owns the mapping at `path` (for suggesting valid keys)."""
    from cards.schema import Check, FormulaAnswer, NumericAnswer

    names = [p for p in path if isinstance(p, str)]
    if not names:
        return Deck
    if names == ["cards"]:
        return Card
    if names[:2] == ["cards", "checks"]:
        return Check
    if names[:2] == ["cards", "answer"]:
        return NumericAnswer if "value" in str(path) else FormulaAnswer
    return None


def _suggest(key: str, model: type[BaseModel] | None) -> str:
    if model is None:
        return ""
    close = difflib.get_close_matches(key, list(model.model_fields), n=1, cutoff=0.6)
    return f" (did you mean '{close[0]}'?)" if close else ""


def validation_problems(error: ValidationError, doc: PositionedYaml, filename: str) -> list[Problem]:
    """Turn pydantic's errors into positioned problems, one per error."""
    out: list[Problem] = []
    for item in error.errors(include_url=False):
        loc = tuple(p for p in item["loc"] if not (isinstance(p, str) and p in _UNION_TAGS))
        kind = item["type"]
        if kind == "extra_forbidden":
            key = str(loc[-1])
            message = f"unknown key '{key}'{_suggest(key, _model_at(loc[:-1]))}"
            pos = doc.position(loc, key=True)
        elif kind == "missing":
            message = f"missing required field '{loc[-1]}' in {describe_path(loc[:-1])}"
            pos = doc.position(loc[:-1])
        else:
            message = f"{describe_path(loc)}: {item['msg']}"
            pos = doc.position(loc)
        out.append(Problem(filename, pos.line if pos else None, pos.col if pos else None, message))
    return _dedupe(out)


_UNION_TAGS = {"NumericAnswer", "FormulaAnswer", "float", "str"}


def _dedupe(problems: Iterable[Problem]) -> list[Problem]:
    seen: set[tuple[Any, ...]] = set()
    out = []
    for problem in problems:
        sig = (problem.line, problem.col, problem.message)
        if sig not in seen:
            seen.add(sig)
            out.append(problem)
    return out


def parse_deck(doc: PositionedYaml, filename: str) -> tuple[Deck | None, list[Problem]]:
    """Validate loaded YAML as a deck; the deck is None when any error was found."""
    problems = [
        Problem(filename, pos.line, pos.col, f"duplicate key '{path[-1]}' in {describe_path(path[:-1])}")
        for path, pos in doc.duplicate_keys
    ]
    if not isinstance(doc.data, dict):
        kind = "empty" if doc.data is None else type(doc.data).__name__
        problems.append(
            Problem(
                filename,
                1,
                1,
                f"a deck file must be a mapping with id, title and cards; got {kind}",
            )
        )
        return None, problems
    try:
        deck = Deck.model_validate(doc.data)
    except ValidationError as error:
        return None, problems + validation_problems(error, doc, filename)
    first_seen: dict[str, int] = {}
    for index, card in enumerate(deck.cards):
        if card.id in first_seen:
            pos = doc.position(("cards", index, "id"))
            first = doc.position(("cards", first_seen[card.id]))
            problems.append(
                Problem(
                    filename,
                    pos.line if pos else None,
                    pos.col if pos else None,
                    f"duplicate card id '{card.id}' (first used at line {first.line if first else '?'})",
                )
            )
        first_seen.setdefault(card.id, index)
    return (None if problems else deck), problems


def load_deck_file(path: Path) -> tuple[Deck | None, list[Problem]]:
    """Load and validate one deck file; never raises for bad content."""
    try:
        doc = read_yaml_file(path)
    except YamlError as error:
        return None, [error.problem]
    return parse_deck(doc, str(path))


def deck_files(folder: Path) -> list[Path]:
    """Deck files in a folder and its subfolders, in a stable order (drill templates excluded)."""
    if not folder.is_dir():
        return []
    found = [p for p in folder.rglob("*") if p.suffix in (".yaml", ".yml") and p.is_file()]
    return sorted(p for p in found if not p.name.endswith(DRILL_SUFFIX))


def load_collection(folders: Iterable[Path] = (), *, include_bundled: bool = True) -> Collection:
    """Bundled decks, then each user folder; a deck id used twice is an error, not an override."""
    sources: list[tuple[Path, bool]] = []
    if include_bundled:
        sources += [(p, True) for p in deck_files(BUNDLED_DIR)]
    for folder in folders:
        folder = Path(folder).expanduser()
        if folder.is_file():
            sources.append((folder, False))
        else:
            sources += [(p, False) for p in deck_files(folder)]
    decks: list[LoadedDeck] = []
    problems: list[Problem] = []
    owner: dict[str, Path] = {}
    for path, bundled in sources:
        deck, found = load_deck_file(path)
        problems += found
        if deck is None:
            continue
        if deck.id in owner:
            problems.append(
                Problem(
                    str(path),
                    1,
                    1,
                    f"deck id '{deck.id}' is already used by {owner[deck.id]}; rename one of them",
                )
            )
            continue
        owner[deck.id] = path
        decks.append(LoadedDeck(deck, path, bundled))
    return Collection(decks, problems)
