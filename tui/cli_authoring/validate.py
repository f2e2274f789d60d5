"""`flopcards validate [PATH...]`: check decks and drill templates, list every problem, exit 1 on errors."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from pathlib import Path

from engine.problems import Problem
from engine.settings import Settings
from engine.yamlpos import MAX_WALK_ENTRIES, read_bounded, walk_yaml
from tui.cli_authoring import plural, print_problems
from tui.cli_flags import Parser

WANTS_SETTINGS = True
WANTS_SETTINGS_PROBLEMS = True
_TEMPLATE_KEYS = re.compile(r"^(prompt|params)\s*:", re.MULTILINE)
_DECK_KEYS = re.compile(r"^cards\s*:", re.MULTILINE)


def _bundled_template_dir() -> Path:
    from drills.loader import BUNDLED_DIR

    return BUNDLED_DIR


def is_template(path: Path) -> bool:
    """Drill template: named *.drill.yaml, in the bundled template folder, or shaped like one."""
    from engine.schemas import DRILL_SUFFIX

    if path.name.endswith(DRILL_SUFFIX) or path.resolve().parent == _bundled_template_dir().resolve():
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
    from cards.loader import BUNDLED_DIR

    return [BUNDLED_DIR, _bundled_template_dir(), *(d for d in settings.deck_dirs if d.exists())]


def _template_problems(path: Path, owners: dict[str, Path]) -> list[Problem]:
    """A template's problems, including an id already used by a bundled (or earlier) template."""
    from drills.catalog import load_catalog
    from drills.loader import BUNDLED_DIR, load_file

    if not owners:  # bundled template ids, unless that template is itself being validated
        owners.update({"": path})
        for bundled in sorted(BUNDLED_DIR.glob("*.yaml")):
            compiled, _ = load_file(bundled, load_catalog())
            if compiled is not None:
                owners.setdefault(compiled.spec.id, bundled)
    compiled, found = load_file(path, load_catalog(), sweep=True)
    if compiled is not None:
        owner = owners.setdefault(compiled.spec.id, path)
        if owner.resolve() != path.resolve():
            message = f"template id '{compiled.spec.id}' is already used by {owner}; rename one of them"
            found = [*found, Problem(str(path), 1, 1, message)]
    return list(found)


def _bundled_owners(files: Sequence[Path]) -> dict[str, Path]:
    """Ids of the bundled decks not being validated themselves: a user deck may not reuse them."""
    from cards import cached
    from cards.loader import BUNDLED_DIR, deck_files, read_deck
    from engine.cache import default_cache_dir

    checked = {f.resolve() for f in files}
    owners = {}
    cache = cached.open_deck_cache(default_cache_dir())  # the bundled decks rarely change: no re-parse
    try:
        for path in deck_files(BUNDLED_DIR):
            if path.resolve() not in checked:
                deck, _, _ = cached.read_deck(cache, path, read_deck)
                if deck is not None:
                    owners[deck.id] = path
    finally:
        cache.close()
    return owners


def validate_paths(paths: Iterable[Path]) -> tuple[list[Problem], int]:
    """Every problem of every file (decks and drill templates), and how many files were checked."""
    from cards.loader import read_deck

    files, problems = expand(paths)
    owners = _bundled_owners(files)
    template_owners: dict[str, Path] = {}
    for path in files:
        if is_template(path):
            problems += _template_problems(path, template_owners)
            continue
        deck, found, at = read_deck(path, lint=True)
        problems += found
        if deck is None:
            continue
        if deck.id in owners:
            message = f"deck id '{deck.id}' is already used by {owners[deck.id]}; rename one of them"
            problems.append(Problem(str(path), at.line if at else None, at.col if at else None, message))
        owners.setdefault(deck.id, path)
    return problems, len(files)


def main(argv: Sequence[str], settings: Settings, settings_problems: Sequence[Problem] = ()) -> int:
    parser = Parser(
        prog="flopcards validate",
        description="Check deck files and drill templates; print every problem as "
        "file:line:col: error|warning: message. Exit status 1 if any error was found.",
    )
    parser.add_argument(
        "paths", nargs="*", type=Path, metavar="PATH", help="files or folders (default: every deck loaded)"
    )
    parser.add_argument("-q", "--quiet", action="store_true", help="print errors only, not warnings")
    parser.add_argument(
        "--settings",
        dest="settings_file",
        nargs="?",
        const=True,
        type=Path,
        metavar="FILE",
        help="check the settings file (the one in use, or FILE) instead of decks",
    )
    args = parser.parse_args(list(argv))
    if args.settings_file is not None:
        from engine.settings import load_settings, settings_file

        path = settings_file() if args.settings_file is True else args.settings_file
        found = list(settings_problems) if args.settings_file is True else load_settings(path)[1]
        errors = print_problems(found)
        print(f"checked the settings file {path}: {plural(errors, 'problem')}")
        return 1 if errors else 0
    problems, count = validate_paths(args.paths or default_paths(settings))
    errors = print_problems(problems, warnings=not args.quiet)
    warnings = len(problems) - errors
    from cards.lint import NO_SOURCE

    unsourced = sum(not p.is_error and NO_SOURCE in p.message for p in problems)
    why = f" ({unsourced} without a source)" if unsourced else ""
    print(f"checked {plural(count, 'file')}: {plural(errors, 'error')}, {plural(warnings, 'warning')}{why}")
    return 1 if errors else 0
