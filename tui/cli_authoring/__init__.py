"""Authoring subcommands (`validate`, `new`, `decks`, `import`): one module each, shared printing here."""

from __future__ import annotations

import sys
from collections.abc import Iterable
from typing import TextIO

from engine.app.values import Problem


def print_problems(problems: Iterable[Problem], *, warnings: bool = True, out: TextIO | None = None) -> int:
    """Print `file:line:col: severity: message` lines; returns the number of errors."""
    stream = out or sys.stdout
    errors = 0
    for problem in problems:
        errors += problem.is_error
        if problem.is_error or warnings:
            print(problem, file=stream)
    return errors


def plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"
