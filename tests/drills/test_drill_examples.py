"""The seed documents' worked examples, through the drill kinds: where they are right and where not."""

from __future__ import annotations

from typing import Any

import pytest

from drills.generator import Drill, DrillError, check, generate


def answer(drill: Drill, overrides: dict[str, Any]) -> Drill:
    return generate(drill.kind, drill.seed, overrides=overrides)


def test_llama3_8b_kv_cache_at_8k_bf16() -> None:
    """Seed: 2·32·8·128·8192·2 bytes ≈ 1.07 GB per request; batch 8 ≈ 8.5 GB."""
    one = generate("kv-cache", 0, overrides={"model": "llama-3-8b", "seq": 8192, "batch": 1, "dtype": "BF16"})
    assert one.expected == 2 * 32 * 8 * 128 * 8192 * 2 / 1e9
    assert check(one, "1.07 GB").verdict == "correct"
    assert check(one, "1 GiB").verdict == "correct"  # exactly 2^30 bytes
    eight = generate(
        "kv-cache", 0, overrides={"model": "llama-3-8b", "seq": 8192, "batch": 8, "dtype": "BF16"}
    )
    assert eight.expected == pytest.approx(8 * one.expected)
    assert check(eight, "8.5 GB").verdict == "correct"


def test_mha_kv_cache_table_and_the_gqa_example() -> None:
    """Seed: LLaMA-7B (MHA) 2k/32k -> 1.1/17.2 GB; LLaMA-3-70B 8k -> '2.6 GB' (really 2.68)."""
    base = {"model": "llama-2-7b", "batch": 1, "dtype": "BF16"}
    short = generate("kv-cache", 0, overrides={**base, "seq": 2048})
    assert short.expected == pytest.approx(2 * 32 * 32 * 128 * 2048 * 2 / 1e9)
    with pytest.raises(DrillError, match="constraints"):  # 32k is beyond Llama-2's 4,096 context
        generate("kv-cache", 0, overrides={**base, "seq": 32768})
    full = generate("kv-cache", 0, overrides={**base, "seq": 4096})
    assert check(full, "2.15 GB").verdict == "correct"
    gqa = generate(
        "kv-cache", 0, overrides={"model": "llama-3-70b", "batch": 1, "dtype": "BF16", "seq": 8192}
    )
    assert gqa.expected == pytest.approx(2 * 80 * 8 * 128 * 8192 * 2 / 1e9)
    assert check(gqa, "2.6 GB").verdict == "close"  # the seed truncated 2.68 to 2.6


def test_kv_bytes_per_token_the_seed_got_wrong() -> None:
    """Seed: '~16KB per token (7B, BF16)'. Llama-2-7B really caches 2·32·32·128·2 B = 512 KiB."""
    drill = generate("kv-cache-per-token", 0, overrides={"model": "llama-2-7b", "dtype": "BF16"})
    assert drill.expected == 512
    assert check(drill, "16 KB").verdict == "wrong"
    gqa = generate("kv-cache-per-token", 0, overrides={"model": "llama-3-8b", "dtype": "BF16"})
    assert check(gqa, "131072 B").verdict == "correct"


def test_adam_memory_examples() -> None:
    """Seed: 16 bytes/param; 7B -> 112 GB; 70B -> ~1.1 TB (8 H100s' worth of memory)."""
    seven = generate("train-memory-adam", 0, overrides={"params": 7_000_000_000})
    assert seven.expected == 112
    seventy = generate("train-memory-adam", 0, overrides={"params": 70_000_000_000})
    assert check(seventy, "1.12 TB").verdict == "correct"
    assert check(seventy, "1.12 TiB").verdict == "close"  # GiB/TiB slip: 10% off
    states = generate(
        "train-memory-breakdown",
        0,
        overrides={
            "params": 7_000_000_000,
            "part": "the FP32 optimizer states (master weights, momentum and variance)",
        },
    )
    assert states.expected == 84  # seed: '7B model = 84 GB optimizer'


def test_fsdp_examples() -> None:
    """Seed: 70B on 64 GPUs -> 17.5 GB static; 7B, K=8 -> 1.75 GB shard + ~0.44 GB gathered layer."""
    z3 = generate("zero3-memory", 0, overrides={"params": 70_000_000_000, "n": 64})
    assert z3.expected == pytest.approx(17.5)
    peak = generate(
        "fsdp-peak",
        0,
        overrides={
            "model": "llama-2-7b",
            "params": 7_000_000_000,
            "n": 8,
            "state": "the BF16 weights only (inference-style, 2 bytes per parameter)",
        },
    )
    layer = 4 * 4096 * 4096 + 3 * 4096 * 11008  # q, k, v, o + SwiGLU
    assert peak.expected == pytest.approx(1.75 + 2 * layer / 1e9)
    assert check(peak, "2.2 GB").verdict in ("correct", "close")


