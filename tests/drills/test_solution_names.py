"""A worked solution reads without the template's internals: every name in a step's formula is a
given the question lists (or a param the question asks the learner to know), and a number worked
out by an earlier step is called by that step ('step 1'), not by the template's variable ('n2')."""

from __future__ import annotations

import re

from drills.generator import build, templates_for

_FUNCTIONS = {"ceil", "floor", "sqrt", "log2", "log", "min", "max", "abs", "round", "step"}
_NAME = re.compile(r"[A-Za-z_][A-Za-z_0-9]*")


def test_no_step_variable_leaks_into_a_worked_solution() -> None:
    leaks = []
    for kind, template in templates_for().templates.items():
        for seed in range(2):
            drill = build(template, seed)
            known = {p.name for p in drill.params}
            for step in drill.steps:
                names = set(_NAME.findall(re.sub(r"\d+(\.\d+)?e[+-]?\d+", "", step.formula)))
                leaks += [(kind, step.label, n) for n in names - known - _FUNCTIONS]
    assert not leaks


def test_a_step_names_the_earlier_step_it_uses() -> None:
    drill = build(templates_for().templates["chinchilla-model-size"], 3)
    assert drill.steps[1].formula == "sqrt(step 1) / 1e9"
