"""The bundled Grill deck: structure, sections, recomputed figures and restored formulas."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping
from pathlib import Path

import pytest
import yaml

from cards.loader import BUNDLED_DIR
from cards.schema import Card, Deck, FormulaAnswer, NumericAnswer
from engine.formula import parse_formula

DECKS = BUNDLED_DIR

# Section tag -> question numbers in the source (1-50 in sections A-H, then quick fire 51-60).
SECTIONS: dict[str, range] = {
    "Memory math": range(1, 9),
    "Data parallelism": range(9, 19),
    "Tensor parallelism": range(19, 26),
    "Pipeline parallelism": range(26, 32),
    "3D parallelism": range(32, 36),
    "Expert parallelism": range(36, 41),
    "Compute/communication overlap": range(41, 45),
    "Failures at scale": range(45, 51),
    "Quick fire": range(51, 61),
}


CORRECTIONS = (Path(__file__).parents[2] / "docs" / "source-corrections.md").read_text(encoding="utf-8")


def arith(text: str, names: Mapping[str, float] | None = None) -> float:
    """Evaluate the deck formula grammar with the engine's whitelisted parser (never eval)."""
    return parse_formula(text).evaluate(dict(names or {}))


@pytest.fixture(scope="module")
def deck() -> Deck:
    with (DECKS / "grill.yaml").open(encoding="utf-8") as fh:
        return Deck.model_validate(yaml.safe_load(fh))


@pytest.fixture(scope="module")
def cards(deck: Deck) -> dict[str, Card]:
    return {card.id: card for card in deck.cards}


def numeric(card: Card) -> float:
    assert isinstance(card.answer, NumericAnswer), card.id
    value = card.answer.value
    return arith(value) if isinstance(value, str) else float(value)


def formula(card: Card) -> FormulaAnswer:
    assert isinstance(card.answer, FormulaAnswer), card.id
    return card.answer


def test_sixty_cards_with_ids_q01_to_q60_in_order(deck: Deck) -> None:
    assert deck.id == "grill"
    assert [c.id for c in deck.cards] == [f"q{n:02d}" for n in range(1, 61)]


def test_every_section_is_present_with_the_source_question_count(deck: Deck) -> None:
    counts = Counter(tag for card in deck.cards for tag in card.tags if tag in SECTIONS)
    assert counts == {tag: len(numbers) for tag, numbers in SECTIONS.items()}


def test_each_card_carries_the_section_of_its_source_number(deck: Deck) -> None:
    for card in deck.cards:
        number = int(card.id[1:])
        expected = [tag for tag, numbers in SECTIONS.items() if number in numbers]
        assert [t for t in card.tags if t in SECTIONS] == expected, card.id


def test_description_holds_self_grading_and_conventions(deck: Deck) -> None:
    text = deck.description
    for needle in ("1–15", "16–35", "36–50", "40+/60", "GB = 10^9", "(p − 1)/(m + p − 1)"):
        assert needle in text, needle


def test_adam_state_memory_answers(cards: dict[str, Card]) -> None:
    bytes_per_param = {"bf16 weights": 2, "bf16 grads": 2, "fp32 m": 4, "fp32 v": 4, "master": 4}
    per_param = sum(bytes_per_param.values())
    assert numeric(cards["q01"]) == per_param
    assert cards["q01"].answer.unit == "B"  # type: ignore[union-attr]
    assert math.isclose(numeric(cards["q02"]), per_param * 70e9 / 1e12, rel_tol=1e-9)
    assert cards["q02"].answer.unit == "TB"  # type: ignore[union-attr]
    assert numeric(cards["q04"]) == math.ceil(per_param * 70e9 / 80e9)
    assert numeric(cards["q51"]) == bytes_per_param["fp32 m"] + bytes_per_param["fp32 v"]


def test_zero_stage_formulas_shrink_state_as_documented(cards: dict[str, Card]) -> None:
    def per_gpu(card_id: str, n: float) -> float:
        return arith(formula(cards[card_id]).formula, {"P": 1.0, "N": n})

    for card_id, limit in (("q10", 4.0), ("q11", 2.0), ("q12", 0.0)):
        assert per_gpu(card_id, 1) == pytest.approx(16.0)  # one rank: plain DDP state
        assert per_gpu(card_id, 1e9) == pytest.approx(limit, abs=1e-6)
    assert per_gpu("q12", 64) * 7.5 == pytest.approx(1.875)


def _ring_allreduce_bytes_sent(ranks: int, size: float) -> float:
    """Bytes one rank sends in a ring all-reduce: reduce-scatter then all-gather of D/N chunks."""
    chunk = size / ranks
    steps = (ranks - 1) + (ranks - 1)
    return steps * chunk


@pytest.mark.parametrize("card_id", ["q17", "q58"])
def test_ring_allreduce_formula_matches_a_step_count(cards: dict[str, Card], card_id: str) -> None:
    expr = formula(cards[card_id]).formula
    for ranks in (2, 3, 8, 64):
        expected = _ring_allreduce_bytes_sent(ranks, 1e9)
        assert arith(expr, {"N": ranks, "D": 1e9}) == pytest.approx(expected)


def _pipeline_slots(stages: int, micro: int) -> tuple[int, int]:
    """Simulate a GPipe forward: (time slots until the last stage is done, busy slots per stage)."""
    finish = [[0] * micro for _ in range(stages)]
    for s in range(stages):
        for m in range(micro):
            ready = max(finish[s - 1][m] if s else 0, finish[s][m - 1] if m else 0)
            finish[s][m] = ready + 1
    return finish[-1][-1], micro


@pytest.mark.parametrize(("p", "m"), [(2, 1), (4, 4), (8, 32), (16, 3)])
def test_bubble_formulas_match_a_simulated_pipeline(cards: dict[str, Card], p: int, m: int) -> None:
    total, busy = _pipeline_slots(p, m)
    idle = total - busy
    share = arith(formula(cards["q27"]).formula, {"p": p, "m": m})
    relative = arith(formula(cards["q55"]).formula, {"p": p, "m": m})
    assert share == pytest.approx(idle / total)
    assert relative == pytest.approx(idle / busy)


def test_three_d_layout_and_per_rank_params(cards: dict[str, Card]) -> None:
    tp, pp, dp = 8, 16, 8
    assert tp * pp * dp == 1024
    assert numeric(cards["q32"]) == pytest.approx(175 / (tp * pp))
    assert numeric(cards["q24"]) == tp


def test_source_corrections_carry_a_learner_note_and_are_listed(cards: dict[str, Card]) -> None:
    for card_id in ("q06", "q07", "q23", "q25", "q38"):
        note = cards[card_id].note
        assert note and "Source" not in note, card_id  # the note speaks to the learner
        assert f"{card_id}" in CORRECTIONS, card_id  # the history of the fix is kept here
