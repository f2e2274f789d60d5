"""A drill for people: the one Markdown rendering of its question and solution (review, drill screen, CLI)."""

from __future__ import annotations

from drills.drill import Drill
from engine.solution import render_steps
from engine.units import format_quantity, format_tolerance


def question_markdown(drill: Drill) -> str:
    """Title, prompt, each given with its unit, the conventions the answer assumes, the unit asked for."""
    lines = [f"**{drill.title}** · {drill.topic}", "", drill.prompt, ""]
    shown = [p for p in drill.params if not p.name.endswith("_label")]
    if shown:
        lines += ["Given:", "", *(f"- `{p.name}` = {p.display}" for p in shown), ""]
    if drill.conventions:
        lines += ["Conventions:", "", *(f"- {c}" for c in drill.conventions), ""]
    unit = f" in **{drill.unit}**" if drill.unit else ""
    lines.append(f"Answer{unit} ({_band(drill)}).")
    return "\n".join(lines)


def solution_markdown(drill: Drill) -> str:
    """The expected answer, every worked step with its unit, and the measured reality checks."""
    lines = [
        f"**Answer: {format_quantity(drill.expected, drill.unit)}** ({_band(drill)})",
        "",
        "Solution:",
        "",
        "```text",
        render_steps(drill.steps),
        "```",
    ]
    lines += [f"\nReality check: {note}" for note in drill.measured]
    return "\n".join(lines)


EXAMPLE_NUMBER = 16.1
"""The number in the answer box's example: fixed, so it says nothing about the answer."""


def answer_example(drill: Drill) -> str:
    """How to type this drill's answer, for the answer box: an example in the unit asked for
    ("e.g. 16.1 ms", "e.g. 16.1%"), or, where an example number would mislead, the kind of number
    (a count is a whole number, and "16" could be it; a unitless ratio has no typical size)."""
    if drill.integer:
        return f"a whole number of {drill.unit}" if drill.unit else "a whole number"
    if not drill.unit:
        return "a plain number"
    return f"e.g. {format_quantity(EXAMPLE_NUMBER, drill.unit)}"


def _band(drill: Drill) -> str:
    return "exact whole number" if drill.integer else f"within {format_tolerance(drill.tolerance)}"
