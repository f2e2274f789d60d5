"""The catalog's figures are internally consistent and sourced; parameter counts match the architectures."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from drills.catalog import FIELD_UNITS, load_catalog, parse_catalog

CATALOG = load_catalog()


def attention_params(m) -> int:
    """One layer's attention weights, written out per architecture (independent of `params`)."""
    d, h, hd = m.d_model, m.heads, m.head_dim
    if m.attention == "MLA":  # q down/up with a norm; joint kv down (latent + rope key), kv up, out
        q = d * m.q_lora_rank + m.q_lora_rank + m.q_lora_rank * h * (hd + m.qk_rope_head_dim)
        kv = d * (m.kv_lora_rank + m.qk_rope_head_dim) + m.kv_lora_rank + m.kv_lora_rank * h * 2 * hd
        return q + kv + h * hd * d
    n = d * h * hd * 2 + d * m.kv_heads * hd * 2  # q, o + k, v
    n += (h * hd + 2 * m.kv_heads * hd) if m.qkv_bias else 0
    n += d if m.o_bias else 0
    n += 2 * hd if m.qk_norm else 0
    n += h if m.attn_sinks else 0
    return n


def ffn_params(m, layer: int, experts: int) -> int:
    d = m.d_model
    if m.experts == 1 or layer < m.dense_layers:
        return 3 * d * m.ffn_dim
    f = m.moe_ffn_dim
    one = 3 * d * f + ((2 * f + d) if m.expert_bias else 0)
    router = m.experts * d + (m.experts if m.router_bias else 0)
    return experts * one + m.shared_experts * 3 * d * f + router


def count(m, experts: int) -> int:
    d = m.d_model
    layers = sum(attention_params(m) + 2 * d + ffn_params(m, i, experts) for i in range(m.layers))
    return layers + m.vocab * d * (1 if m.tied_embeddings else 2) + d  # + final norm


def architecture_params(m) -> int:
    return count(m, m.experts)


def active_params(m) -> int:
    return count(m, m.experts_per_token)


# What the model cards say, in billions (the catalog's exact counts must round to these).
CARD_BILLIONS = {
    "deepseek-v3": (671, 37),
    "qwen3-235b-a22b": (235, 22),
    "qwen3-30b-a3b": (30.5, 3.3),
    "gpt-oss-120b": (116.8, 5.1 + 0.58),  # OpenAI's 'active' leaves out the 0.58B embedding table
    "gpt-oss-20b": (20.9, 3.6 + 0.58),
    "mixtral-8x7b": (46.7, 12.9),
}


@pytest.mark.parametrize("model", CATALOG.models, ids=lambda m: m.id)
def test_model_parameter_count_matches_its_architecture(model) -> None:
    assert architecture_params(model) == model.params
    assert active_params(model) == model.active_params
    if model.id in CARD_BILLIONS:
        total, active = CARD_BILLIONS[model.id]
        assert model.params / 1e9 == pytest.approx(total, rel=0.01)
        assert model.active_params / 1e9 == pytest.approx(active, rel=0.02)


@pytest.mark.parametrize("model", CATALOG.models, ids=lambda m: m.id)
def test_model_shapes_are_consistent(model) -> None:
    assert model.heads % model.kv_heads == 0
    assert model.context >= 4096
    if model.attention == "MLA":
        assert model.kv_per_layer == model.kv_lora_rank + model.qk_rope_head_dim
    else:
        assert model.attention == ("MHA" if model.kv_heads == model.heads else "GQA")
        assert model.kv_per_layer == 2 * model.kv_heads * model.head_dim


def test_mla_caches_far_less_than_its_heads_would() -> None:
    """DeepSeek-V3 caches 576 values per token per layer, not 2 x 128 heads x 128 = 32,768."""
    ds = CATALOG.entry("models", "deepseek-v3")
    assert ds.kv_per_layer == 576
    assert ds.kv_per_layer * ds.layers * 2 == 70_272  # bytes per token in BF16


