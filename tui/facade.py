"""What the screens and CLI commands use of cards/ and drills/: values and pure functions, re-exported.

Screens and `tui/cli*` import these names from here (or talk to tui.services / tui.authoring), never
from cards.* or drills.* themselves: an import-linter contract in pyproject.toml holds them to it, so a
change inside cards/ or drills/ shows up here, in one place.

Each name is imported on first use (PEP 562): `flopcards drill check` needs drills.generator, not
cards.browse, whose search pulls in SQLAlchemy; a command pays only for the modules it touches.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cards.browse import HELP as SEARCH_HELP
    from cards.browse import Found, QueryError, SearchResult
    from cards.exam import MAX_QUESTIONS, ExamError, ExamSession, aim, deck_bands
    from cards.loader import Collection, LoadedDeck
    from drills.attempts import DRILL_DECK, Attempt, Result
    from drills.drill import Drill
    from drills.generator import DrillError, check, generate, kinds, levels, templates_for
    from drills.loader import TemplateSet
    from drills.present import answer_example, answer_text, question_markdown, solution_markdown
    from drills.session import DrillSession, Plan, PlanError, Summary, format_seconds, make_plan
    from drills.timed import SPRINT_SECONDS, Sitting, Turn, sprint_plan, weak_plan

_HOME: dict[str, tuple[str, ...]] = {
    "cards.browse": ("Found", "QueryError", "SearchResult"),
    "cards.exam": ("MAX_QUESTIONS", "ExamError", "ExamSession", "aim", "deck_bands"),
    "cards.loader": ("Collection", "LoadedDeck"),
    "drills.attempts": ("DRILL_DECK", "Attempt", "Result"),
    "drills.drill": ("Drill",),
    "drills.generator": ("DrillError", "check", "generate", "kinds", "levels", "templates_for"),
    "drills.loader": ("TemplateSet",),
    "drills.present": ("answer_example", "answer_text", "question_markdown", "solution_markdown"),
    "drills.session": ("DrillSession", "Plan", "PlanError", "Summary", "format_seconds", "make_plan"),
    "drills.timed": ("SPRINT_SECONDS", "Sitting", "Turn", "sprint_plan", "weak_plan"),
}
_RENAMED = {"SEARCH_HELP": ("cards.browse", "HELP")}
_WHERE = {name: (module, name) for module, names in _HOME.items() for name in names} | _RENAMED

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
    "answer_example",
    "answer_text",
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


def __getattr__(name: str) -> Any:
    """Import the name's home module on first use, then keep the value here (later uses are plain)."""
    try:
        module, attribute = _WHERE[name]
    except KeyError:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
    value = getattr(import_module(module), attribute)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
