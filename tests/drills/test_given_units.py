"""A given the question writes with a unit ('{seq} tokens', '{msg_gb} GB', '{launch_us} µs') shows
that unit under 'Given:' too: '`seq` = 4,096' beside a prompt in tokens leaves the list unitless."""

from __future__ import annotations

import re

import pytest

from drills.generator import build, templates_for
from drills.given_units import UNITLESS_GIVENS, check_given_unit
from drills.present import question_markdown
from engine.units import UnitError

UNIT_WORDS = {
    "token": "tokens",
    "tokens": "tokens",
    "GB": "GB",
    "GB/s": "GB/s",
    "µs": "µs",
    "ms": "ms",
    "s": "s",
}
"""Words after a placeholder that are its unit (a '{seq}-token' adjective included)."""


def test_a_given_written_with_a_unit_in_the_question_shows_it_under_given() -> None:
    checked, missing = 0, []
    for kind, template in templates_for().templates.items():
        drill = build(template, 0)
        hidden = {*drill.taught, *drill.unused}
        for p in drill.params:
            if p.name in hidden or isinstance(p.value, str):
                continue
            placeholder = r"\{" + re.escape(p.name) + r"(?::[^}]*)?\}"
            said = re.search(placeholder + r"[ -]([\w/]+|µs)", template.spec.prompt)
            if said is None or said.group(1) not in UNIT_WORDS:
                continue
            checked += 1
            if p.unit != UNIT_WORDS[said.group(1)]:
                missing.append((kind, p.name, said.group(1)))
    assert not missing
    assert checked > 50  # the rule is at work across the catalog


def test_every_given_shows_a_unit_or_is_a_declared_count_or_ratio() -> None:
    unclear, shown = [], 0
    for kind, template in templates_for().templates.items():
        drill = build(template, 0)
        hidden = {*drill.taught, *drill.unused}
        for p in drill.params:
            if p.name in hidden or p.name.endswith("_label") or isinstance(p.value, str):
                continue
            shown += 1
            if not p.unit and p.name not in UNITLESS_GIVENS:
                unclear.append((kind, p.name))
    assert not unclear
    assert shown > 300  # the rule is at work across the catalog


def test_a_given_unit_may_carry_a_scale_or_count_a_noun_but_must_be_a_unit() -> None:
    for unit in (
        "million USD",
        "× 10^21 FLOP",
        "billion parameters",
        "thousand tokens/s",
        "MW",
        "USD/h per GPU",
    ):
        check_given_unit(unit)
    for unit in ("million bananas", "× 10^x FLOP", "lots USD", "USD/h per banana"):
        with pytest.raises(UnitError):
            check_given_unit(unit)


INTERNAL_LOOKING = re.compile(r"_|\d$")
"""A name with an underscore part or a digit at its end ('c_e21', 'budget_m', 't1') reads as code."""


def test_a_given_named_like_a_variable_is_shown_by_its_label() -> None:
    """'`c_e21` = 2.16 × 10^21 FLOP' under 'Given:' reads as code: a param the template declares
    with such a name carries a label, and the list shows the label ('compute budget = ...') in its
    place. Catalog fields keep the catalog's names (kv_heads, head_dim: the models' own config)."""
    unlabelled, labelled = [], 0
    for kind, template in templates_for().templates.items():
        drill = build(template, 0)
        hidden = {*drill.taught, *drill.unused}
        text = question_markdown(drill)
        for p in drill.params:
            if p.name in hidden or p.name not in template.spec.params or isinstance(p.value, str):
                continue
            if p.label:
                labelled += 1
                assert f"- {p.label} = {p.display}\n" in text, (kind, p.name)
                assert f"`{p.name}`" not in text, (kind, p.name)
            elif INTERNAL_LOOKING.search(p.name):
                unlabelled.append((kind, p.name))
    assert not unlabelled
    assert labelled > 30  # the rule is at work across the catalog
