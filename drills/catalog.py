"""The model/GPU/interconnect catalog drills draw from: schema, units of each field, loader."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Annotated, Literal

import yaml
from pydantic import Field, model_validator

from engine.schemas import Slug, StrictModel

CATALOG_PATH = Path(__file__).with_name("catalog.yaml")
Count = Annotated[int, Field(gt=0)]
Positive = Annotated[float, Field(gt=0)]


class _Entry(StrictModel):
    id: Slug
    name: str = Field(min_length=1, description="Display name, e.g. 'H100 SXM 80GB'.")
    source: str = Field(min_length=8, description="Where the figures come from.")
    note: str = ""


class ModelEntry(_Entry):
    """A released model checkpoint (figures from its config.json and model card)."""

    params: Count = Field(description="Total parameter count (embeddings included).")
    active_params: Count | None = Field(
        default=None, description="Parameters used per token (MoE); defaults to params."
    )
    layers: Count
    d_model: Count
    heads: Count
    kv_heads: Count
    head_dim: Count
    ffn_dim: Count = Field(description="Dense FFN width (MoE: the dense layers', or one expert's).")
    vocab: Count
    context: Count = Field(description="Context length the model card states (tokens).")
    experts: Count = 1
    experts_per_token: Count = 1
    shared_experts: int = Field(default=0, ge=0)
    moe_ffn_dim: Count | None = Field(default=None, description="One expert's FFN width (default ffn_dim).")
    dense_layers: int = Field(default=0, ge=0, description="Leading layers with a dense FFN (MoE).")
    attention: Literal["MHA", "GQA", "MLA"]
    q_lora_rank: Count | None = Field(default=None, description="MLA: query down-projection rank.")
    kv_lora_rank: Count | None = Field(default=None, description="MLA: cached latent per token per layer.")
    qk_rope_head_dim: Count | None = Field(default=None, description="MLA: decoupled RoPE key, cached.")
    kv_per_layer: Count | None = Field(
        default=None,
        description="Values cached per token per layer (2 x kv_heads x head_dim; MLA: latent + rope).",
    )
    window: int = Field(default=0, ge=0, description="Sliding-window size of windowed layers (0: none).")
    tied_embeddings: bool
    qkv_bias: bool = False
    o_bias: bool = False
    qk_norm: bool = False
    attn_sinks: bool = False
    router_bias: bool = False
    expert_bias: bool = False

    @model_validator(mode="after")
    def _defaults(self) -> ModelEntry:
        if self.active_params is None:
            object.__setattr__(self, "active_params", self.params)
        if self.moe_ffn_dim is None:
            object.__setattr__(self, "moe_ffn_dim", self.ffn_dim)
        if self.attention == "MLA":
            if self.kv_lora_rank is None or self.qk_rope_head_dim is None or self.q_lora_rank is None:
                raise ValueError("an MLA model needs q_lora_rank, kv_lora_rank and qk_rope_head_dim")
            cached = self.kv_lora_rank + self.qk_rope_head_dim
        else:
            cached = 2 * self.kv_heads * self.head_dim
        object.__setattr__(self, "kv_per_layer", cached)
        return self


class GpuEntry(_Entry):
    """An accelerator (vendor datasheet figures)."""

    bf16_tflops: Positive | None = Field(
        default=None,
        description="Dense BF16 tensor-core peak (no sparsity); None: no BF16 units (V100), so no "
        "template that states a BF16 rate draws it.",
    )
    fp8_tflops: Positive | None = Field(default=None, description="Dense FP8 peak (None: no FP8 units).")
    fp4_tflops: Positive | None = Field(default=None, description="Dense FP4 peak (None: no FP4 units).")
    hbm_gb: Positive = Field(description="Marketed device memory, read as GB = 10^9 bytes.")
    hbm_binary: bool = Field(description="The part really holds hbm_gb GiB (the marketed 'GB' is binary).")
    hbm_gbs: Positive = Field(description="Device memory bandwidth, GB/s.")
    nvlink_gbs: Positive | None = Field(
        default=None,
        description="Scale-up link (NVLink, AMD Infinity Fabric) per GPU, per direction, GB/s (None: none).",
    )
    nvlink_gen: int = Field(ge=0, description="NVLink generation (0: none or not NVIDIA).")
    nvlink_domain: Count = Field(
        description="GPUs joined by the scale-up link (8 per HGX board, 72 per NVL72)."
    )


class InterconnectEntry(_Entry):
    """A link a GPU talks over (bandwidth per direction, per GPU or port)."""

    bandwidth_gbs: Positive = Field(description="Per-direction bandwidth, GB/s.")
    direction: Literal["per direction"] = Field(
        description="How bandwidth_gbs is counted (stated, always per direction)."
    )
    scope: Literal["intra-node", "inter-node", "host"]
    domain: Count = Field(
        description="Most GPUs one ring can span at this bandwidth (NVLink domain; fabric: 100000)."
    )


SECTIONS: dict[str, type[_Entry]] = {
    "models": ModelEntry,
    "gpus": GpuEntry,
    "interconnects": InterconnectEntry,
}

FIELD_UNITS: dict[str, dict[str, str]] = {
    "models": {
        "params": "",
        "active_params": "",
        "layers": "",
        "d_model": "",
        "heads": "",
        "kv_heads": "",
        "head_dim": "",
        "ffn_dim": "",
        "vocab": "tokens",
        "context": "tokens",
        "experts": "",
        "experts_per_token": "",
        "shared_experts": "",
        "moe_ffn_dim": "",
        "dense_layers": "",
        "q_lora_rank": "",
        "kv_lora_rank": "",
        "qk_rope_head_dim": "",
        "kv_per_layer": "",
        "window": "tokens",
        "attention": "",
        "name": "",
        "id": "",
    },
    "gpus": {
        "bf16_tflops": "TFLOPS",
        "fp8_tflops": "TFLOPS",
        "fp4_tflops": "TFLOPS",
        "hbm_gb": "GB",
        "hbm_gbs": "GB/s",
        "nvlink_gbs": "GB/s",
        "nvlink_gen": "",
        "nvlink_domain": "",
        "name": "",
        "id": "",
    },
    "interconnects": {
        "bandwidth_gbs": "GB/s",
        "scope": "",
        "direction": "",
        "domain": "",
        "name": "",
        "id": "",
    },
}
"""Fields a template may expose, with the unit each is stated in."""

TEXT_FIELDS = frozenset({"name", "id", "attention", "scope", "direction"})


class Catalog(StrictModel):
    """The whole catalog file."""

    models: tuple[ModelEntry, ...]
    gpus: tuple[GpuEntry, ...]
    interconnects: tuple[InterconnectEntry, ...]

    @model_validator(mode="after")
    def _unique_ids(self) -> Catalog:
        for section in SECTIONS:
            ids = [e.id for e in getattr(self, section)]
            dupes = sorted({i for i in ids if ids.count(i) > 1})
            if dupes:
                raise ValueError(f"duplicate ids in {section}: {', '.join(dupes)}")
        return self

    def entries(self, section: str) -> tuple[_Entry, ...]:
        """All entries of a section ('models', 'gpus', 'interconnects'), in file order."""
        if section not in SECTIONS:
            raise KeyError(f"unknown catalog section '{section}'")
        found: tuple[_Entry, ...] = getattr(self, section)
        return found

    def entry(self, section: str, entry_id: str) -> _Entry:
        for e in self.entries(section):
            if e.id == entry_id:
                return e
        known = ", ".join(e.id for e in self.entries(section))
        raise KeyError(f"no {section} entry '{entry_id}' (known: {known})")


def field_value(entry: _Entry, field: str) -> int | float | str | None:
    """The value of an exposable field of an entry (None if the entry lacks it)."""
    return getattr(entry, field, None)


def parse_catalog(text: str) -> Catalog:
    """Validate catalog YAML text (raises pydantic.ValidationError or yaml.YAMLError)."""
    data = yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    return Catalog.model_validate(data)


@lru_cache(maxsize=1)
def load_catalog() -> Catalog:
    """The bundled catalog (parsed once)."""
    return parse_catalog(CATALOG_PATH.read_text(encoding="utf-8"))
