"""Generation: determinism, variety, every drawable catalog entry, solutions that add up, checking."""

from __future__ import annotations

import math
import random
import re

import pytest

from drills.drill import Drill
from drills.generator import (
    DrillError,
    UnknownKindError,
    bundled_templates,
    check,
    generate,
)
from drills.loader import BUNDLED_DIR
from drills.render import RenderError, placeholders, pretty, render
from engine.formula import FUNCTIONS as FORMULA_FUNCTIONS
from engine.units import convert, same_dimension

KINDS = [p.stem for p in sorted(BUNDLED_DIR.glob("*.yaml"))]
"""Every bundled template FILE (named after its kind): a template that fails to load fails here."""
FUNCTIONS = set(FORMULA_FUNCTIONS)


@pytest.mark.parametrize("kind", KINDS)
def test_same_kind_and_seed_give_the_same_drill(kind: str) -> None:
    first = generate(kind, 42)
    for other in KINDS:  # no hidden state carried between generations
        generate(other, 43)
    assert generate(kind, 42) == first


def test_generation_does_not_touch_the_global_random() -> None:
    random.seed(1234)
    before = random.getstate()
    for kind in KINDS:
        generate(kind, 5)
    assert random.getstate() == before


@pytest.mark.parametrize("kind", KINDS)
def test_different_seeds_give_varied_drills(kind: str) -> None:
    drills = [generate(kind, seed) for seed in range(30)]
    assert len({d.prompt for d in drills}) >= 5
    # a power-of-two GPU count can only take a few values; every other answer varies more
    assert len({d.expected for d in drills}) >= (3 if drills[0].integer else 5)


@pytest.mark.parametrize("kind", KINDS)
def test_every_drawable_catalog_entry_gives_a_defined_answer(kind: str) -> None:
    template = bundled_templates().templates[kind]
    for draw in (d for d in template.draws if d.kind == "catalog"):
        for entry in draw.choices:
            drill = None
            for seed in range(40):  # other params are redrawn until the constraints hold
                try:
                    drill = generate(kind, seed, overrides={draw.name: entry.id})
                    break
                except DrillError:
                    continue
            assert drill is not None, f"{kind}: {entry.id} never satisfies the constraints"
            assert drill.value(draw.name) == entry.name
            for pname, field in draw.fields:
                assert drill.value(pname) == getattr(entry, field)
            assert math.isfinite(drill.expected) and drill.expected > 0


@pytest.mark.parametrize("kind", KINDS)
def test_the_worked_solution_ends_on_the_answer(kind: str) -> None:
    for seed in range(5):
        drill = generate(kind, seed)
        last = drill.steps[-1]
        assert convert(last.value, last.unit, drill.unit) == pytest.approx(drill.expected)
        for step in drill.steps:
            assert step.label and step.formula and step.substituted
            left = set(re.findall(r"(?<![\w.])[A-Za-z_]\w*", step.substituted)) - FUNCTIONS
            assert not left, step.substituted  # every name was replaced by its value


@pytest.mark.parametrize("kind", KINDS)
def test_checking_grades_right_close_wrong_and_unit(kind: str) -> None:
    drill = generate(kind, 3)
    unit = drill.unit
    assert check(drill, f"{drill.expected!r} {unit}").verdict == "correct"
    assert check(drill, repr(drill.expected)).verdict == "correct"  # bare number, question's unit
    assert check(drill, f"{drill.expected * 1.5!r} {unit}").verdict == "wrong"
    if drill.integer:  # a count is exact: one off is wrong, however large the count
        assert check(drill, f"{drill.expected + 1!r} {unit}").verdict == "wrong"
        assert check(drill, f"{drill.expected * 1.005!r} {unit}").verdict == "wrong"
    else:
        assert check(drill, f"{drill.expected * 1.05!r} {unit}").verdict == "close"
    assert check(drill, "lots").verdict == "unreadable"
    if unit.strip() not in ("", "x", "%", "tokens"):
        other = next(u for u in ("ms", "GB", "TFLOPS") if not same_dimension(u, unit))
        assert check(drill, f"5 {other}").verdict == "wrong_unit"


def test_drill_shape() -> None:
    drill = generate("kv-cache", 11)
    assert isinstance(drill, Drill)
    assert drill.kind == "kv-cache" and drill.seed == 11 and drill.unit == "GB"
    assert drill.conventions and all(isinstance(c, str) for c in drill.conventions)
    names = [p.name for p in drill.params]
    assert names[:2] == ["model", "layers"] and "dtype_label" in names
    assert "{" not in drill.prompt and drill.value("model") in drill.prompt
    with pytest.raises(KeyError):
        drill.value("nope")


def test_unknown_kind_and_bad_overrides() -> None:
    with pytest.raises(UnknownKindError, match="unknown drill kind 'nope'"):
        generate("nope", 1)
    with pytest.raises(DrillError, match="not a choice"):
        generate("kv-cache", 1, overrides={"model": "gpt-5"})
    with pytest.raises(DrillError, match="not an option"):
        generate("kv-cache", 1, overrides={"dtype": "FP2"})
    for bad in ("many", float("inf"), True):
        with pytest.raises(DrillError, match="finite number"):
            generate("kv-cache", 1, overrides={"seq": bad})
    with pytest.raises(DrillError, match="cannot be overridden"):
        generate("kv-cache", 1, overrides={"dtype_label": "FP8"})
    with pytest.raises(DrillError, match="constraints"):  # 8.7 TB of KV cache is over the template's cap
        generate(
            "kv-cache", 1, overrides={"model": "llama-3.1-405b", "seq": 131072, "batch": 64, "dtype": "FP32"}
        )


def test_overrides_keep_the_other_draws() -> None:
    plain = generate("allreduce-time", 9)
    pinned = generate("allreduce-time", 9, overrides={"n": 8})
    assert pinned.value("n") == 8
    assert pinned.value("model") == plain.value("model")
    assert pinned.value("link") == plain.value("link")


def test_placeholder_rendering() -> None:
    assert render("{a} and {{b}} at {c:.1f}", {"a": 8192, "c": 0.25}) == "8,192 and {b} at 0.2"
    assert render("{name}", {"name": "Llama-3-8B"}) == "Llama-3-8B"
    assert placeholders("x {a} {b:,}") == [("a", None), ("b", ",")]
    for bad in ("{a.__class__}", "{a[0]}", "{ a b }", "{", "x }"):
        with pytest.raises(RenderError):
            placeholders(bad)
    with pytest.raises(RenderError):
        render("{missing}", {})


def test_formula_display_and_substitution() -> None:
    assert pretty("2*layers*kv_heads") == "2 × layers × kv_heads"
    assert pretty("(p - 1) / (m + p - 1)", {"p": 4, "m": 8}) == "(4 − 1) / (8 + 4 − 1)"
    assert pretty("alpha ** (g + 1)", {"alpha": 0.8, "g": 4}) == "0.8^(4 + 1)"
    assert pretty("-x + ceil(y)", {"x": 1, "y": 2.5}) == "−1 + ceil(2.5)"
    assert pretty("params * 2", {"params": 8030261248}) == "8.03e9 × 2"
