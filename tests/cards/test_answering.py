"""Typing an answer to a card: numeric and formula cards, checked by the engine."""

from __future__ import annotations

import pytest

from cards.answering import answer_hint, check_card_answer, expected_value
from cards.schema import Card, FormulaAnswer, NumericAnswer
from engine.answers import Verdict

STATE_70B = Card(
    id="q02",
    front="70B params — total state memory with mixed-precision Adam?",
    back="16 bytes/param × 70e9 = **1.12 TB**",
    answer=NumericAnswer(value="16 * 70e9 / 1e12", unit="TB"),
)
BUBBLE = Card(
    id="bubble",
    front="Bubble fraction?",
    back="(p − 1)/(m + p − 1)",
    answer=FormulaAnswer(formula="(p - 1)/(m + p - 1)", variables={"p": "stages", "m": "micro-batches"}),
)


def test_expected_value_comes_from_the_formula() -> None:
    assert expected_value(STATE_70B.answer) == pytest.approx(1.12)


@pytest.mark.parametrize(
    ("typed", "verdict"),
    [
        ("1.12 TB", Verdict.CORRECT),
        ("1120 GB", Verdict.CORRECT),
        ("1.12", Verdict.CORRECT),
        ("1.2 TB", Verdict.CLOSE),
        ("11.2 TB", Verdict.WRONG),
        ("1.12 s", Verdict.WRONG_UNIT),
        ("a lot", Verdict.UNREADABLE),
    ],
)
def test_numeric_card(typed: str, verdict: Verdict) -> None:
    assert check_card_answer(STATE_70B, typed).verdict is verdict


@pytest.mark.parametrize(
    ("typed", "verdict"),
    [
        ("(p-1)/(m+p-1)", Verdict.CORRECT),
        ("1 - m/(m+p-1)", Verdict.CORRECT),
        ("(p-1)/m", Verdict.WRONG),
        ("(P-1)/(M+P-1)", Verdict.UNREADABLE),
        ("__import__('os')", Verdict.UNREADABLE),
    ],
)
def test_formula_card(typed: str, verdict: Verdict) -> None:
    assert check_card_answer(BUBBLE, typed).verdict is verdict


def test_hints_name_the_unit_or_variables() -> None:
    assert answer_hint(STATE_70B) == "a number in TB (within ±2%)"
    assert answer_hint(BUBBLE) == "a formula in p = stages, m = micro-batches"
    assert answer_hint(Card(id="x", front="f", back="b")) is None
