"""Answering a card by typing: checks the text against the card's `answer` field with the engine."""

from __future__ import annotations

from cards.hints import formula_hint, numeric_hint
from cards.schema import Card, FormulaAnswer, NumericAnswer
from engine.answers import CheckResult, check_formula, check_numeric
from engine.formula import parse_formula


def expected_value(answer: NumericAnswer) -> float:
    """The numeric answer's value (a literal, or its arithmetic formula evaluated)."""
    if isinstance(answer.value, str):
        return parse_formula(answer.value).evaluate()
    return float(answer.value)


def answer_hint(card: Card) -> str | None:
    """What the input box should say (the unit or the variables), None if the card is not typed."""
    answer = card.answer
    if isinstance(answer, NumericAnswer):
        return numeric_hint(answer.unit, answer.tolerance)
    if isinstance(answer, FormulaAnswer):
        return formula_hint(answer.variables)
    return None


def check_card_answer(card: Card, text: str) -> CheckResult:
    """Verdict of a typed answer to an answerable card; never raises for what the user typed."""
    answer = card.answer
    if isinstance(answer, NumericAnswer):
        return check_numeric(text, expected_value(answer), answer.unit, tolerance=answer.tolerance)
    if isinstance(answer, FormulaAnswer):
        return check_formula(text, answer.formula, answer.variables)
    raise ValueError(f"card {card.id} has no answer field")
