"""A drill for people: the one Markdown rendering of its question and solution (review, drill screen, CLI)."""

from __future__ import annotations

from drills.drill import Drill, Param
from engine.counts import PLURALS, scale_name
from engine.solution import render_steps
from engine.units import format_number, format_quantity, format_tolerance


def question_markdown(drill: Drill) -> str:
    """Title, prompt, each given with its unit, the conventions the answer assumes, the unit asked for."""
    lines = [f"**{drill.title}** · {drill.topic}", "", drill.prompt, ""]
    hidden = {*drill.taught, *drill.unused}
    shown = [p for p in drill.params if not p.name.endswith("_label") and p.name not in hidden]
    if shown:
        lines += ["Given:", "", *(given_line(p) for p in shown), ""]
    if drill.conventions:
        lines += ["Conventions:", "", *(f"- {c}" for c in drill.conventions), ""]
    lines.append(f"Answer{_asked(drill)} ({_band(drill)}).")
    return "\n".join(lines)


def given_line(param: Param) -> str:
    """'- compute budget = 2.16 × 10^21 FLOP' (its label), or '- `tp` = 8' (no label: its name)."""
    return f"- {param.label or f'`{param.name}`'} = {param.display}"


def _asked(drill: Drill) -> str:
    """' in **GB**', ' as a number of **GPUs**', ' in **millions of tokens**' ('' for a plain number)."""
    count = drill.count
    if count is None:
        return f" in **{drill.unit}**" if drill.unit else ""
    plural = PLURALS.get(count.noun, count.noun)
    if count.scale != 1:
        scale = scale_name(count.scale)
        scale = f"{scale}s" if scale[0].isalpha() else f"units of {scale.lstrip('× ')}"
        return f" in **{scale} of {plural}**" if plural else f" in **{scale}**"
    return f" as a number of **{plural}**"


def solution_markdown(drill: Drill) -> str:
    """The expected answer, every worked step with its unit, and the measured reality checks."""
    lines = [
        f"**Answer: {answer_text(drill)}** ({_band(drill)})",
        "",
        "Solution:",
        "",
        "```text",
        render_steps(drill.steps),
        "```",
    ]
    lines += [f"\nReality check: {note}" for note in drill.measured]
    return "\n".join(lines)


def answer_text(drill: Drill) -> str:
    """'15.03 GB', '200 GPUs', '8.389 million tokens'."""
    if drill.count is None:
        return format_quantity(drill.expected, drill.unit)
    return drill.count.text(drill.expected, format_number(drill.expected))


EXAMPLE_NUMBER = 16.1
"""The number in the answer box's example: fixed, so it says nothing about the answer."""
WHOLE_EXAMPLE = 16
"""The example where the answer counts whole things (tokens, requests): a count reads as an integer."""


def answer_example(drill: Drill) -> str:
    """How to type this drill's answer, for the answer box, from the quantity asked for: an example
    in its unit ("e.g. 16.1 ms", "e.g. 16.1%"), in its scale ("e.g. 16.1 billion parameters"), a
    whole example for a count of things ("e.g. 16 tokens"), or, where an example number would
    mislead, the kind of number (an exact count; a unitless ratio has no typical size)."""
    if drill.integer:
        plural = PLURALS.get(drill.count.noun, drill.count.noun) if drill.count else drill.unit
        return f"a whole number of {plural}" if plural else "a whole number"
    if drill.count is not None:
        number = EXAMPLE_NUMBER if drill.count.scale != 1 or not drill.count.noun else WHOLE_EXAMPLE
        return f"e.g. {drill.count.text(number, format_number(number))}"
    if not drill.unit:
        return "a plain number"
    if drill.unit in PLURALS.values():  # 'tokens': a count of things, in a count unit
        return f"e.g. {WHOLE_EXAMPLE} {drill.unit}"
    return f"e.g. {format_quantity(EXAMPLE_NUMBER, drill.unit)}"


def _band(drill: Drill) -> str:
    return "exact whole number" if drill.integer else f"within {format_tolerance(drill.tolerance)}"
