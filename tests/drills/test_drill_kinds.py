"""Every drill kind against an independent computation from its params (not the template formula).

The seed documents' worked examples are in test_drill_examples.py."""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest

from drills.generator import Drill, generate, kinds

SEEDS = range(25)
BYTES = {"BF16": 2, "FP16": 2, "FP8": 1, "FP32": 4, "INT8": 1, "INT4": 0.5}
ADAM_PARTS = {  # bytes per parameter of each mixed-precision Adam state
    "the BF16 weights": 2,
    "the BF16 gradients": 2,
    "the FP32 master weights": 4,
    "the two FP32 Adam moments (momentum and variance)": 4 + 4,
    "the FP32 optimizer states (master weights, momentum and variance)": 4 + 4 + 4,
    "the gradients and all optimizer states (everything but the BF16 weights)": 2 + 4 + 4 + 4,
}
QUANT_BITS = {  # bits per weight, scales/zero points amortized over their group
    "BF16": 16,
    "INT8": 8,
    "FP8": 8,
    "INT4 with one FP16 scale per group of 128": 4 + 16 / 128,
    "INT4 with an FP16 scale and an FP16 zero point per group of 64": 4 + (16 + 16) / 64,
    "NF4 with one FP32 absmax per block of 64": 4 + 32 / 64,
}


def by_prefix(table: dict[str, float], label: str) -> float:
    hits = [v for k, v in table.items() if label.startswith(k)]
    assert len(hits) == 1, label
    return hits[0]


def ring_seconds(bytes_per_gpu: float, gb_per_s: float) -> float:
    return bytes_per_gpu / (gb_per_s * 1e9)


def fsdp_peak(p: dict[str, Any]) -> float:
    d, hd = p["d_model"], p["head_dim"]
    layer = 2 * d * p["heads"] * hd + 2 * d * p["kv_heads"] * hd + 3 * d * p["ffn_dim"]
    per_param = 2 if "BF16 weights only" in p["state_label"] else 2 + 2 + 4 + 4 + 4
    return (p["params"] * per_param / p["n"] + 2 * layer) / 1e9


def activations(p: dict[str, Any]) -> float:
    s, b, h, a = p["seq"], p["batch"], p["d_model"], p["heads"]
    scores = 0 if "FlashAttention" in p["attn_label"] else 5 * a * s * s * b
    return p["layers"] * (34 * s * b * h + scores)


def microbatches(p: dict[str, Any]) -> int:
    m = 1
    while Fraction(p["p"] - 1, m + p["p"] - 1) > Fraction(str(p["target"])) / 100:
        m += 1
    return m


def gemm_intensity(m: int, k: int, n: int) -> float:
    return (2 * m * n * k) / (2 * (m * k + k * n + m * n))


