"""The bundled Systems deck: structure, sections and the recomputed worked examples."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from pathlib import Path

import pytest
import yaml

from cards.loader import BUNDLED_DIR
from cards.schema import ID_PATTERN, Card, Deck, FormulaAnswer, NumericAnswer
from engine.formula import parse_formula

DECKS = BUNDLED_DIR

# Section tag (source sections A-F) -> number of cards made from it.
SECTIONS: dict[str, int] = {
    "Memory & Throughput": 3,
    "Parallelism": 3,
    "Numerical Precision": 2,
    "Profiling Workflow": 5,
    "Common Bugs": 5,
    "Performance Wins": 7,
}


CORRECTIONS = (Path(__file__).parents[2] / "docs" / "source-corrections.md").read_text(encoding="utf-8")


def arith(text: str, names: Mapping[str, float] | None = None) -> float:
    """Evaluate the deck formula grammar with the engine's whitelisted parser (never eval)."""
    return parse_formula(text).evaluate(dict(names or {}))


def load(name: str) -> Deck:
    with (DECKS / f"{name}.yaml").open(encoding="utf-8") as fh:
        return Deck.model_validate(yaml.safe_load(fh))


@pytest.fixture(scope="module")
def deck() -> Deck:
    return load("systems")


@pytest.fixture(scope="module")
def cards(deck: Deck) -> dict[str, Card]:
    return {card.id: card for card in deck.cards}


def test_card_count_and_unique_slug_ids(deck: Deck) -> None:
    assert deck.id == "systems"
    ids = [c.id for c in deck.cards]
    assert len(ids) == sum(SECTIONS.values()) == 25
    assert len(set(ids)) == len(ids)
    assert all(re.fullmatch(ID_PATTERN, i) and not re.fullmatch(r"q\d+", i) for i in ids)


def test_every_source_section_is_a_tag_with_its_card_count(deck: Deck) -> None:
    assert all(len([t for t in c.tags if t in SECTIONS]) == 1 for c in deck.cards)
    assert Counter(t for c in deck.cards for t in c.tags) == SECTIONS


def _llama3_8b_kv_bytes(tokens: int) -> int:
    layers, kv_heads, head_dim, bf16 = 32, 8, 128, 2
    return 2 * layers * kv_heads * head_dim * bf16 * tokens


def test_llama3_kv_cache_is_exactly_one_gib_per_8k_request(cards: dict[str, Card]) -> None:
    card = cards["llama3-8b-serving-memory"]
    per_request = _llama3_8b_kv_bytes(8192)
    assert per_request == 2**30
    assert "1 GiB" in card.back
    assert f"{per_request / 1e9:.3f} GB" in card.back
    assert f"{8 * per_request / 1e9:.2f} GB" in card.back
    assert card.note and "GiB" in card.note


def test_llama3_serving_total_answer(cards: dict[str, Card]) -> None:
    answer = cards["llama3-8b-serving-memory"].answer
    assert isinstance(answer, NumericAnswer) and answer.unit == "GB"
    weights, activations = 8.03e9 * 2, 2e9
    total = (weights + 8 * _llama3_8b_kv_bytes(8192) + activations) / 1e9
    assert arith(str(answer.value)) == pytest.approx(total)
    # The source's ~28 GB (with framework overhead) must still count as correct.
    assert abs(28 - total) / total <= answer.tolerance


def test_bubble_formula_agrees_with_grill_q55(cards: dict[str, Card]) -> None:
    ours = cards["pipeline-bubble"].answer
    grill = {c.id: c for c in load("grill").cards}["q55"].answer
    assert isinstance(ours, FormulaAnswer) and isinstance(grill, FormulaAnswer)
    for p, m in ((2, 1), (4, 16), (8, 32)):
        mine = arith(ours.formula, {"P": p, "M": m})
        assert mine == pytest.approx(arith(grill.formula, {"p": p, "m": m}))
        assert mine == pytest.approx((p - 1) / m)


def test_bandwidth_figures_state_their_direction(cards: dict[str, Card]) -> None:
    text = cards["tp-capped-at-node-size"].back
    assert "per direction" in text and "bidirectional" in text
    note = cards["tp-capped-at-node-size"].note or ""
    assert "25 GB/s" in note and "50 GB/s" in note


def test_source_corrections_carry_a_learner_note_and_are_listed(cards: dict[str, Card]) -> None:
    for card_id in (
        "llama3-8b-serving-memory",
        "tp-capped-at-node-size",
        "pipeline-bubble",
        "bf16-compute-fp32-master-and-reduce",
        "win-gradient-checkpointing-cost",
    ):
        note = cards[card_id].note
        assert note and "Source" not in note, card_id  # the note speaks to the learner
        assert f"{card_id}" in CORRECTIONS, card_id  # the history of the fix is kept here
