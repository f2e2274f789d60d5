"""A drill as Markdown: the question with its givens and conventions, and the worked solution."""

from __future__ import annotations

from drills.drill import Drill
from drills.render import format_number
from engine.solution import render_steps
from engine.units import format_tolerance


def question_markdown(drill: Drill) -> str:
    """Prompt, then each given with its unit, then the conventions the answer assumes."""
    lines = [f"**{drill.title}** · {drill.topic}", "", drill.prompt, ""]
    shown = [p for p in drill.params if not p.name.endswith("_label")]
    if shown:
        lines += [f"- `{p.name}` = {p.display}" for p in shown] + [""]
    if drill.conventions:
        lines += ["*Conventions:* " + " · ".join(drill.conventions), ""]
    unit = f" in **{drill.unit}**" if drill.unit else ""
    lines.append(f"Answer{unit} (within {format_tolerance(drill.tolerance)}).")
    return "\n".join(lines)


def solution_markdown(drill: Drill) -> str:
    """The expected answer and every worked step with its unit."""
    answer = f"{format_number(drill.expected)} {drill.unit}".strip()
    return f"**Expected: {answer}**\n\n```text\n{render_steps(drill.steps)}\n```"
