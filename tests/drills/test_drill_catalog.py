"""The catalog's figures are internally consistent and sourced; parameter counts match the architectures."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from drills.catalog import FIELD_UNITS, load_catalog, parse_catalog

CATALOG = load_catalog()


def architecture_params(m) -> int:
    """Count a Llama-style decoder's parameters from its config fields (independent of `params`)."""
    d, hd = m.d_model, m.head_dim
    attn = d * m.heads * hd * 2 + d * m.kv_heads * hd * 2  # q, o + k, v
    if m.qkv_bias:
        attn += m.heads * hd + 2 * m.kv_heads * hd
    mlp = 3 * d * m.ffn_dim * m.experts + (d * m.experts if m.experts > 1 else 0)  # + router
    per_layer = attn + mlp + 2 * d  # two RMSNorms
    embeddings = m.vocab * d * (1 if m.tied_embeddings else 2)
    return m.layers * per_layer + embeddings + d  # + final norm


def active_params(m) -> int:
    d = m.d_model
    inactive = 3 * d * m.ffn_dim * (m.experts - m.experts_per_token) * m.layers
    return architecture_params(m) - inactive


@pytest.mark.parametrize("model", CATALOG.models, ids=lambda m: m.id)
def test_model_parameter_count_matches_its_architecture(model) -> None:
    assert architecture_params(model) == model.params
    assert active_params(model) == model.active_params


@pytest.mark.parametrize("model", CATALOG.models, ids=lambda m: m.id)
def test_model_shapes_are_consistent(model) -> None:
    assert model.heads % model.kv_heads == 0
    assert model.heads * model.head_dim == model.d_model
    assert model.attention == ("MHA" if model.kv_heads == model.heads else "GQA")


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
    assert {"v100", "a100-40gb", "a100-80gb", "h100-sxm", "h200", "b200"} <= gpu_ids
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


def test_dense_tflops_are_half_the_sparse_datasheet_figures() -> None:
    gpus = {g.id: g for g in CATALOG.gpus}
    assert gpus["h100-sxm"].bf16_tflops == pytest.approx(1979 / 2, rel=0.001)
    assert gpus["a100-80gb"].bf16_tflops == 624 / 2
    assert gpus["b200"].bf16_tflops == 4500 / 2


def test_every_field_has_a_declared_unit() -> None:
    for section, units in FIELD_UNITS.items():
        for entry in CATALOG.entries(section):
            for name in type(entry).model_fields:
                if name not in ("source", "note", "tied_embeddings", "qkv_bias"):
                    assert name in units, f"{section}.{name} has no unit"


def test_a_bad_catalog_is_refused() -> None:
    with pytest.raises(ValidationError):
        parse_catalog("models: []\ngpus: []\ninterconnects: []\nextra: 1\n")
    text = (
        "models: []\ninterconnects: []\ngpus:\n"
        "  - {id: x, name: X, source: 'vendor datasheet', bf16_tflops: 1, hbm_gb: 1, hbm_gbs: 1}\n"
        "  - {id: x, name: Y, source: 'vendor datasheet', bf16_tflops: 1, hbm_gb: 1, hbm_gbs: 1}\n"
    )
    with pytest.raises(ValidationError, match="duplicate"):
        parse_catalog(text)
