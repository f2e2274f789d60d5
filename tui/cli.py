"""The `flopcards` command: start the app, or run a subcommand (drill, validate, decks, ...)."""

from __future__ import annotations

import argparse
import contextlib
import sys
from collections.abc import Callable, Sequence
from functools import partial
from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING

from tui.cli_flags import Parser, UsageError, check_flags, fail, guarded

if TYPE_CHECKING:
    from engine.app.values import Problem, Settings
    from tui.app import FlopcardsApp

SUBCOMMANDS: dict[str, tuple[str, str]] = {
    "drill": ("tui.cli_drill", "list, show and check numeric drills"),
    "validate": ("tui.cli_authoring.validate", "check deck and drill files, listing every problem"),
    "decks": ("tui.cli_authoring.decks", "list decks with their file, card and due counts"),
    "new": ("tui.cli_authoring.new", "new deck NAME: write a commented example deck"),
    "edit-deck": ("tui.cli_authoring.edit_deck", "edit-deck ID: copy a bundled deck to edit it"),
    "cache": ("tui.cli_cache", "clear (or show the path of) the compiled deck cache"),
    "stats": ("tui.cli_stats", "heatmap, due forecast, retention, drills and exam scores (--json)"),
    "exam": ("tui.cli_exam", "exam DECK: a cold exam over a deck's fronts, scored per section"),
    "interview": ("tui.cli_interview", "a mock interview: open questions by rubric, then drills (--json)"),
    "db": ("tui.cli_db", "check, recover, back up or copy the database"),
    "import": ("tui.cli_authoring.importer", "import FILE.csv|.tsv|.txt|.apkg as a deck (Anki too)"),
    "export": ("tui.cli_authoring.export", "export DECK... --to FILE.apkg|.txt for Anki"),
    "fsrs": ("tui.cli_fsrs", "fsrs optimize: fit FSRS to your review log (optional extra)"),
}
"""Subcommand name -> (module with `main(argv, settings) -> int` or `main(argv) -> int`, help)."""


def package_version() -> str:
    from importlib.metadata import PackageNotFoundError, version  # slow import: only for --version

    try:
        return version("flopcards")
    except PackageNotFoundError:  # running from a source tree that was never installed
        return "0+unknown"


class _VersionAction(argparse.Action):
    """--version, computed only when asked for (importlib.metadata is slow to import)."""

    def __init__(self, option_strings: list[str], dest: str, **kwargs: object) -> None:
        super().__init__(option_strings, dest, nargs=0, help=str(kwargs.get("help", "")))

    def __call__(self, parser: argparse.ArgumentParser, *_args: object, **_kwargs: object) -> None:
        print(f"flopcards {package_version()}")
        parser.exit()


def build_parser() -> Parser:
    parser = Parser(
        prog="flopcards",
        description="Timed numeric drills and SM-2 spaced review for LLM-systems interviews.",
        epilog="Run `flopcards SUBCOMMAND --help` for each subcommand's options.",
        allow_abbrev=False,  # else `exam --n 3` is read as an ambiguous global --n... first
    )
    parser.add_argument("--version", action=_VersionAction, help="print the version and exit")
    parser.add_argument(
        "--db",
        help="database: a file path or any SQLAlchemy URL (default: $FLOPCARDS_DB or the user data folder)",
    )
    parser.add_argument(
        "--decks",
        action="append",
        type=Path,
        default=[],
        metavar="DIR",
        help="extra deck folder (repeatable)",
    )
    parser.add_argument("--settings", type=Path, help="settings file (TOML) to use instead of the default")
    parser.add_argument("--new-per-day", type=int, help="new cards per day (default 20)")
    parser.add_argument("--reviews-per-day", type=int, help="reviews per day (default 200)")
    parser.add_argument(
        "--scheduler", choices=("sm2", "fsrs"), help="spaced-repetition scheduler (default sm2; see README)"
    )
    parser.add_argument(
        "--desired-retention", type=float, metavar="R", help="FSRS: recall probability when due (default 0.9)"
    )
    parser.add_argument(
        "--day-start", type=int, dest="day_start_hour", help="hour the study day starts (default 4)"
    )
    parser.add_argument(
        "--no-cache", action="store_true", help="read every deck file afresh, without the compiled deck cache"
    )
    parser.add_argument(
        "--create", action="store_true", help="make the --db file's folder if missing (else refused)"
    )
    parser.add_argument("--no-bundled", action="store_true", help=argparse.SUPPRESS)
    commands = parser.add_subparsers(dest="command", metavar="SUBCOMMAND", title="subcommands")
    for name, (_, text) in SUBCOMMANDS.items():
        # Each subcommand's own module parses its arguments (they arrive as the parse's extras), so
        # this parser only names it: a global option's value is read before any subcommand, and
        # `--scheduler fsrs` or `--decks decks` is never taken for one.
        commands.add_parser(name, help=text, add_help=False)
    return parser


