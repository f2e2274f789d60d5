"""Every bundled deck: loads cleanly, ids unique, answers answerable, every numeric claim recomputed."""

from __future__ import annotations

import re

import pytest

from cards.loader import load_collection
from cards.schema import Card, FormulaAnswer, NumericAnswer
from engine.answers import Verdict, check_formula, check_numeric
from engine.formula import parse_formula
from engine.units import parse_unit

COLLECTION = load_collection(include_bundled=True)
DECKS = {d.id: d.deck for d in COLLECTION.decks}
CARDS = [(deck_id, card) for deck_id, deck in DECKS.items() for card in deck.cards]
LEADING_NUMBER = re.compile(r"^[~≈]?\s*([-+]?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)")


def card_id(item: tuple[str, Card]) -> str:
    return f"{item[0]}/{item[1].id}"


def test_bundled_decks_load_without_problems() -> None:
    assert COLLECTION.problems == []
    assert {"flashcards", "grill", "systems", "key-numbers", "debugging"} <= set(DECKS)


@pytest.mark.parametrize(("deck_id", "count"), [("flashcards", 89), ("grill", 60)])
def test_source_counts(deck_id: str, count: int) -> None:
    assert len(DECKS[deck_id].cards) == count


def test_flashcards_keep_source_order() -> None:
    assert [c.id for c in DECKS["flashcards"].cards] == [f"fc-{n:03d}" for n in range(1, 90)]


def test_grill_keeps_source_order() -> None:
    assert [c.id for c in DECKS["grill"].cards] == [f"q{n:02d}" for n in range(1, 61)]


@pytest.mark.parametrize("item", CARDS, ids=card_id)
def test_card_is_complete(item: tuple[str, Card]) -> None:
    deck_id, card = item
    assert card.front.strip() and card.back.strip()
    assert card.tags, "every bundled card carries its topic as a tag"
    for link in card.see_also:
        target_deck, _, target = link.rpartition("/")
        assert target in {c.id for c in DECKS[target_deck or deck_id].cards}, link


ANSWERED = [item for item in CARDS if item[1].answer is not None]


@pytest.mark.parametrize("item", ANSWERED, ids=card_id)
def test_answer_parses_and_accepts_itself(item: tuple[str, Card]) -> None:
    _, card = item
    answer = card.answer
    if isinstance(answer, NumericAnswer):
        value = answer.value if isinstance(answer.value, float) else parse_formula(answer.value).evaluate()
        if answer.unit:
            parse_unit(answer.unit)
        typed = f"{value:.6g} {answer.unit}".strip()
        result = check_numeric(typed, value, answer.unit, tolerance=answer.tolerance)
        assert result.verdict is Verdict.CORRECT, result.message
    else:
        assert isinstance(answer, FormulaAnswer)
        formula = parse_formula(answer.formula)
        assert formula.names <= set(answer.variables), "every name must be defined for the user"
        result = check_formula(answer.formula, answer.formula, answer.variables)
        assert result.verdict is Verdict.CORRECT, result.message


CHECKED = [(d, c, check) for d, c in CARDS for check in c.checks]


@pytest.mark.parametrize(
    ("deck_id", "card", "check"), CHECKED, ids=[f"{d}/{c.id}:{k.text}" for d, c, k in CHECKED]
)
def test_numeric_claim_is_recomputed(deck_id: str, card: Card, check) -> None:
    text = "\n".join(filter(None, [card.front, card.back, card.note]))
    assert check.text in text, f"{check.text!r} is not written on the card"
    match = LEADING_NUMBER.match(check.text.replace(",", ""))
    assert match, f"{check.text!r} does not start with a number"
    stated = float(match.group(1))
    computed = parse_formula(check.formula).evaluate()
    assert stated == pytest.approx(computed, rel=check.tolerance), (
        f"card says {check.text}, the formula gives {computed:.6g}"
    )


def test_there_are_many_recomputed_claims() -> None:
    assert len(CHECKED) >= 300
