"""Authoring rules and deck/template discovery for the CLI (headless): what validate, import, new and
decks decide, so the commands only parse flags and print.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from cards import cached
from cards.csv_import import CsvImportError, merge, read_table
from cards.example import example_deck, slugify
from cards.lint import NO_SOURCE
from cards.loader import BUNDLED_DIR as DECK_DIR
from cards.loader import Collection, deck_files, load_collection, load_deck_file, read_deck
from cards.yamlwrite import deck_text
from drills.paths import BUNDLED_DIR as TEMPLATE_DIR
from engine.cache import FileCache
from engine.file_kinds import read_bounded
from engine.problems import Problem, Severity
from engine.schemas import DRILL_SUFFIX
from engine.settings import Settings
from engine.yamlpos import MAX_WALK_ENTRIES, walk_yaml

if TYPE_CHECKING:  # the study (SQLAlchemy) is for `decks` only: validate does not pay for its import
    from engine.app import Study
    from engine.store.database import Store

_TEMPLATE_KEYS = re.compile(r"^(prompt|params)\s*:", re.MULTILINE)
_DECK_KEYS = re.compile(r"^cards\s*:", re.MULTILINE)
_TEMPLATE_ID = re.compile(r"^id\s*:\s*(\S+)", re.MULTILINE)


def is_template(path: Path) -> bool:
    """Drill template: named *.drill.yaml, in the bundled template folder, or shaped like one."""
    if path.name.endswith(DRILL_SUFFIX) or path.resolve().parent == TEMPLATE_DIR.resolve():
        return True
    try:
        head = read_bounded(path, 200_000).decode("utf-8", errors="replace")
    except (OSError, ValueError):
        return False
    return len(set(_TEMPLATE_KEYS.findall(head))) == 2 and not _DECK_KEYS.search(head)


def expand(paths: Iterable[Path]) -> tuple[list[Path], list[Problem]]:
    """Files named, and the YAML files inside folders named (recursively), in a stable order."""
    files: list[Path] = []
    problems: list[Problem] = []
    for path in paths:
        if path.is_dir():
            found, stopped = walk_yaml(path)
            files += found
            if stopped:
                problems.append(
                    Problem(str(path), None, None, f"stopped after {MAX_WALK_ENTRIES:,} files and folders")
                )
        elif path.exists():
            files.append(path)
        else:
            problems.append(Problem(str(path), None, None, "no such file or folder"))
    unique = list(dict.fromkeys(files))
    return unique, problems


def default_paths(settings: Settings) -> list[Path]:
    """What the app loads: bundled decks and templates, then the configured deck folders."""
    return [DECK_DIR, TEMPLATE_DIR, *(d for d in settings.deck_dirs if d.exists())]


def _template_problems(path: Path, owners: dict[str, Path], cache_dir: Path | None) -> list[Problem]:
    """A template's problems, including an id already used by a bundled (or earlier) template."""
    from drills.catalog import load_catalog  # here: validating a deck needs no template code
    from drills.loader import load_file

    if not owners:  # bundled template ids, unless that template is itself being validated
        owners.update({"": path})
        cache = None if cache_dir is None else _template_cache(cache_dir)
        try:
            for bundled in sorted(TEMPLATE_DIR.glob("*.yaml")):
                compiled, _ = load_file(bundled, load_catalog(), cache=cache)
                if compiled is not None:
                    owners.setdefault(compiled.spec.id, bundled)
        finally:
            if cache is not None:
                cache.close()
    compiled, found = load_file(path, load_catalog(), sweep=True)
    if compiled is not None:
        owner = owners.setdefault(compiled.spec.id, path)
        if owner.resolve() != path.resolve():
            message = f"template id '{compiled.spec.id}' is already used by {owner}; rename one of them"
            return [*found, Problem(str(path), 1, 1, message)]
    return list(found)


def drill_kinds(files: Sequence[Path]) -> frozenset[str]:
    """The kinds a card's `drills:` may name: the bundled templates' and those among `files`.

    A bundled template's id is its file name (a test holds that); another's is read from its `id:`
    line, so no template is parsed here (a broken one is reported by its own check)."""
    kinds = {p.stem for p in TEMPLATE_DIR.glob("*.yaml")}
    for path in files:
        if is_template(path):
            try:
                head = read_bounded(path, 200_000).decode("utf-8", errors="replace")
            except (OSError, ValueError):
                continue
            kinds.update(m.strip("'\"") for m in _TEMPLATE_ID.findall(head))
    return frozenset(kinds)


