"""What the screens and CLI commands use of cards/ and drills/: values and pure functions, re-exported.

Screens and `tui/cli*` import these names from here (or talk to tui.services / tui.authoring), never
from cards.* or drills.* themselves: an import-linter contract in pyproject.toml holds them to it, so a
change inside cards/ or drills/ shows up here, in one place.
"""

from __future__ import annotations

from cards.browse import HELP as SEARCH_HELP
from cards.browse import Found, QueryError, SearchResult
from cards.exam import ExamError, ExamSession, aim, deck_bands
from cards.loader import Collection, LoadedDeck
from drills.attempts import DRILL_DECK, Result
from drills.drill import Drill
from drills.generator import DrillError, check, generate, kinds, levels, templates_for
from drills.loader import TemplateSet
from drills.present import conventions_text, given_text, question_markdown, solution_markdown
from drills.session import DrillSession, PlanError, Summary, format_seconds, make_plan, summary_lines

__all__ = [
    "DRILL_DECK",
    "SEARCH_HELP",
    "Collection",
    "Drill",
    "DrillError",
    "DrillSession",
    "ExamError",
    "ExamSession",
    "Found",
    "LoadedDeck",
    "PlanError",
    "QueryError",
    "Result",
    "SearchResult",
    "Summary",
    "TemplateSet",
    "aim",
    "check",
    "conventions_text",
    "deck_bands",
    "format_seconds",
    "generate",
    "given_text",
    "kinds",
    "levels",
    "make_plan",
    "question_markdown",
    "solution_markdown",
    "summary_lines",
    "templates_for",
]