def serving_gpus(p: dict[str, Any]) -> int:
    free = Fraction(p["tp"] * p["hbm"] * 10**9 * 9, 10) - 2 * p["params"]
    kv_user = 2 * p["layers"] * p["kv_heads"] * p["head_dim"] * 2 * p["ctx"]
    per_replica = int(free // kv_user)
    replicas = -(-p["users"] // per_replica)
    return p["tp"] * replicas


OPTIMIZER_BYTES = {  # weights + gradients + optimizer states, bytes per parameter
    "mixed-precision Adam (two FP32 moments)": 2 + 2 + 4 + 4 + 4,
    "pure FP32 Adam": 4 + 4 + 4 + 4,
    "mixed-precision Adam with 8-bit moments": 2 + 2 + 4 + 1 + 1,
    "mixed-precision SGD with FP32 momentum": 2 + 2 + 4 + 4,
    "pure FP32 SGD with momentum": 4 + 4 + 4,
}


def decode_step(p: dict[str, Any]) -> float:
    """Batch-1 decode reads the ACTIVE weights (MoE: routed experts only), split over the TP group."""
    per_weight = BYTES[p["wdtype_label"]]
    tp = 1
    while p["params"] * per_weight / tp > 0.9 * p["hbm"] * 1e9:
        tp *= 2
    assert tp == p["tp"]
    return p["active_params"] * per_weight / tp / (p["hbm_bw"] * 1e9) * 1e3


def spec_tokens(alpha: float, gamma: int) -> float:
    return sum(alpha**i for i in range(gamma + 1))


ORACLES: dict[str, Callable[[dict[str, Any]], float]] = {
    "train-memory-adam": lambda p: p["params"] * OPTIMIZER_BYTES[p["opt_label"]] / 1e9,
    "train-memory-breakdown": lambda p: p["params"] * ADAM_PARTS[p["part_label"]] / 1e9,
    "ddp-memory": lambda p: p["hbm"] - p["params"] * (2 + 2 + 4 + 4 + 4) / 1e9,
    "zero1-memory": lambda p: (p["params"] * 4 + p["params"] * 12 / p["n"]) / 1e9,
    "zero2-memory": lambda p: (p["params"] * 2 + p["params"] * 14 / p["n"]) / 1e9,
    "zero3-memory": lambda p: p["params"] * 16 / p["n"] / 1e9,
    "fsdp-peak": fsdp_peak,
    "kv-cache": lambda p: (
        2
        * p["layers"]
        * p["kv_heads"]
        * p["head_dim"]
        * p["seq"]
        * p["batch"]
        * BYTES[p["dtype_label"]]
        / 1e9
    ),
    "kv-cache-per-token": lambda p: (
        2 * p["layers"] * p["kv_heads"] * p["head_dim"] * BYTES[p["dtype_label"]] / 2**10
    ),
    "allreduce-time": lambda p: (
        1e3 * ring_seconds(2 * (p["n"] - 1) / p["n"] * p["params"] * BYTES[p["grad_label"]], p["bw"])
    ),
    "reduce-scatter-time": lambda p: (
        1e3 * ring_seconds((p["n"] - 1) / p["n"] * p["params"] * BYTES[p["grad_label"]], p["bw"])
    ),
    "all-gather-time": lambda p: 1e3 * ring_seconds((p["n"] - 1) / p["n"] * p["params"] * 2, p["bw"]),
    "allreduce-busbw": lambda p: p["size_mb"] * 1e6 / (p["time_ms"] / 1e3) / 1e9 * 2 * (p["n"] - 1) / p["n"],
    "pipeline-bubble": lambda p: 100 * (p["p"] - 1) / (p["m"] + p["p"] - 1),
    "pipeline-bubble-interleaved": lambda p: 100 * (p["p"] - 1) / p["m"] / p["v"],
    "pipeline-microbatches": microbatches,
    "activation-memory": lambda p: activations(p) / 1e9,
    "activation-checkpointing": lambda p: (
        (activations(p) - p["layers"] * 2 * p["seq"] * p["batch"] * p["d_model"]) / 1e9
    ),
    "tp-comm-per-layer": lambda p: (
        4 * (2 * (p["t"] - 1) / p["t"]) * p["batch"] * p["seq"] * p["d_model"] * 2 / 1e6
    ),
    "roofline-intensity": lambda p: gemm_intensity(p["tokens"], p["d_model"], p["ffn_dim"]),
    "roofline-ridge": lambda p: p["tflops"] * p["comp_eff"] * 1e12 / (p["hbm_bw"] * p["bw_eff"] * 1e9),
    "roofline-attainable": lambda p: min(
        p["tflops"], gemm_intensity(p["tokens"], p["d_model"], p["ffn_dim"]) * p["hbm_bw"] / 1e3
    ),
    "amdahl": lambda p: 1 / (p["serial"] / 100 + (1 - p["serial"] / 100) / p["n"]),
    "specdec-tokens": lambda p: spec_tokens(p["alpha"], p["gamma"]),
    "specdec-speedup": lambda p: spec_tokens(p["alpha"], p["gamma"]) / (p["gamma"] * p["cost"] + 1),
    "serving-capacity": serving_gpus,
    "training-time": lambda p: (
        6
        * p["active_params"]
        * p["tokens_t"]
        * 1e12
        / (p["gpus"] * p["tflops"] * 1e12 * p["mfu"] / 100)
        / 86_400
    ),
    "quantized-size": lambda p: p["params"] * by_prefix(QUANT_BITS, p["fmt_label"]) / 8 / 1e9,
    "decode-step-time": decode_step,
}


def values(drill: Drill) -> dict[str, Any]:
    return {p.name: p.value for p in drill.params}


def test_every_old_kind_still_loads() -> None:
    assert set(ORACLES) <= {k for k, _, _ in kinds()}


@pytest.mark.parametrize("kind", sorted(ORACLES))
def test_expected_answer_matches_independent_computation(kind: str) -> None:
    for seed in SEEDS:
        drill = generate(kind, seed)
        want = ORACLES[kind](values(drill))
        assert drill.expected == pytest.approx(want, rel=1e-9), (kind, seed, values(drill))
        assert math.isfinite(drill.expected) and drill.expected > 0
