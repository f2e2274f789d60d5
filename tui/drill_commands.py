"""The drills door of the command line: what `flopcards drill` and `stats` call in drills/, named once.

Part of the composition root (docs/architecture.md, "The door"), beside tui/drills_door.py (the
screens' door, which leaves drills.generator out to keep the review light). drills.generator is
light to import itself: pydantic, YAML and pint load only when a template set is compiled, so a
`drill check` served from the kept template stays as quick as before.
"""

from __future__ import annotations

from drills.article import with_article
from drills.generator import (
    DrillError,
    check,
    generate,
    keep_template,
    kept_drill,
    kinds,
    template_stamps,
    templates_for,
)
from drills.present import answer_text, question_markdown, solution_markdown

__all__ = [
    "DrillError",
    "answer_text",
    "check",
    "drill_deck_id",
    "generate",
    "keep_template",
    "kept_drill",
    "kinds",
    "question_markdown",
    "solution_markdown",
    "template_stamps",
    "templates_for",
    "with_article",
]


def drill_deck_id() -> str:
    """The deck id drill kinds are counted under (drills.attempts loads the store: only on call)."""
    from drills.attempts import DRILL_DECK

    return DRILL_DECK