def test_ring_allreduce_example() -> None:
    """Seed: 7B BF16 gradients, N = 8: 2·(7/8)·14 GB = 24.5 GB; 0.49 s at 50 GB/s, 1.96 s at 12.5."""
    fast = generate(
        "allreduce-time", 0, overrides={"params": 7_000_000_000, "grad": "BF16", "n": 8, "bw": 50}
    )
    assert fast.expected == pytest.approx(490)
    assert check(fast, "0.49 s").verdict == "correct"
    slow = generate(
        "allreduce-time", 0, overrides={"params": 7_000_000_000, "grad": "BF16", "n": 8, "bw": 12.5}
    )
    assert check(slow, "1.96 s").verdict == "correct"
    rs = generate(
        "reduce-scatter-time", 0, overrides={"params": 7_000_000_000, "grad": "BF16", "n": 8, "bw": 50}
    )
    assert rs.expected == pytest.approx(fast.expected / 2)


def test_nccl_busbw_example() -> None:
    """nccl-tests on 8 GPUs: 1 GB in 5 ms is algbw 200 GB/s, busbw 350 GB/s."""
    drill = generate("allreduce-busbw", 0, overrides={"size_mb": 1000, "time_ms": 5, "n": 8})
    assert drill.expected == pytest.approx(350)
    assert check(drill, "200 GB/s").verdict == "wrong"  # algbw is not busbw


def test_pipeline_bubble_conventions_differ() -> None:
    """(p−1)/(m+p−1) is the convention asked; the seed's (p−1)/m is not accepted as correct."""
    drill = generate("pipeline-bubble", 0, overrides={"p": 4, "m": 32})
    assert drill.expected == pytest.approx(100 * 3 / 35)
    assert check(drill, f"{100 * 3 / 32:.2f}%").verdict != "correct"
    assert check(drill, "0.0857").verdict == "correct"  # a fraction is read as a percentage
    needed = generate("pipeline-microbatches", 0, overrides={"p": 8, "target": 5})
    assert needed.expected == 133  # 7·0.95/0.05


def test_roofline_matmul_the_seed_got_wrong() -> None:
    """Seed: 4096³ BF16 matmul 'Intensity=2730.7'. It is 2·4096³ / (3·4096²·2) = 1365.3 FLOP/B."""
    drill = generate("roofline-intensity", 0, overrides={"tokens": 4096, "d_model": 4096, "ffn_dim": 4096})
    assert drill.expected == pytest.approx(4096 / 3)
    assert check(drill, "2730.7 FLOP/B").verdict == "wrong"
    ridge = generate(
        "roofline-ridge", 0, overrides={"tflops": 312, "hbm_bw": 2000, "comp_eff": 100, "bw_eff": 100}
    )
    assert ridge.expected == 156


def test_amdahl_example_the_seed_got_wrong() -> None:
    """Seed: '256 GPUs + 2% serial -> max 50× speedup'. 50× is the N→∞ limit; at 256 it is 42×."""
    drill = generate("amdahl", 0, overrides={"serial": 2, "n": 256})
    assert drill.expected == pytest.approx(1 / (0.02 + 0.98 / 256))
    assert check(drill, "50x").verdict == "wrong"
    assert check(drill, "42x").verdict == "correct"


def test_speculative_decoding_example() -> None:
    drill = generate("specdec-tokens", 0, overrides={"alpha": 0.8, "gamma": 4})
    assert drill.expected == pytest.approx(1 + 0.8 + 0.64 + 0.512 + 0.4096)


def test_int4_size_counts_its_scales() -> None:
    """Seed capacity plan: 7B at 4 bits = 3.5 GB; with FP16 scales per 128 weights it is 3.61 GB."""
    label = "INT4 with one FP16 scale per group of 128 weights (4 + 16/128 = 4.125 bits per weight)"
    drill = generate("quantized-size", 0, overrides={"params": 7_000_000_000, "fmt": label})
    assert drill.expected == pytest.approx(7e9 * 4.125 / 8 / 1e9)
    assert check(drill, "3.5 GB").verdict == "close"
