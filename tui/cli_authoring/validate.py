"""`flopcards validate [PATH...]`: check decks and drill templates, list every problem, exit 1 on errors."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from engine.app.values import Problem, Settings
from tui.authoring import NO_SOURCE, default_paths, validate_paths
from tui.cli_authoring import plural, print_problems
from tui.cli_flags import Parser

WANTS_SETTINGS = True
WANTS_SETTINGS_PROBLEMS = True
WANTS_CACHE = True


def main(
    argv: Sequence[str],
    settings: Settings,
    settings_problems: Sequence[Problem] = (),
    *,
    cache_dir: Path | None = None,
) -> int:
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
        from engine.app.values import load_settings, settings_file

        path = settings_file() if args.settings_file is True else args.settings_file
        found = list(settings_problems) if args.settings_file is True else load_settings(path)[1]
        errors = print_problems(found)
        print(f"checked the settings file {path}: {plural(errors, 'problem')}")
        return 1 if errors else 0
    problems, count = validate_paths(args.paths or default_paths(settings), cache_dir=cache_dir)
    errors = print_problems(problems, warnings=not args.quiet)
    warnings = len(problems) - errors
    unsourced = sum(not p.is_error and NO_SOURCE in p.message for p in problems)
    why = f" ({unsourced} without a source)" if unsourced else ""
    print(f"checked {plural(count, 'file')}: {plural(errors, 'error')}, {plural(warnings, 'warning')}{why}")
    return 1 if errors else 0