def test_catalog_covers_the_models_and_hardware_drills_need() -> None:
    names = {m.name for m in CATALOG.models}
    for wanted in (
        "Llama-2-7B",
        "Llama-3-8B",
        "Llama-3-70B",
        "Llama-3.1-405B",
        "Mixtral-8x7B",
        "Qwen2.5-7B",
        "Qwen2.5-72B",
    ):
        assert wanted in names
    assert any(n.startswith("Mistral-7B") for n in names)
    gpu_ids = {g.id for g in CATALOG.gpus}
    assert {
        "v100",
        "a100-40gb",
        "a100-80gb",
        "h100-sxm",
        "h200",
        "b200",
        "gb300",
        "mi300x",
        "mi355x",
    } <= gpu_ids
    for wanted in ("Llama-3.1-8B", "Qwen3-8B", "Qwen3-235B-A22B", "DeepSeek-V3", "gpt-oss-120b"):
        assert wanted in names
    link_ids = {i.id for i in CATALOG.interconnects}
    assert {"nvlink-3", "nvlink-4", "ib-hdr", "ib-ndr", "pcie-4", "pcie-5"} <= link_ids


def test_every_entry_names_its_source() -> None:
    for section in ("models", "gpus", "interconnects"):
        for entry in CATALOG.entries(section):
            assert len(entry.source) > 20, entry.id
    for gpu in CATALOG.gpus:
        assert "datasheet" in gpu.source.lower(), gpu.id
    for model in CATALOG.models:
        assert "config.json" in model.source, model.id


def test_bandwidths_are_per_direction() -> None:
    """Vendors quote NVLink bidirectional and InfiniBand in Gb/s; the catalog stores GB/s per direction."""
    links = {i.id: i.bandwidth_gbs for i in CATALOG.interconnects}
    assert links["nvlink-4"] == 900 / 2  # H100: 900 GB/s bidirectional
    assert links["nvlink-3"] == 600 / 2  # A100: 600 GB/s bidirectional
    assert links["ib-ndr"] == 400 / 8  # 400 Gb/s per port
    assert links["ib-hdr"] == 200 / 8
    assert links["pcie-5"] == pytest.approx(32 * 16 * 128 / 130 / 8, rel=0.01)
    gpus = {g.id: g for g in CATALOG.gpus}
    assert gpus["h100-sxm"].nvlink_gbs == links["nvlink-4"]
    assert gpus["a100-80gb"].nvlink_gbs == links["nvlink-3"]
    assert gpus["b200"].nvlink_gbs == links["nvlink-5"]
    assert gpus["gb300"].nvlink_gbs == links["nvlink-5-nvl72"]
    for link in CATALOG.interconnects:
        assert link.direction == "per direction"
        assert (link.domain >= 10_000) == (link.scope == "inter-node"), link.id
    for gpu in CATALOG.gpus:
        assert gpu.nvlink_domain in (1, 8, 72), gpu.id


def test_dense_tflops_are_half_the_sparse_datasheet_figures() -> None:
    gpus = {g.id: g for g in CATALOG.gpus}
    assert gpus["h100-sxm"].bf16_tflops == pytest.approx(1979 / 2, rel=0.001)
    assert gpus["a100-80gb"].bf16_tflops == 624 / 2
    assert gpus["b200"].bf16_tflops == 4500 / 2
    for gpu in CATALOG.gpus:  # each narrower format doubles the dense rate
        if gpu.fp8_tflops is not None:
            assert gpu.fp8_tflops == pytest.approx(2 * gpu.bf16_tflops, rel=0.02), gpu.id
        if gpu.fp4_tflops is not None and gpu.id != "gb300":  # Blackwell Ultra: 1.5x more FP4
            assert gpu.fp4_tflops == pytest.approx(2 * gpu.fp8_tflops, rel=0.01), gpu.id


def test_every_field_has_a_declared_unit() -> None:
    for section, units in FIELD_UNITS.items():
        for entry in CATALOG.entries(section):
            for name in type(entry).model_fields:
                if name not in ("source", "note", "tied_embeddings", "hbm_binary") and not name.endswith(
                    ("_bias", "_norm", "_sinks")
                ):
                    assert name in units, f"{section}.{name} has no unit"


def test_a_bad_catalog_is_refused() -> None:
    with pytest.raises(ValidationError):
        parse_catalog("models: []\ngpus: []\ninterconnects: []\nextra: 1\n")
    text = (
        "models: []\ninterconnects: []\ngpus:\n"
        "  - {id: x, name: X, source: 'vendor datasheet', bf16_tflops: 1, hbm_gb: 1, hbm_gbs: 1,"
        " hbm_binary: true, nvlink_gen: 0, nvlink_domain: 1}\n"
        "  - {id: x, name: Y, source: 'vendor datasheet', bf16_tflops: 1, hbm_gb: 1, hbm_gbs: 1,"
        " hbm_binary: true, nvlink_gen: 0, nvlink_domain: 1}\n"
    )
    with pytest.raises(ValidationError, match="duplicate"):
        parse_catalog(text)
