"""The bundled key-numbers deck: loads, its figures are internally consistent, corrections hold."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
import yaml

import cards
from cards.schema import Card, Deck, FormulaAnswer, NumericAnswer
from engine.answers import Verdict, check_formula
from engine.formula import parse_formula

DECKS = Path(cards.__file__).with_name("decks")
GPUS = ("v100", "a100", "h100", "h200", "b200")
GPU_FIGURES = {
    "tflops": "TFLOPS",
    "hbm-capacity": "GB",
    "hbm-bandwidth": "TB/s",
    "crossover": "FLOP/B",
    "nvlink": "GB/s",
}
WITHOUT_ANSWER = {"fp32-format", "fp16-format", "bf16-format", "amp-fp32-ops", "roofline-layer-ops"}


def _load(name: str) -> Deck:
    with (DECKS / f"{name}.yaml").open(encoding="utf-8") as fh:
        return Deck.model_validate(yaml.safe_load(fh))


DECK = _load("key-numbers")
BY_ID = {c.id: c for c in DECK.cards}


def _value(card: Card) -> float:
    assert isinstance(card.answer, NumericAnswer), card.id
    v = card.answer.value
    return parse_formula(v).evaluate() if isinstance(v, str) else float(v)


def test_deck_identity_and_count() -> None:
    assert DECK.id == "key-numbers"
    assert len(DECK.cards) == 97
    assert len(BY_ID) == len(DECK.cards), "card ids must be unique"


def test_every_card_is_tagged() -> None:
    assert [c.id for c in DECK.cards if not c.tags] == []


def test_numeric_cards_are_answerable_by_typing() -> None:
    without = {c.id for c in DECK.cards if c.answer is None}
    assert without == WITHOUT_ANSWER


@pytest.mark.parametrize("gpu", GPUS)
def test_every_gpu_of_the_spec_table_has_each_figure(gpu: str) -> None:
    for figure, unit in GPU_FIGURES.items():
        card = BY_ID.get(f"{gpu}-{figure}")
        assert card is not None, f"missing {gpu}-{figure}"
        assert isinstance(card.answer, NumericAnswer)
        assert card.answer.unit == unit
        assert "GPU specs" in card.tags


@pytest.mark.parametrize("gpu", GPUS)
def test_crossover_is_tflops_over_bandwidth(gpu: str) -> None:
    tflops = _value(BY_ID[f"{gpu}-tflops"])
    tb_s = _value(BY_ID[f"{gpu}-hbm-bandwidth"])
    assert _value(BY_ID[f"{gpu}-crossover"]) == pytest.approx(tflops / tb_s, rel=0.02)


@pytest.mark.parametrize("gpu", GPUS)
def test_nvlink_cards_state_the_per_direction_figure(gpu: str) -> None:
    card = BY_ID[f"{gpu}-nvlink"]
    per_direction = _value(card) / 2
    assert "per direction" in card.back
    assert f"{per_direction:g} GB/s" in card.back


def test_nvlink_generations_increase() -> None:
    totals = [_value(BY_ID[f"{g}-nvlink"]) for g in ("v100", "a100", "h100", "b200")]
    assert totals == sorted(totals) and len(set(totals)) == len(totals)


def test_a100_nvlink_is_corrected_from_the_source() -> None:
    card = BY_ID["a100-nvlink"]
    assert _value(card) == pytest.approx(12 * 50)  # 12 NVLink-3 links x 50 GB/s both ways
    assert card.note is not None and "900" in card.note


def test_kv_cache_per_token_counts_every_head() -> None:
    layers, heads, head_dim, bytes_per = 32, 32, 128, 2
    per_token = 2 * layers * heads * head_dim * bytes_per
    assert _value(BY_ID["kv-cache-per-token-7b"]) * 1024 == pytest.approx(per_token)
    assert _value(BY_ID["kv-cache-7b-8k"]) * 1e9 == pytest.approx(8192 * per_token)


def test_allreduce_times_use_per_direction_bandwidth() -> None:
    volume_gb = 2 * (8 - 1) / 8 * 7 * 2
    assert _value(BY_ID["ring-allreduce-volume"]) == pytest.approx(volume_gb)
    for gpu in ("a100", "h100"):
        per_direction = _value(BY_ID[f"{gpu}-nvlink"]) / 2
        got_ms = _value(BY_ID[f"allreduce-time-{gpu}-nvlink"])
        assert got_ms == pytest.approx(volume_gb / per_direction * 1000, rel=0.02)


def test_speculative_decoding_matches_the_closed_form() -> None:
    alpha, k, draft_ms, target_ms = 0.8, 5, 2, 30
    tokens = sum(alpha**i for i in range(k + 1))
    assert _value(BY_ID["spec-decode-expected-tokens"]) == pytest.approx(tokens)
    speedup = tokens * target_ms / (k * draft_ms + target_ms)
    assert _value(BY_ID["spec-decode-speedup"]) == pytest.approx(speedup)


def test_capacity_plan_is_ceil_of_memory_over_usable() -> None:
    kv_gb = 1000 * 1000 * 0.5e-3 * 1.3
    usable_gb = 0.8 * 80 * 2**30 / 1e9  # an "80GB" A100 holds 80 GiB
    assert _value(BY_ID["capacity-plan-7b"]) == math.ceil((3.5 + kv_gb) / usable_gb) == 10


def test_pipeline_bubble_accepts_equivalent_forms_only() -> None:
    answer = BY_ID["pipeline-bubble-fraction"].answer
    assert isinstance(answer, FormulaAnswer)
    same = check_formula("1 - m/(m + p - 1)", answer.formula, answer.variables)
    assert same.verdict is Verdict.CORRECT
    megatron_ratio = check_formula("(p - 1)/m", answer.formula, answer.variables)
    assert megatron_ratio.verdict is not Verdict.CORRECT


def test_fp_format_limits_follow_from_their_bits() -> None:
    assert _value(BY_ID["fp16-max"]) == (2 - 2**-10) * 2**15
    assert _value(BY_ID["fp16-min-normal"]) == 2.0**-14
    assert _value(BY_ID["bf16-epsilon"]) == 2.0**-7
    assert _value(BY_ID["fp8-e4m3-max"]) == (1 + 6 / 8) * 2**8
    assert _value(BY_ID["fp8-e5m2-max"]) == (1 + 3 / 4) * 2**15


def test_corrections_are_listed_in_docs_and_notes_speak_to_the_learner() -> None:
    corrections = (Path(__file__).parents[2] / "docs" / "source-corrections.md").read_text(encoding="utf-8")
    corrected = [c for c in DECK.cards if f"key-numbers/{c.id}" in corrections]
    assert not [c.id for c in DECK.cards if c.note and "Source" in c.note]
    assert len(corrected) >= 20
    for card in corrected:
        assert card.answer is not None or card.checks, card.id
