"""The kinds added for issue #13, each against an independent computation written here, on 25 seeds.

The oracles read the model and GPU figures from the catalog by name (not the params the template
exposes) and redo each calculation their own way: loops instead of closed forms, Fractions, searches.
"""

from __future__ import annotations

import importlib.util
import math
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from drills.catalog import load_catalog
from drills.generator import generate

SEEDS = range(25)
TEMPLATES = Path(__file__).parents[2] / "drills" / "templates"
CAT = load_catalog()
MODELS = {m.name: m for m in CAT.models}
GPUS = {g.name: g for g in CAT.gpus}
LINKS = {i.name: i for i in CAT.interconnects}
BYTES = {"BF16": 2, "FP16": 2, "FP8": 1, "FP32": 4, "INT8": 1, "INT4": 0.5, "4-bit": 0.5}


def _oracles_of(file: str, name: str) -> dict[str, Any]:
    path = Path(__file__).with_name(file)
    spec = importlib.util.spec_from_file_location(f"_oracles_{path.stem}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return dict(getattr(module, name))


def _old_oracles() -> dict[str, Any]:
    """The first kinds' oracles, issue 29's (_2026.py) and issue 30's (_interview.py)."""
    first = _oracles_of("test_drill_kinds.py", "ORACLES")
    later = _oracles_of("test_drill_kinds_2026.py", "ORACLES_2026")
    return first | later | _oracles_of("test_drill_kinds_interview.py", "ORACLES_INTERVIEW")


def m(p: dict[str, Any]) -> Any:
    return MODELS[p["model"]]


def g(p: dict[str, Any]) -> Any:
    return GPUS[p["gpu"]]


def kv_bytes_per_token(model: Any, per_value: float = 2) -> float:
    """K and V for every layer and KV head (MHA/GQA)."""
    return sum(2 * model.kv_heads * model.head_dim * per_value for _ in range(model.layers))


def pow2_at_least(x: float) -> int:
    n = 1
    while n < x * (1 - 1e-12):
        n *= 2
    return n


def moe_active(p: dict[str, Any]) -> float:
    model = m(p)
    expert = 3 * model.d_model * model.moe_ffn_dim
    skipped = sum(model.experts - p["k"] for layer in range(model.dense_layers, model.layers))
    return (model.params - skipped * expert) / 1e9


def kv_max_batch(p: dict[str, Any]) -> int:
    model, gpu = m(p), g(p)
    free = Fraction(9 * int(gpu.hbm_gb * 10**9), 10) - 2 * model.params
    per = kv_bytes_per_token(model, BYTES[p["kvdtype_label"]]) * p["seq"]
    n = 0
    while (n + 1) * per <= free:
        n += 1
    return n


def sqrt_checkpointing(p: dict[str, Any]) -> float:
    k = round(math.sqrt(p["layers"]))
    segments = -(-p["layers"] // k)
    return segments * round(p["act_gb"] * 1000 / 17) / 1000 + k * p["act_gb"]


def launch_fraction(p: dict[str, Any]) -> float:
    launch_s = m(p).layers * p["kpl"] * p["launch_us"] * 1e-6
    gpu_s = 2 * m(p).params / (g(p).hbm_gbs * 1e9)
    return 100 * launch_s / (launch_s + gpu_s)


def tp_ratio(p: dict[str, Any]) -> float:
    model, gpu, t = m(p), g(p), p["t"]
    layer = round(model.params / model.layers / 1e7) / 100 * 1e9
    comm = 2 * (2 * (t - 1) / t) * p["tokens"] * model.d_model * 2 / (gpu.nvlink_gbs * 1e9)
    comp = 2 * layer * p["tokens"] / t / (gpu.bf16_tflops * 1e12 * p["mfu"] / 100)
    return 100 * comm / comp


def fsdp_tokens(p: dict[str, Any]) -> float:
    model, n = m(p), p["n"]
    layer = round(model.params / model.layers / 1e7) / 100 * 1e9
    gather_s = (n - 1) / n * 2 * layer / (LINKS[p["link"]].bandwidth_gbs * 1e9)
    per_token_s = 2 * layer / (g(p).bf16_tflops * 1e12 * p["mfu"] / 100)
    return gather_s / per_token_s


def tpot(p: dict[str, Any]) -> float:
    model, gpu = m(p), g(p)
    read = 2 * model.params + p["batch"] * kv_bytes_per_token(model) * p["ctx"]
    return 1e3 * max(read / (gpu.hbm_gbs * 1e9), 2 * model.params * p["batch"] / (gpu.bf16_tflops * 1e12))


def ttft(p: dict[str, Any]) -> float:
    model, gpu = m(p), g(p)
    tp = pow2_at_least(max(1, 2 * model.params / 1e9 / (0.8 * gpu.hbm_gb)))
    return 1e3 * 2 * model.active_params * p["prompt_len"] / (tp * gpu.bf16_tflops * 1e12 * p["mfu"] / 100)


def tokens_per_user(p: dict[str, Any]) -> float:
    model, gpu = m(p), g(p)
    tp = pow2_at_least(max(1, 2 * model.params / 1e9 / (0.7 * gpu.hbm_gb)))
    step = (2 * model.params / tp) / (gpu.hbm_gbs * 1e9 * p["eff"] / 100)
    return 1 / step


def cb_throughput(p: dict[str, Any]) -> float:
    model, gpu = m(p), g(p)
    step = (2 * model.params + p["batch"] * kv_bytes_per_token(model) * p["avg_ctx"]) / (gpu.hbm_gbs * 1e9)
    return p["batch"] / step


def paged_waste(p: dict[str, Any]) -> float:
    slots = p["block"]
    while slots < p["length"]:
        slots += p["block"]
    return 100 * (slots - p["length"]) / slots


def layout_dp(p: dict[str, Any]) -> int:
    model, gpu = m(p), g(p)
    tp = min(8, gpu.nvlink_domain)
    pp = 1
    while 16 * model.params / 1e9 / (tp * pp) > 0.6 * gpu.hbm_gb:
        pp *= 2
    return p["gpus"] // (tp * pp)


def nvl72(p: dict[str, Any]) -> float:
    t = p["t"]
    bw = 900 if t <= 72 else LINKS[p["link"]].bandwidth_gbs
    return 1e6 * 2 * (t - 1) / t * p["msg_mb"] * 1e6 / (bw * 1e9)


def amdahl_measured(p: dict[str, Any]) -> float:
    # t_n = t1 (s + (1 - s)/n)  =>  s = (n t_n / t1 - 1) / (n - 1)
    s = (p["n"] * p["tn"] / p["t1"] - 1) / (p["n"] - 1)
    return 1 / (s + (1 - s) / p["m"])


def plan_need(p: dict[str, Any]) -> float:
    model = m(p)
    return (2 * model.params + p["batch"] * kv_bytes_per_token(model) * p["ctx"]) / 1e9


def plan_speed(p: dict[str, Any]) -> float:
    gpu = g(p)
    tp = pow2_at_least(max(1, plan_need(p) / (0.9 * gpu.hbm_gb)))
    return 1e3 * plan_need(p) / (tp * gpu.hbm_gbs)


def tp_then_pp(need_gb: float, usable_gb: float, kv_heads: int) -> int:
    """Double TP up to the node (8) and the KV heads, then add stages of one TP group: GPUs in all."""
    tp = 1
    while tp * usable_gb < need_gb and tp * 2 <= min(8, kv_heads):
        tp *= 2
    stages = 1
    while tp * stages * usable_gb < need_gb:
        stages += 1
    return tp * stages


STATE_BYTES = {
    "BF16 weights (serving)": 2,
    "FP8 weights (serving)": 1,
    "mixed-precision Adam training state": 16,
}


def tp_min(p: dict[str, Any]) -> int:
    held = m(p).params * STATE_BYTES[p["bpp_label"]] / 1e9
    return tp_then_pp(held, g(p).hbm_gb * (100 - p["reserve"]) / 100, m(p).kv_heads)


def six_nd_seconds_per_gpu(p: dict[str, Any]) -> float:
    flop = 6 * m(p).active_params * p["tokens_t"] * 1e12
    return flop / (g(p).bf16_tflops * 1e12 * p["mfu"] / 100)


NEW_ORACLES: dict[str, Callable[[dict[str, Any]], float]] = {
    "moe-active-params": moe_active,
    "moe-weight-memory": lambda p: math.ceil(
        m(p).params * BYTES[p["wdtype_label"]] / (0.9 * g(p).hbm_gb * 1e9)
    ),
    "mla-kv-per-token": lambda p: p["layers"] * (p["rank"] + p["rope"]) * BYTES[p["dtype_label"]] / 1024,
    "gqa-saving": lambda p: (
        (2 * m(p).layers * m(p).heads * m(p).head_dim * 2 - kv_bytes_per_token(m(p)))
        * p["seq"]
        * p["batch"]
        / 1e9
    ),
    "kv-max-batch": kv_max_batch,
    "kv-max-context": lambda p: p["budget"] * 1e9 / p["batch"] / kv_bytes_per_token(m(p)),
    "attention-scores-memory": lambda p: (
        m(p).heads * p["batch"] * p["seq"] ** 2 * BYTES[p["dtype_label"]] / 1e9
    ),
    "quant-scale-overhead": lambda p: m(p).params / p["group"] * BYTES[p["scale_label"]] / 1e9,
    "quant-step": lambda p: p["absmax"] / {3: 3, 4: 7, 8: 127}[p["bits"]],
    "microscaling-size": lambda p: (
        m(p).params
        * {"FP8 E4M3 with a per-tensor scale": 1, "MXFP4": 0.5 + 1 / 32, "NVFP4": 0.5 + 1 / 16}[
            p["fmt_label"]
        ]
        / 1e9
    ),
    "checkpoint-size": lambda p: (
        m(p).params * (2 if "only" in p["part_label"] else 12 if "to resume" in p["part_label"] else 14) / 1e9
    ),
    "checkpoint-write-time": lambda p: m(p).params * 12 / (p["nodes"] * p["node_bw"] * 1e9),
    "training-gpu-hours": lambda p: six_nd_seconds_per_gpu(p) / 3.6e6,
    "training-cost": lambda p: six_nd_seconds_per_gpu(p) / 3600 * p["price"] / 1e6,
    "mfu-from-throughput": lambda p: (
        100 * 6 * m(p).active_params * p["tok_k"] * 1000 / (g(p).bf16_tflops * 1e12)
    ),
    "chinchilla-tokens": lambda p: 6 * p["n_b"] * 20 * p["n_b"] * 1e18 / 1e21,
    "chinchilla-model-size": lambda p: math.sqrt(p["c_e21"] * 1e21 / 6 / 20) / 1e9,
    "grad-accumulation-steps": lambda p: p["global_seqs"] // (p["dp"] * p["micro"]),
    "effective-batch-tokens": lambda p: (
        p["nodes"] * 8 // (p["tp"] * p["pp"]) * p["accum"] * p["micro"] * p["seq"] / 1e6
    ),
    "activation-checkpoint-sqrt": sqrt_checkpointing,
    "kernel-launch-overhead": launch_fraction,
    "tp-allreduce-vs-compute": tp_ratio,
    "fsdp-prefetch-overlap": fsdp_tokens,
    "ttft": ttft,
    "tpot": tpot,
    "tokens-per-user": tokens_per_user,
    "continuous-batching-throughput": cb_throughput,
    "paged-attention-waste": paged_waste,
    "layout-3d": layout_dp,
    "nvl72-placement": nvl72,
    "comm-overhead": lambda p: (
        100 * p["comm_ms"] * (100 - p["hidden"]) / (100 * p["comp_ms"] + p["comm_ms"] * (100 - p["hidden"]))
    ),
    "amdahl-measured": amdahl_measured,
    "achievable-decode": lambda p: (
        1e3 * m(p).active_params * BYTES[p["wdtype_label"]] / (g(p).hbm_gbs * 1e9 * p["eff"] / 100)
    ),
    "achievable-matmul": lambda p: 1e3 * 2 * p["n"] ** 3 / (g(p).bf16_tflops * 1e12 * p["eff"] / 100),
    "decode-batch-ridge": lambda p: (
        g(p).bf16_tflops * 1e12 / (g(p).hbm_gbs * 1e9) / (2 / BYTES[p["wdtype_label"]])
    ),
    "tp-degree-min": tp_min,
    "plan-fit": lambda p: 100 * plan_need(p) / (0.9 * g(p).hbm_gb),
    "plan-gpus": lambda p: tp_then_pp(plan_need(p), 0.9 * g(p).hbm_gb, m(p).kv_heads),
    "plan-speed": plan_speed,
}


def test_every_template_file_has_an_independent_oracle() -> None:
    files = {p.stem for p in TEMPLATES.glob("*.yaml")}
    oracles = set(_old_oracles()) | set(NEW_ORACLES)
    assert files == oracles
    assert len(files) >= 80


@pytest.mark.parametrize("kind", sorted(NEW_ORACLES))
def test_expected_answer_matches_independent_computation(kind: str) -> None:
    for seed in SEEDS:
        drill = generate(kind, seed)
        p = {x.name: x.value for x in drill.params}
        want = NEW_ORACLES[kind](p)
        assert drill.expected == pytest.approx(want, rel=1e-9), (kind, seed, p)
        assert math.isfinite(drill.expected) and drill.expected > 0
        if drill.integer:
            assert drill.expected == int(drill.expected)