def resolve_settings(args: argparse.Namespace) -> tuple[Settings, list[Problem]]:
    from engine.app.values import DB_ENV, db_problem, load_settings

    check_flags(args)
    if args.settings is not None and not args.settings.is_file():
        raise UsageError(f"--settings {args.settings}: no such file")
    settings, problems = load_settings(args.settings)
    settings = settings.with_overrides(
        db=args.db,
        new_per_day=args.new_per_day,
        reviews_per_day=args.reviews_per_day,
        day_start_hour=args.day_start_hour,
        scheduler=args.scheduler,
        desired_retention=args.desired_retention,
    )
    if args.decks:
        settings = settings.with_overrides(deck_dirs=(*settings.deck_dirs, *args.decks))
    problem = None if args.db else db_problem(settings.db)
    if problem:  # from $FLOPCARDS_DB (the settings file's db was checked when read)
        raise UsageError(f"{DB_ENV}: {problem}")
    return settings, problems


def _run_subcommand(name: str, rest: list[str], args: argparse.Namespace) -> int:
    module = import_module(SUBCOMMANDS[name][0])
    entry: Callable[..., int] = module.main
    if getattr(module, "WANTS_CACHE", False):  # the deck/template cache, unless --no-cache
        from engine.app.values import default_cache_dir

        entry = partial(entry, cache_dir=None if args.no_cache else default_cache_dir())
    if getattr(module, "WANTS_SETTINGS", False):
        settings, problems = resolve_settings(args)
        if getattr(module, "WANTS_SETTINGS_PROBLEMS", False):
            return entry(rest, settings, problems)
        for problem in problems:  # a settings problem is a settings problem, not a deck's
            print(f"flopcards: settings: {problem}", file=sys.stderr)
        return entry(rest, settings)
    return entry(rest)


def main(argv: Sequence[str] | None = None) -> int:
    from tui.masked_streams import masked_output

    argv = list(sys.argv[1:] if argv is None else argv)
    with masked_output():  # no password of a database URL reaches the terminal, whoever prints it
        return guarded("flopcards", lambda: _main(argv))


def _main(argv: list[str]) -> int:
    parser = build_parser()
    args, rest = parser.parse_known_args(argv)
    if args.command is not None:
        return _run_subcommand(args.command, rest, args)
    if rest:
        parser.error(f"unrecognized arguments: {' '.join(rest)}")
    from tui.early_keys import EarlyKeys

    early = EarlyKeys()  # a q typed while the settings are read and Textual imports quits at once
    early.start()
    try:
        app = _app(args)
    finally:
        kept = early.stop()
    if isinstance(app, int):
        return app
    app.early_keys = kept  # replayed first, as if the app had read them
    app.quit_ends_process = True  # no teardown to wait for: the process ends at quit
    app.run()
    leave_now(app.return_code or 0)  # the app has printed its exit message, if any
    return app.return_code or 0  # pragma: no cover - leave_now does not return


def _app(args: argparse.Namespace) -> FlopcardsApp | int:
    """The app for the settings the flags name, or the exit code of a database refused up front."""
    settings, problems = resolve_settings(args)
    from engine.app.values import StoreError, preflight

    try:
        preflight(settings.db)  # stdlib only: refuse a bad file before the screen is taken over
    except StoreError as error:
        return fail("flopcards", str(error), 2)

    from engine.app.values import default_cache_dir
    from tui.app import FlopcardsApp
    from tui.config import AppConfig

    return FlopcardsApp(
        AppConfig(
            settings=settings,
            include_bundled=not args.no_bundled,
            settings_problems=tuple(problems),
            cache_dir=None if args.no_cache else default_cache_dir(),
        )
    )


def leave_now(code: int) -> None:
    """End the process at once once the app has closed its store: the interpreter's own exit
    would wait for the deck load or the warm-up imports (a daemon thread may be inside sympy)
    and tear down their modules, seconds on a busy machine; every answer is committed already."""
    import os

    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):
            stream.flush()
    os._exit(code)


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
