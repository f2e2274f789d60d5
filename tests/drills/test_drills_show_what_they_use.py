"""Drills show every number the answer depends on and never print what they ask the learner to know."""

from __future__ import annotations

import pytest

from drills.generator import bundled_templates, generate
from drills.present import question_markdown

SEEDS = range(1, 41)
TAUGHT = {
    "microscaling-size": "fmt",
    "checkpoint-size": "part",
    "train-memory-adam": "opt",
    "fp16-loss-scale": "limit",
}


@pytest.mark.parametrize(("kind", "name"), sorted(TAUGHT.items()))
def test_a_taught_value_is_never_given(kind: str, name: str) -> None:
    assert name in bundled_templates().templates[kind].spec.taught
    for seed in SEEDS:
        d = generate(kind, seed)
        text = question_markdown(d)
        assert f"`{name}` =" not in text
        for bits in ("4.25 bit", "4.5 bit", "14 B", "16 B", "12 B"):
            assert f"= {bits}" not in text, (seed, bits)


def test_kernel_launch_overhead_shows_the_exact_parameter_count() -> None:
    for seed in SEEDS:
        d = generate("kernel-launch-overhead", seed)
        assert f"{d.value('params'):,} parameters" in d.prompt


def test_count_questions_say_what_they_count() -> None:
    assert "Answer as a number of **GPUs**" in question_markdown(generate("serving-capacity", 2))
    assert "Answer in **millions of tokens**" in question_markdown(generate("effective-batch-tokens", 2))
