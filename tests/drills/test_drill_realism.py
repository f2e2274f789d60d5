"""Every declared constraint holds on 200 seeds, and each realism rule of issue #13 holds on many draws,
checked here from the catalog's own figures (not from the template's formulas)."""

from __future__ import annotations

import math
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from drills.catalog import load_catalog
from drills.generator import Drill
from drills.generator import generate as _generate
from drills.loader import load_file
from engine.formula import parse_formula

TEMPLATES = Path(__file__).parents[2] / "drills" / "templates"
KINDS = sorted(p.stem for p in TEMPLATES.glob("*.yaml"))
CAT = load_catalog()
MODELS = {m.name: m for m in CAT.models}
GPUS = {g.name: g for g in CAT.gpus}
LINKS = {i.name: i for i in CAT.interconnects}


@cache
def generate(kind: str, seed: int) -> Drill:
    """Drills are pure functions of (kind, seed): each is built once for all the rules below."""
    return _generate(kind, seed)


def given(drill: Drill) -> dict[str, Any]:
    return {p.name: p.value for p in drill.params}


def draws(kind: str, n: int) -> list[dict[str, Any]]:
    return [given(generate(kind, seed)) for seed in range(n)]


@pytest.mark.parametrize("kind", KINDS)
def test_every_declared_constraint_holds_on_200_seeds(kind: str) -> None:
    spec = load_file(TEMPLATES / f"{kind}.yaml", CAT)[0]
    assert spec is not None
    checks = [
        (parse_formula(c.formula), c.min, c.max, c.multiple_of and parse_formula(str(c.multiple_of)))
        for c in spec.spec.constraints
    ]
    for seed in range(200):
        env = {k: v for k, v in given(generate(kind, seed)).items() if not isinstance(v, str)}
        for f, lo, hi, divisor in checks:
            v = f.evaluate(env)
            assert lo is None or v >= lo, (kind, seed, f.text, v)
            assert hi is None or v <= hi, (kind, seed, f.text, v)
            if divisor:
                ratio = v / divisor.evaluate(env)
                assert ratio == pytest.approx(round(ratio)) and round(ratio) >= 1, (kind, seed, f.text)


@pytest.mark.parametrize("kind", ["allreduce-time", "reduce-scatter-time", "all-gather-time"])
def test_no_nvlink_ring_beyond_its_domain(kind: str) -> None:
    seen_scopes = set()
    for p in draws(kind, 1000):
        link = LINKS[p["link"]]
        seen_scopes.add(link.scope)
        if link.scope != "inter-node":
            assert p["n"] <= link.domain, (kind, p)
    assert seen_scopes == {"intra-node", "inter-node"}  # both kinds of ring are still asked


@pytest.mark.parametrize(
    "kind, group", [("tp-allreduce-vs-compute", "t"), ("decode-step-time", "tp"), ("serving-capacity", "tp")]
)
def test_tensor_parallel_groups_stay_in_the_nvlink_domain(kind: str, group: str) -> None:
    for p in draws(kind, 300):
        assert p[group] <= GPUS[p["gpu"]].nvlink_domain, (kind, p)


SEQUENCE_PARAMS = ("seq", "ctx", "prompt_len", "avg_ctx")


@pytest.mark.parametrize(
    "kind",
    [k for k in KINDS if any(f"  {s}:" in (TEMPLATES / f"{k}.yaml").read_text() for s in SEQUENCE_PARAMS)],
)
def test_no_kv_cache_or_sequence_beyond_the_models_context(kind: str) -> None:
    for p in draws(kind, 200):
        if "model" not in p:
            continue
        for name in SEQUENCE_PARAMS:
            if name in p:
                assert p[name] <= MODELS[p["model"]].context, (kind, name, p)


