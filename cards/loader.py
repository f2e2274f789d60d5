"""Loading decks from folders: every problem reported with file:line, broken decks skipped."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from pydantic import ValidationError

from cards import cached
from cards.cached import DeckHead, Sketch
from cards.checks import deck_errors
from cards.problems import sort_problems, validation_problems
from cards.schema import Card, Deck
from cards.version import BUNDLED_DIR as BUNDLED_DIR  # re-exported
from cards.version import DECK_NAMESPACE, HEAD_NAMESPACE
from engine import budget
from engine.cache import FileCache
from engine.schemas import DRILL_SUFFIX, YAML_SUFFIXES
from engine.settings import NOT_A_DECK_PLACE
from engine.yamlpos import (
    MAX_WALK_ENTRIES,
    Position,
    PositionedYaml,
    Problem,
    YamlError,
    describe_path,
    load_yaml,
    quiet_gc,
    read_yaml_file,
    walk_yaml,
)

LOAD_SECONDS = budget.LOAD_SECONDS
"""Time budget of one deck file when the app loads decks, plus LOAD_SECONDS_PER_MB of the file; a
slower deck is skipped with a problem."""
LOAD_SECONDS_PER_MB = budget.LOAD_SECONDS_PER_MB


@dataclass(frozen=True)
class LoadedDeck:
    """A valid deck and where it came from; a cached one is validated when its cards are first used
    (its id, title and card ids are known before)."""

    source: Deck | Sketch
    path: Path
    bundled: bool

    @cached_property
    def deck(self) -> Deck:
        return self.source if isinstance(self.source, Deck) else self.source.load()

    @cached_property
    def head(self) -> DeckHead:
        return DeckHead.of(self.source) if isinstance(self.source, Deck) else self.source.head

    @property
    def id(self) -> str:
        return self.head.id

    @property
    def title(self) -> str:
        return self.head.title

    @cached_property
    def cards(self) -> dict[str, Card]:
        """The deck's cards by id (validates a cached deck)."""
        return {card.id: card for card in self.deck.cards}

    def card(self, card_id: str) -> Card | None:
        """One card; of a cached deck not validated yet, that card alone is validated (a whole
        100k-card deck took 0.9 s and ~120 MB), from the deck's cached JSON text kept meanwhile."""
        if isinstance(self.source, Deck) or "deck" in self.__dict__:
            return self.cards.get(card_id)
        shown = self._shown
        if card_id not in shown:
            text, place = self._text, self._place
            found = None
            if text is not None:
                found, place[0] = cached.card_in(text, card_id, place[0])
            if found is None:  # not in the cache as expected: the whole deck, as before
                # the deck's ids are looked through only here: a scan of 100k ids per card shown
                # cost ~0.4 ms at a million cards
                return self.cards.get(card_id) if card_id in self.head.card_ids else None
            shown[card_id] = found
        return shown[card_id]

    @cached_property
    def _shown(self) -> dict[str, Card]:
        return {}

    @cached_property
    def _place(self) -> list[int]:
        """Where in the cached text the last card shown ended: the next one is looked for from there."""
        return [0]

    @cached_property
    def _text(self) -> str | None:
        return self.source.payload_text() if isinstance(self.source, Sketch) else None


@dataclass
class Collection:
    """Every deck that loaded, and every error met on the way (decks with errors are skipped)."""

    decks: list[LoadedDeck] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    files: list[Path] = field(default_factory=list)
    """Every file read (the skipped ones too): what the start-up outline watches."""
    replaced: dict[str, Path] = field(default_factory=dict)
    """Bundled decks set aside for the user's copy (same id, so the same history): id -> bundled file."""

    def __post_init__(self) -> None:
        self._by_id = {loaded.id: loaded for loaded in self.decks}

    def card(self, key: str) -> Card | None:
        deck_id, _, card_id = key.partition("/")
        loaded = self._by_id.get(deck_id)
        return None if loaded is None else loaded.card(card_id)

    def card_keys(self) -> list[tuple[str, str]]:
        """(card key, deck id) of every card, in deck and card order (no card is validated for it)."""
        return [(f"{d.id}/{c}", d.id) for d in self.decks for c in d.head.card_ids]

    def deck(self, deck_id: str) -> LoadedDeck | None:
        return self._by_id.get(deck_id)


def parse_deck(
    doc: PositionedYaml, filename: str, *, lint: bool = False, drill_kinds: frozenset[str] | None = None
) -> tuple[Deck | None, list[Problem]]:
    """Validate loaded YAML as a deck; the deck is None when any error was found.

    With `lint`, also check unit names and add warnings (what `flopcards validate` reports); with
    `drill_kinds`, each card's `drills:` must name one of them.
    """
    problems = [
        Problem(filename, pos.line, pos.col, f"duplicate key '{path[-1]}' in {describe_path(path[:-1])}")
        for path, pos in doc.duplicate_keys
    ]
    if not isinstance(doc.data, dict):
        kind = "empty" if doc.data is None else type(doc.data).__name__
        message = f"a deck file must be a mapping with id, title and cards; got {kind}"
        return None, [*problems, Problem(filename, 1, 1, message)]
    try:
        deck = Deck.model_validate(doc.data)
    except ValidationError as error:
        from cards.salvage import later_problems

        problems += validation_problems(error, doc, filename)
        return None, sort_problems(problems + later_problems(error, doc, filename, lint=lint))
    problems += deck_errors(deck, doc, filename)
    if lint:
        from cards.lint import deck_lint

        problems += deck_lint(deck, doc, filename, drill_kinds)
    problems = sort_problems(problems)
    return (None if any(p.is_error for p in problems) else deck), problems


