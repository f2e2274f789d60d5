"""The kinds added for issue 30's grill questions, each against an independent computation, on 1,000 seeds.

The oracles read model figures from the catalog by display name (not the params the template
exposes) and redo each calculation their own way: exact Fractions, loops over layers and passes,
doubling and halving searches over FP16's range built from its bit layout.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from functools import cache
from typing import Any

import pytest

from drills.catalog import load_catalog
from drills.generator import Drill, generate

SEEDS = range(1000)
MODELS = {m.name: m for m in load_catalog().models}


def m(p: dict[str, Any]) -> Any:
    return MODELS[p["model"]]


def _capacity(tokens: int, k: int, experts: int, cf: float) -> int:
    share = Fraction(tokens * k, experts)
    return math.ceil(Fraction(str(cf)) * share)


def capacity(p: dict[str, Any]) -> int:
    return _capacity(p["tokens"], m(p).experts_per_token, m(p).experts, p["cf"])


def dropped(p: dict[str, Any]) -> int:
    share = Fraction(p["tokens"] * m(p).experts_per_token, m(p).experts)
    sent = Fraction(str(p["hot"])) * share
    assert sent.denominator == 1
    return int(sent) - capacity(p)


def _fp16_smallest(normal: bool) -> Fraction:
    """From binary16's layout: 5 exponent bits (bias 15), 10 mantissa bits."""
    bias, mantissa_bits = 2 ** (5 - 1) - 1, 10
    smallest_normal = Fraction(1, 2 ** (bias - 1))
    return smallest_normal if normal else smallest_normal / 2**mantissa_bits


def loss_scale(p: dict[str, Any]) -> int:
    normal = str(p["limit_label"]).startswith("a normal")
    threshold = _fp16_smallest(normal)
    grad = Fraction(str(p["g_m"])) * Fraction(10) ** p["g_e"]
    scale = 1
    while grad * scale < threshold:
        scale *= 2
    return scale


def _fp16_largest() -> Fraction:
    """binary16's largest finite value: the top exponent below all-ones (15), a full mantissa."""
    return Fraction(2**15) * (2 - Fraction(1, 2**10))


def overflow_skips(p: dict[str, Any]) -> int:
    scale, skipped = Fraction(p["init"]), 0
    grad = Fraction(str(p["g_m"])) * Fraction(10) ** p["g_e"]
    while grad * scale > _fp16_largest():  # inf: the step is skipped, the scale halved
        scale /= 2
        skipped += 1
    return skipped


def all_to_alls(p: dict[str, Any]) -> int:
    model, count = m(p), 0
    recompute = str(p["recompute_label"]).startswith("with ")
    passes = ["forward", "backward"] + (["recomputed forward"] if recompute else [])
    for layer in range(model.layers):
        if layer < model.dense_layers:
            continue  # a dense FFN: no routing
        count += sum(2 for _ in passes)  # dispatch and combine (or their gradients)
    return count * p["mb"]  # every micro-batch passes every layer


ORACLES_INTERVIEW: dict[str, Callable[[dict[str, Any]], float]] = {
    "moe-expert-capacity": capacity,
    "moe-tokens-dropped": dropped,
    "fp16-loss-scale": loss_scale,
    "fp16-overflow-skips": overflow_skips,
    "moe-all-to-all-count": all_to_alls,
}


@cache
def _drills(kind: str) -> tuple[Drill, ...]:
    return tuple(generate(kind, seed) for seed in SEEDS)


def _given(d: Drill) -> dict[str, Any]:
    return {x.name: x.value for x in d.params}


@pytest.mark.parametrize("kind", sorted(ORACLES_INTERVIEW))
def test_expected_answer_matches_independent_computation_on_1000_seeds(kind: str) -> None:
    for drill in _drills(kind):
        p = _given(drill)
        assert drill.expected == ORACLES_INTERVIEW[kind](p), (kind, drill.seed, p)
        assert drill.integer and drill.expected > 0


@pytest.mark.parametrize("kind", sorted(ORACLES_INTERVIEW))
def test_kind_varies_over_1000_seeds(kind: str) -> None:
    drills = _drills(kind)
    assert len({d.prompt for d in drills}) >= 50, kind
    answers = Counter(d.expected for d in drills)
    assert len(answers) >= 6 and max(answers.values()) <= 250, (kind, answers.most_common(3))


def test_fp16_limits_are_the_ieee_figures() -> None:
    assert float(_fp16_smallest(normal=True)) == 2**-14 == pytest.approx(6.10e-5, rel=1e-3)
    assert float(_fp16_smallest(normal=False)) == 2**-24 == pytest.approx(5.96e-8, rel=1e-3)
    seen = set()
    for d in _drills("fp16-loss-scale"):
        p = _given(d)
        threshold = float(_fp16_smallest(str(p["limit_label"]).startswith("a normal")))
        grad = p["g_m"] * 10.0 ** p["g_e"]
        assert grad * d.expected >= threshold > grad * d.expected / 2  # the smallest power of two
        assert d.expected * grad * 1e4 < 65504  # gradients 10^4 larger still fit under FP16's max
        seen.add(p["limit_label"])
    assert len(seen) == 2
    assert _fp16_largest() == 65504


def test_grill_q39_example() -> None:
    """Switch Transformer's capacity for T = 4096, E = 64, k = 2, CF = 1.25 is 160 tokens (grill q39)."""
    assert _capacity(4096, 2, 64, 1.25) == 160
    for d in _drills("moe-expert-capacity"):
        p = _given(d)
        assert d.expected == _capacity(p["tokens"], p["k"], p["experts"], p["cf"])


def test_two_all_to_alls_per_moe_layer_forward_as_grill_q56_says() -> None:
    for d in _drills("moe-all-to-all-count"):
        p = _given(d)
        moe_layers = p["layers"] - p["dense_layers"]
        per_pass = d.expected / (moe_layers * p["mb"])
        assert per_pass == (6 if p["recompute"] else 4)


def test_dropped_tokens_only_where_the_busiest_expert_overflows() -> None:
    for d in _drills("moe-tokens-dropped"):
        p = _given(d)
        assert p["hot"] > p["cf"] and 0 < d.expected < p["hot"] * p["tokens"] * p["k"] / p["experts"]
