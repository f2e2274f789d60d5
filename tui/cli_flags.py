"""Command-line plumbing shared by the app and every subcommand: one-line usage errors, flag checks."""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import NoReturn

from engine.app.values import (
    INT_RANGES,
    AppError,
    db_problem,
    deck_dir_problem,
    retention_problem,
    sqlite_folder,
)


class UsageError(Exception):
    """A bad command line: printed as one line, `PROG: error: MESSAGE`, exit status 2."""

    def __init__(self, message: str, prog: str | None = None) -> None:
        super().__init__(message)
        self.prog = prog


class Parser(argparse.ArgumentParser):
    """argparse, but a usage error is raised (one line, exit 2) instead of printing the usage."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see `{self.prog} --help`)", prog=self.prog)


def fail(prog: str, message: str, status: int = 1) -> int:
    """The one error format of every command: `flopcards[ SUB]: error: MESSAGE` on stderr."""
    print(f"{prog}: error: {message}", file=sys.stderr)
    return status


_FLAG_KEYS = {"new_per_day": "--new-per-day", "reviews_per_day": "--reviews-per-day"}
_FLAG_KEYS["day_start_hour"] = "--day-start"


def check_flags(args: argparse.Namespace) -> None:
    """Every global flag checked in one place (app and subcommands alike); UsageError if wrong."""
    for key, flag in _FLAG_KEYS.items():
        value = getattr(args, key, None)
        low, high = INT_RANGES[key]
        if value is not None and not low <= value <= high:
            raise UsageError(f"{flag} must be a whole number {low}-{high}, not {str(value)[:24]}")
    retention = getattr(args, "desired_retention", None)
    if retention is not None and retention_problem(retention):
        raise UsageError(f"--desired-retention: {retention_problem(retention)}")
    if getattr(args, "db", None) is not None:
        problem = db_problem(args.db)
        if problem:
            raise UsageError(f"--db: {problem}")
        folder = sqlite_folder(args.db)
        if folder is not None and not folder.exists() and not getattr(args, "create", False):
            # a mistyped path would otherwise start an empty collection in a new folder
            raise UsageError(f"--db {args.db[:120]}: no folder {folder} (add --create to make it)")
    for folder in getattr(args, "decks", None) or ():
        problem = deck_dir_problem(folder)
        if problem is None and not folder.expanduser().exists():  # a typo would read no deck, silently
            problem = "no such file or folder"
        if problem:
            raise UsageError(f"--decks {folder}: {problem}")


def answer_flag(argv: Sequence[str], flag: str = "--answer") -> list[str]:
    """`--answer -5 GB` as `--answer=-5 GB`: argparse would take a leading '-' for an option."""
    out: list[str] = []
    items = iter(argv)
    for item in items:
        if item == flag:
            value = next(items, None)
            out.append(item if value is None else f"{flag}={value}")
        else:
            out.append(item)
    return out


def guarded(prog: str, run: Callable[[], int]) -> int:
    """Run a command: usage errors exit 2, a closed pipe ends quietly, nothing prints a traceback."""
    try:
        return run()
    except UsageError as error:
        return fail(error.prog or prog, str(error), 2)
    except BrokenPipeError:  # `flopcards decks --json | head`: the reader left; say nothing more
        with contextlib.suppress(OSError, ValueError):  # else Python's exit flush fails the same way
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except KeyboardInterrupt:
        print(f"{prog}: interrupted", file=sys.stderr)
        return 130
    except AppError as error:  # the store failed under a command: its message, made for the user
        print(f"{prog}: {error.message}", file=sys.stderr)
        return 2
    except (OSError, MemoryError, RecursionError) as error:
        print(f"{prog}: error: {type(error).__name__}: {one_line(error)}", file=sys.stderr)
        return 1
    except Exception as error:  # a bug: still one line, never a traceback, and a way to report it
        from engine.app.errors import STORE_ERRORS, reason

        if isinstance(error, STORE_ERRORS):  # a database's fault a command did not translate
            print(f"{prog}: error: {reason(error)}", file=sys.stderr)
            return 2
        print(
            f"{prog}: internal error: {type(error).__name__}: {one_line(error)} (please report)",
            file=sys.stderr,
        )
        return 1


def one_line(error: BaseException) -> str:
    from engine.app.values import mask_secrets

    return mask_secrets(" ".join(str(error).split()))[:200]  # masked before a cut could hide a URL


def missing_folder_problem(flag: str, path: Path, *, create: bool) -> str | None:
    """A file to write whose folder is missing: refused, or (with --create) the folder is made."""
    folder = path.expanduser().parent
    if folder.exists():
        return None
    if not create:
        return f"{flag} {str(path)[:120]}: no folder {folder} (add --create to make it)"
    folder.mkdir(parents=True, exist_ok=True)
    return None
