"""A drill for people: plain-text blocks (drill screen, CLI) and Markdown (the review screen)."""

from __future__ import annotations

from drills.drill import Drill
from engine.solution import render_steps
from engine.units import format_number, format_tolerance


def given_text(drill: Drill) -> str:
    """'Given:' and one line per parameter with its unit, names aligned."""
    width = max((len(p.name) for p in drill.params), default=0)
    return "\n".join(["Given:", *(f"  {p.name:<{width}}  {p.display}" for p in drill.params)])


def conventions_text(drill: Drill) -> str:
    """'Conventions:' and one line per convention; '' when the drill states none."""
    return "\n".join(["Conventions:", *(f"  - {c}" for c in drill.conventions)]) if drill.conventions else ""


def measured_text(drill: Drill) -> str:
    """The real measurements matching this set-up ('' when none), for the worked solution."""
    return "\n".join(drill.measured)


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
    measured = "".join(f"\n\n*{line}*" for line in drill.measured)
    return f"**Expected: {answer}**\n\n```text\n{render_steps(drill.steps)}\n```{measured}"
