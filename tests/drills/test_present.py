"""One drill renderer: the review's prompt, the CLI and (soon) the drill screen show the same Markdown."""

from __future__ import annotations

from pathlib import Path

import pytest

from drills.generator import check, generate
from drills.loader import BUNDLED_DIR, load_templates
from drills.present import EXAMPLE_NUMBER, answer_example, question_markdown, solution_markdown
from drills.source import DrillSource
from engine.counts import PLURALS
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
def test_the_answer_box_example_is_read_as_the_unit_asked_for(path: Path) -> None:
    """Typed as it stands, the example is an answer in the drill's unit (a verdict, not 'wrong unit')."""
    drill = generate(path.stem, 11)
    example = answer_example(drill)
    if drill.integer or not drill.unit:
        noun = drill.count.noun if drill.count else ""
        counted = f" of {PLURALS.get(noun, noun)}" if noun else ""
        assert example == (f"a whole number{counted}" if drill.integer else "a plain number")
        return
    typed = example.removeprefix("e.g. ")
    assert typed.startswith(str(EXAMPLE_NUMBER)) and drill.unit in typed
    assert str(check(drill, typed).verdict) in {"correct", "close", "wrong"}
