"""What the screens and CLI commands use of cards/ and drills/: values and pure functions, re-exported.

Screens and `tui/cli*` import these names from here (or talk to tui.services / tui.authoring), never
from cards.* or drills.* themselves: an import-linter contract in pyproject.toml holds them to it, so a
change inside cards/ or drills/ shows up here, in one place.
"""

from __future__ import annotations

from cards.browse import HELP as SEARCH_HELP
from cards.browse import Found, QueryError, SearchResult
from cards.exam import MAX_QUESTIONS, ExamError, ExamSession, aim, deck_bands
from cards.loader import Collection, LoadedDeck
from drills.attempts import DRILL_DECK, Attempt, Result
from drills.drill import Drill
from drills.generator import DrillError, check, generate, kinds, levels, templates_for
from drills.loader import TemplateSet
from drills.present import question_markdown, solution_markdown
from drills.session import DrillSession, Plan, PlanError, Summary, format_seconds, make_plan
from drills.timed import SPRINT_SECONDS, Sitting, Turn, sprint_plan, weak_plan

__all__ = [
    "DRILL_DECK",
    "MAX_QUESTIONS",
    "SEARCH_HELP",
    "SPRINT_SECONDS",
    "Attempt",
    "Collection",
    "Drill",
    "DrillError",
    "DrillSession",
    "ExamError",
    "ExamSession",
    "Found",
    "LoadedDeck",
    "Plan",
    "PlanError",
    "QueryError",
    "Result",
    "SearchResult",
    "Sitting",
    "Summary",
    "TemplateSet",
    "Turn",
    "aim",
    "check",
    "deck_bands",
    "format_seconds",
    "generate",
    "kinds",
    "levels",
    "make_plan",
    "question_markdown",
    "solution_markdown",
    "sprint_plan",
    "templates_for",
    "weak_plan",
]