def test_moe_decode_reads_only_the_active_experts() -> None:
    """Mixtral at batch 1 streams 12.9 B parameters per token, not 46.7 B (3.6x less)."""
    overrides = {"model": "mixtral-8x7b", "gpu": "h200", "wdtype": "BF16"}
    drill = _generate("decode-step-time", 0, overrides=overrides)
    mixtral = MODELS["Mixtral-8x7B"]
    assert drill.expected == pytest.approx(mixtral.active_params * 2 / 4800e9 * 1e3)
    assert mixtral.params / mixtral.active_params == pytest.approx(3.6, abs=0.05)
    for p in draws("decode-step-time", 300):
        model = MODELS[p["model"]]
        assert p["active_params"] == model.active_params


def test_tensor_parallel_only_where_the_weights_do_not_fit_one_gpu() -> None:
    for p in draws("decode-step-time", 300):
        gpu, per_weight = GPUS[p["gpu"]], {"BF16": 2, "FP8": 1, "INT8": 1, "INT4": 0.5}[p["wdtype_label"]]
        weights = MODELS[p["model"]].params * per_weight / 1e9
        assert (p["tp"] > 1) == (weights > 0.9 * gpu.hbm_gb), p
        assert weights / p["tp"] <= 0.9 * gpu.hbm_gb
    for seed in range(300):
        drill = generate("tp-degree-min", seed)
        p = given(drill)
        usable = GPUS[p["gpu"]].hbm_gb * (100 - p["reserve"]) / 100
        assert MODELS[p["model"]].params * p["bpp"] / 1e9 > usable, p  # never fits one GPU
        tp = min(8, MODELS[p["model"]].kv_heads, 2 ** math.ceil(math.log2(drill.expected)))
        assert drill.expected % tp == 0 and drill.expected // tp <= 16, p  # whole TP groups, <= 16 stages
    for p in draws("serving-capacity", 200):
        weights, hbm = p["params"] * 2 / 1e9, GPUS[p["gpu"]].hbm_gb
        assert weights <= p["tp"] * 0.45 * hbm, p  # weights take at most half of the group
        assert p["tp"] == 1 or weights > p["tp"] / 2 * 0.45 * hbm, p  # and half the group would not do


def test_ddp_only_where_the_replicated_state_fits() -> None:
    for p in draws("ddp-memory", 1000):
        assert 16 * p["params"] / 1e9 < GPUS[p["gpu"]].hbm_gb, p


def test_bubble_drills_have_at_least_as_many_micro_batches_as_stages() -> None:
    for kind in ("pipeline-bubble", "pipeline-bubble-interleaved"):
        for p in draws(kind, 300):
            assert p["m"] >= p["p"], (kind, p)


def test_training_runs_last_two_days_to_a_year() -> None:
    for seed in range(300):
        assert 2 <= generate("training-time", seed).expected <= 365


def test_zero3_shards_are_at_least_a_gigabyte() -> None:
    for seed in range(300):
        assert generate("zero3-memory", seed).expected >= 1


def test_serving_capacity_is_not_on_a_knife_edge() -> None:
    """Rounding the worked solution's GB figures as shown must not change the GPU count."""

    def r3(x: float) -> float:
        return float(f"{x:.4g}")  # the worked solution shows 4 significant digits

    for seed in range(200):
        drill = generate("serving-capacity", seed)
        p = given(drill)
        gpu = GPUS[p["gpu"]]
        free = r3(p["tp"] * gpu.hbm_gb * 0.9 - r3(p["params"] * 2 / 1e9))
        kv = r3(2 * p["layers"] * p["kv_heads"] * p["head_dim"] * 2 * p["ctx"] / 1e9)
        per_replica = math.floor(free / kv)
        assert per_replica >= 4
        assert p["tp"] * math.ceil(p["users"] / per_replica) == drill.expected, (seed, p)


def test_no_wide_tensor_parallelism_for_small_models() -> None:
    """TP 4-8 for a 1-13B model was unrealistic: the group must be needed for the training state."""
    for p in draws("tp-comm-per-layer", 300):
        states_gb = 16 * MODELS[p["model"]].params / 1e9
        assert states_gb >= p["t"] / 2 * 80, p
