"""Every kind's answer, written as people write it, is correct; every declared slip is named.

Bounded for CI: per kind, hypothesis draws 3 form choices for each of 20 seeds (87 kinds x 60).
"""

from __future__ import annotations

import random
from functools import cache
from typing import get_args

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from drills.drill import Drill
from drills.forms import equivalent_form
from drills.generator import bundled_templates, check, generate, grading
from drills.schema import SlipName
from engine.answers import Verdict
from engine.slips import KINDS, WINDOW

KINDS_ALL = sorted(bundled_templates().templates)
SEEDS = range(1, 21)
BOUNDED = settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@cache
def drill(kind: str, seed: int) -> Drill:
    return generate(kind, seed)


def test_every_bundled_kind_is_covered() -> None:
    assert len(KINDS_ALL) >= 80


@pytest.mark.parametrize("kind", KINDS_ALL)
@BOUNDED
@given(salt=st.integers(0, 2**32 - 1))
def test_equivalent_forms_are_correct(kind: str, salt: int) -> None:
    rng = random.Random(salt)
    for seed in SEEDS:
        d = drill(kind, seed)
        form = equivalent_form(d, rng)
        result = check(d, form)
        assert result.verdict is Verdict.CORRECT, f"{kind} seed {seed}: {form!r} -> {result.message}"


SLIPPED_KINDS = [k for k in KINDS_ALL if bundled_templates().templates[k].spec.slips]


def test_slips_are_declared_where_they_apply() -> None:
    declared = {k: drill(k, 1).slips for k in SLIPPED_KINDS}
    assert {"kv-cache", "allreduce-time", "training-time", "pipeline-bubble", "quantized-size"} <= set(
        declared
    )
    names = {name for slips in declared.values() for name, _ in slips}
    for name in ("k-only", "all-gather-volume", "2nd-vs-6nd", "bits-bytes", "gib-gb", "mib-mb"):
        assert name in names
    assert {"ring-factor", "bubble-convention", "forward-only", "all-reduce-volume"} <= names


@pytest.mark.parametrize("kind", SLIPPED_KINDS)
def test_each_declared_slip_is_named(kind: str) -> None:
    named: dict[str, int] = {name: 0 for name, _ in drill(kind, 1).slips}
    for seed in SEEDS:
        d = drill(kind, seed)
        slips = grading(d).slips
        for slip in slips:
            value = d.expected * slip.ratio
            if abs(slip.ratio - 1) <= 2 * d.tolerance:
                continue  # a slip this small is graded correct: nothing to name
            result = check(d, f"{value:.3g} {d.unit}".strip())  # rounded as a person would type it
            assert result.verdict in (Verdict.CLOSE, Verdict.WRONG), result.message
            twins = {s.name for s in slips if abs(s.ratio / slip.ratio - 1) <= 2 * WINDOW}
            assert result.slip in twins, f"{kind} seed {seed}: {slip.name} -> {result.message}"
            assert KINDS[result.slip].says in result.message
            named[slip.name] = named.get(slip.name, 0) + 1
    assert all(named.values()), named  # every declared slip is big enough to name on some seed


def test_slip_names_match_the_engine() -> None:
    assert set(get_args(SlipName)) == set(KINDS)


def test_a_slip_the_kind_does_not_declare_is_not_named() -> None:
    d = drill("training-time", 3)
    assert check(d, f"{d.expected / 2:.6g} days").slip is None  # no K-only slip in a training time


def test_integer_kinds_are_exact() -> None:
    for kind in ("plan-gpus", "serving-capacity", "pipeline-microbatches", "grad-accumulation-steps"):
        d = drill(kind, 2)
        assert check(d, str(round(d.expected))).verdict is Verdict.CORRECT
        assert check(d, str(round(d.expected) + 1)).verdict is not Verdict.CORRECT
        assert "only the exact count is correct" in " ".join(d.conventions)


def test_serving_capacity_refuses_a_count_the_tp_group_cannot_make() -> None:
    d = next(
        drill("serving-capacity", s)
        for s in range(1, 200)
        if (drill("serving-capacity", s).multiple_of or 1) > 1
    )
    result = check(d, f"{round(d.expected) + 1} GPUs")
    assert result.verdict is Verdict.WRONG and "not feasible" in result.message
