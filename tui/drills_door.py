"""The drills door: the drill values and pure functions the screens use, named in one place.

Part of the composition root (docs/architecture.md, "The door"): engine.app cannot name a drill,
so the screens take drills' values from here and never import drills/ themselves. Kept to the
modules a review already loads (no drills.generator: pydantic), so the review's fast start stays
light; generating and checking a drill are calls of `tui.services.Services`.
"""

from __future__ import annotations

from drills.article import with_article
from drills.attempts import Attempt, Result
from drills.drill import Drill
from drills.present import answer_example, answer_text, question_markdown, solution_markdown
from drills.session import DrillSession, Plan, PlanError, format_seconds, make_plan
from drills.timed import SPRINT_SECONDS, Sitting, Turn, sprint_plan, weak_plan

__all__ = [
    "SPRINT_SECONDS",
    "Attempt",
    "Drill",
    "DrillSession",
    "Plan",
    "PlanError",
    "Result",
    "Sitting",
    "Turn",
    "answer_example",
    "answer_text",
    "format_seconds",
    "make_plan",
    "question_markdown",
    "solution_markdown",
    "sprint_plan",
    "weak_plan",
    "with_article",
]