def load_deck_file(path: Path, *, lint: bool = False) -> tuple[Deck | None, list[Problem]]:
    """Load and validate one deck file; never raises for bad content."""
    deck, problems, _ = read_deck(path, lint=lint)
    return deck, problems


def read_deck(
    path: Path, raw: bytes | None = None, *, lint: bool = False, drill_kinds: frozenset[str] | None = None
) -> tuple[Deck | None, list[Problem], Position | None]:
    """Like load_deck_file, also returning where the deck's id is written (for later problems).

    `raw`: the file's bytes when already read (the cache hashes exactly what is parsed)."""
    with quiet_gc():  # a big YAML node tree is alive meanwhile: collections would walk it repeatedly
        try:
            doc = read_yaml_file(path) if raw is None else load_yaml(raw, str(path))
            budget.check_time()
            deck, problems = parse_deck(doc, str(path), lint=lint, drill_kinds=drill_kinds)
        except YamlError as error:
            return None, [error.problem], None
        except budget.OutOfTime:
            limit = budget.current_limit()
            message = budget.too_slow_message(LOAD_SECONDS if limit is None else limit)
            return None, [Problem(str(path), 1, None, message)], None
        id_position = doc.position(("id",))
        del doc  # freed by reference counting before the collector is back
    return deck, problems, id_position


def is_deck_file(path: Path) -> bool:
    return path.suffix in YAML_SUFFIXES and not path.name.endswith(DRILL_SUFFIX)


def deck_files(folder: Path) -> list[Path]:
    """Deck files in a folder and its subfolders, in a stable order (drill templates excluded)."""
    if not folder.is_dir():
        return []
    files, _ = walk_yaml(folder)
    return [p for p in files if is_deck_file(p)]


def _read(path: Path, cache: FileCache | None) -> cached.Read:
    return read_deck(path) if cache is None else cached.read_deck(cache, path, read_deck)


def _load_budget(path: Path) -> float:
    try:
        size = path.stat().st_size
    except OSError:
        size = 0  # the read reports why
    return budget.load_seconds(size, LOAD_SECONDS, LOAD_SECONDS_PER_MB)


def load_collection(
    folders: Iterable[Path] = (), *, include_bundled: bool = True, cache: FileCache | None = None
) -> Collection:
    """Bundled decks, then each user folder. A user deck with a bundled deck's id replaces it (the
    way to edit a bundled deck, history kept); any other id used twice is an error.

    With `cache`, a file unchanged since it was last read is not parsed or validated again."""
    sources: list[tuple[Path, bool]] = []
    if include_bundled:
        sources += [(p, True) for p in deck_files(BUNDLED_DIR)]
    seen: set[Path] = set()
    read: list[Path] = []
    problems: list[Problem] = []
    for folder in folders:
        folder = Path(folder).expanduser()
        if folder.is_file():
            sources.append((folder, False))
        elif folder.is_dir():
            files, stopped = walk_yaml(folder)
            sources += [(p, False) for p in files if is_deck_file(p)]
            if stopped:
                message = f"more than {MAX_WALK_ENTRIES:,} files and folders here; only those seen were read"
                problems.append(Problem(str(folder), None, None, message))
        elif folder.exists():  # a device or a pipe: reading it would never end or never start
            problems.append(Problem(str(folder), None, None, NOT_A_DECK_PLACE))
    decks: list[LoadedDeck] = []
    owner: dict[str, Path] = {}
    replaced: dict[str, Path] = {}
    with quiet_gc():  # all that is built stays alive: collections would walk the growing heap again and again
        for path, bundled in sources:
            if path.resolve() in seen:  # the same folder configured twice
                continue
            seen.add(path.resolve())
            read.append(path)
            with budget.time_limit(_load_budget(path)):
                deck, found, at = _read(path, cache)
            problems += [p for p in found if p.is_error]
            if deck is None:
                continue
            if deck.id in owner and not bundled and deck.id not in replaced and _is_bundled(decks, deck.id):
                replaced[deck.id] = owner[deck.id]
                decks = [LoadedDeck(deck, path, False) if d.id == deck.id else d for d in decks]
                owner[deck.id] = path
                continue
            if deck.id in owner:
                message = f"deck id '{deck.id}' is already used by {owner[deck.id]}; rename one of them"
                problems.append(Problem(str(path), at.line if at else None, at.col if at else None, message))
                continue
            owner[deck.id] = path
            decks.append(LoadedDeck(deck, path, bundled))
    if cache is not None:
        cache.forget(DECK_NAMESPACE, read)
        cache.forget(HEAD_NAMESPACE, read)
    return Collection(decks, problems, read, replaced)


def _is_bundled(decks: list[LoadedDeck], deck_id: str) -> bool:
    return any(d.bundled for d in decks if d.id == deck_id)
