"""The drill answer box's example follows the unit the question asks for (not always "16.1 GB")."""

from __future__ import annotations

import pytest
from textual.widgets import Input

from drills.attempts import Result
from drills.generator import generate
from engine.answers import Verdict
from tui.drill_text import answer_placeholder, empty_answer_text, verdict_text
from tui.screens.drill import DrillScreen

# kind -> the example the box shows: % and x are written against the number, an exact count gets no
# example number (16 could be the answer), a count of things a whole one, a scaled count its scale,
# a unitless ratio none (no typical size)
EXAMPLES = {
    "pipeline-bubble": "e.g. 16.1%",
    "amdahl": "e.g. 16.1x",
    "allreduce-time": "e.g. 16.1 ms",
    "kv-cache": "e.g. 16.1 GB",
    "kv-max-batch": "a whole number of requests",
    "chinchilla-tokens": "e.g. 16.1 × 10^21 FLOP",
    "kv-max-context": "e.g. 16 tokens",
    "quant-step": "a plain number",
}


ON_SCREEN = ["kv-cache", "kv-max-batch"]
"""Kinds checked on the real screen: an example with a unit, and a count (no example number); the
texts of every kind are checked headless below (the screen shows these same two texts)."""


@pytest.mark.parametrize("kind", EXAMPLES)
@pytest.mark.parametrize("seed", [3, 11])
def test_the_box_and_the_empty_answer_message_give_the_example_of_each_kind(kind: str, seed: int) -> None:
    drill = generate(kind, seed)
    assert answer_placeholder(drill) == f"your answer, {EXAMPLES[kind]} (enter checks)"
    assert empty_answer_text(drill).plain == f"Type an answer, {EXAMPLES[kind]} (ctrl+g gives up)."


@pytest.mark.parametrize(
    ("kind", "expected"),
    [("moe-weight-memory", "Expected 7 GPUs"), ("chinchilla-model-size", "billion parameters")],
)
@pytest.mark.parametrize("gave_up", [False, True])
def test_time_up_and_give_up_name_what_a_count_counts(kind: str, expected: str, gave_up: bool) -> None:
    """With no answer, the verdict's expected line still says '7 GPUs', not a bare '7'."""
    drill = generate(kind, 3)
    outcome = Result(kind, 3, Verdict.WRONG, 120.0, timed_out=not gave_up, gave_up=gave_up)
    text, _ = verdict_text(drill, None, outcome, gave_up=gave_up, hinted=False, cap=120.0)
    assert expected in text.plain, text.plain


@pytest.mark.parametrize("kind", ON_SCREEN)
async def test_the_answer_box_example_is_in_the_unit_asked_for(
    make_app, seen, drill_opener, until, kind: str
) -> None:
    app = make_app(drill_seconds=120)
    async with app.run_test(size=(80, 24)) as pilot:
        screen: DrillScreen = await drill_opener(pilot, kind=kind, amount="1")
        drill = screen.drill
        assert drill is not None and drill.kind == kind
        box = screen.query_one("#drill-answer", Input)
        placeholder = f"your answer, {EXAMPLES[kind]} (enter checks)"
        assert box.placeholder == placeholder
        await until(pilot, lambda: placeholder in seen(app), "the answer box's placeholder on screen")
        assert (drill.unit == "GB") == ("16.1 GB" in seen(app))
        await pilot.press("enter")  # nothing typed: the same example, and the drill waits
        message = f"Type an answer, {EXAMPLES[kind]} (ctrl+g gives up)."
        await until(pilot, lambda: message in seen(app), "the empty-answer message")
        assert screen.phase == "asking"
