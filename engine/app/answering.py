"""What a screen shows about a checked answer: the verdict, units and numbers as written, rubric
coverage and worked steps (no pint or sympy at import: they load when an answer is checked)."""

from engine.answers import CheckResult, Verdict
from engine.rubric import Coverage, RubricPoint, coverage
from engine.solution import render_steps
from engine.units import format_percent, format_quantity

__all__ = [
    "CheckResult",
    "Coverage",
    "RubricPoint",
    "Verdict",
    "coverage",
    "format_percent",
    "format_quantity",
    "render_steps",
]