def _is_bundled(path: Path) -> bool:
    return path.resolve().parent == DECK_DIR.resolve()


def _bundled_owners(files: Sequence[Path], cache: FileCache | None) -> dict[str, Path]:
    """Ids of the bundled decks not being validated themselves: a user deck with one replaces it."""
    checked = {f.resolve() for f in files}
    owners = {}
    for path in deck_files(DECK_DIR):
        if path.resolve() not in checked:
            deck, _, _ = read_deck(path) if cache is None else cached.read_deck(cache, path, read_deck)
            if deck is not None:
                owners[deck.id] = path
    return owners


def _template_cache(cache_dir: Path) -> FileCache:
    from drills.cached import open_template_cache

    return open_template_cache(cache_dir)


def validate_paths(paths: Iterable[Path], *, cache_dir: Path | None = None) -> tuple[list[Problem], int]:
    """Every problem of every file (decks and drill templates), and how many files were checked.

    With `cache_dir`, the bundled decks and templates that only lend their ids (a file may not reuse
    one) are read through the deck and template caches; the files checked are always read afresh."""
    deck_cache = None if cache_dir is None else cached.open_deck_cache(cache_dir)
    try:
        return _validate(paths, deck_cache, cache_dir)
    finally:
        if deck_cache is not None:
            deck_cache.close()


def _validate(
    paths: Iterable[Path], deck_cache: FileCache | None, cache_dir: Path | None
) -> tuple[list[Problem], int]:
    files, problems = expand(paths)
    bundled = _bundled_owners(files, deck_cache)
    owners: dict[str, Path] = {}
    replaced: set[str] = set()
    template_owners: dict[str, Path] = {}
    kinds = drill_kinds(files)
    for path in files:
        if is_template(path):
            problems += _template_problems(path, template_owners, cache_dir)
            continue
        deck, found, at = read_deck(path, lint=True, drill_kinds=kinds)
        problems += found
        if deck is None:
            continue
        line, col = (at.line, at.col) if at else (None, None)
        owner = owners.get(deck.id) or bundled.get(deck.id)
        if owner is not None and _is_bundled(owner) and not _is_bundled(path) and deck.id not in replaced:
            replaced.add(deck.id)  # how a bundled deck is edited: the user's copy replaces it
            message = f"deck '{deck.id}' replaces the bundled {owner} (same id, history kept)"
            problems.append(Problem(str(path), line, col, message, Severity.WARNING))
            owners[deck.id] = path
        elif owner is not None:
            message = f"deck id '{deck.id}' is already used by {owner}; rename one of them"
            problems.append(Problem(str(path), line, col, message))
        owners.setdefault(deck.id, path)
    return problems, len(files)


def card_study(store: Store, collection: Collection, settings: Settings) -> Study:
    """The study façade `flopcards decks` counts with: the decks, and the drill kinds beside them
    (lazily: their ids only), so that a drill kind tried today counts against new_drills_per_day
    and not the cards' new limit, as on the home screen."""
    from cards.source import CardSource
    from drills.generator import templates_for
    from drills.source import DrillSource
    from engine.app import Limits, Study
    from engine.studyday import StudyClock

    templates = templates_for(deck_dirs=settings.deck_dirs, lazy=True)
    return Study(
        store,
        sources=[CardSource(collection), DrillSource(templates)],
        clock=StudyClock(day_start_hour=settings.day_start_hour),
        limits=Limits(
            new_per_day=settings.new_per_day,
            reviews_per_day=settings.reviews_per_day,
            drill_reviews_per_day=settings.drill_reviews_per_day,
            new_drills_per_day=settings.new_drills_per_day,
        ),
    )


__all__ = [
    "NO_SOURCE",
    "Collection",
    "CsvImportError",
    "card_study",
    "deck_text",
    "default_paths",
    "example_deck",
    "expand",
    "is_template",
    "load_collection",
    "load_deck_file",
    "merge",
    "read_table",
    "slugify",
    "validate_paths",
]
