"""A given the question writes with a unit ('{seq} tokens', '{msg_gb} GB', '{launch_us} µs') shows
that unit under 'Given:' too: '`seq` = 4,096' beside a prompt in tokens leaves the list unitless."""

from __future__ import annotations

import re

import pytest

from drills.generator import build, templates_for
from drills.given_units import UNITLESS_GIVENS, check_given_unit
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
