"""One drill renderer: the review's prompt, the CLI and (soon) the drill screen show the same Markdown."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from drills.generator import check, generate
from drills.loader import BUNDLED_DIR, load_templates
from drills.present import EXAMPLE_NUMBER, WHOLE_EXAMPLE, answer_example, question_markdown, solution_markdown
from drills.source import DrillSource
from engine.counts import PLURALS, scale_name
from tui.cli_drill import hint_text, show_text

KINDS = ["kv-cache", "plan-gpus", "pipeline-bubble"]


def _words(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("kind", KINDS)
def test_review_prompt_is_the_drill_markdown(kind: str) -> None:
    templates = load_templates()
    prompt = DrillSource(templates).prompt(f"drills/{kind}", 7)
    drill = generate(kind, 7, templates=templates)
    assert prompt.front == question_markdown(drill)
    assert prompt.back == solution_markdown(drill)


@pytest.mark.parametrize("kind", KINDS)
def test_cli_prints_the_same_markdown(kind: str) -> None:
    drill = generate(kind, 3)
    shown = _words(show_text(drill))
    assert _words(question_markdown(drill)) in shown
    for line in solution_markdown(drill).splitlines():
        assert line.startswith("```") or _words(line) in shown  # fences are not printed
    assert _words(question_markdown(drill)) in _words(hint_text(drill))
    assert "Answer:" not in hint_text(drill)


def test_question_states_units_conventions_and_band_without_the_answer() -> None:
    drill = generate("kv-cache", 1)
    question = question_markdown(drill)
    assert "Given:" in question and "Conventions:" in question and "GB = 10^9 bytes." in question
    assert question.endswith("Answer in **GB** (within ±2%).")
    assert "15.03" not in question and "**Answer: 15.03 GB** (within ±2%)" in solution_markdown(drill)


@pytest.mark.parametrize("path", sorted(BUNDLED_DIR.glob("*.yaml")), ids=lambda p: p.stem)
def test_the_answer_box_example_is_read_as_the_quantity_asked_for(path: Path) -> None:
    """Typed as it stands, the example is an answer in the drill's unit or scale (a verdict, not
    'wrong unit'); a count of things ("tokens", "requests") is hinted by a whole number, and a
    scaled count names its scale ("billions of parameters" is not "a plain number")."""
    drill = generate(path.stem, 11)
    example = answer_example(drill)
    noun = drill.count.noun if drill.count else ""
    plural = PLURALS.get(noun, noun)
    if drill.integer:
        counted = f" of {plural or drill.unit}" if plural or drill.unit else ""
        assert example == f"a whole number{counted}"
        return
    if drill.count is None and not drill.unit:
        assert example == "a plain number"
        return
    typed = example.removeprefix("e.g. ")
    counts_things = (drill.count is not None and drill.count.scale == 1) or drill.unit in PLURALS.values()
    number = str(WHOLE_EXAMPLE) if counts_things else str(EXAMPLE_NUMBER)
    assert re.match(rf"{re.escape(number)}(?![\d.])", typed), example
    assert (drill.unit or plural) in typed
    if drill.count is not None and drill.count.scale != 1:
        assert scale_name(drill.count.scale) in typed
    assert str(check(drill, typed).verdict) in {"correct", "close", "wrong"}
