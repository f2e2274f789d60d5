"""Every bundled deck FILE: loads cleanly, cards complete, answers answerable, every numeric claim
recomputed. Parametrized over the files on disk, not over what loaded: a broken deck makes its own
tests fail (each listing every bad card), it never makes them vanish."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from cards.loader import BUNDLED_DIR, load_deck_file
from cards.schema import Card, Deck, FormulaAnswer, NumericAnswer
from engine.answers import Verdict, check_formula, check_numeric
from engine.formula import parse_formula
from engine.units import parse_unit
from engine.yamlpos import read_yaml_file

DECK_FILES = sorted(BUNDLED_DIR.glob("*.yaml"))
DIGITS_SHOWN = re.compile(r"(\d[\d,]*)(?:\.(\d+))?(?:[eE]([-+]?\d+))?")
LEADING_NUMBER = re.compile(r"^[~≈]?\s*([-+]?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)")
by_name = pytest.mark.parametrize("path", DECK_FILES, ids=lambda p: p.stem)


@cache
def schema_deck(path: Path) -> Deck:
    """The deck as the schema reads it, before the loader's own checks (which would drop it)."""
    return Deck.model_validate(read_yaml_file(path).data)


def card_ids(deck_id: str) -> set[str]:
    deck = next((schema_deck(p) for p in DECK_FILES if schema_deck(p).id == deck_id), None)
    return set() if deck is None else {c.id for c in deck.cards}


def test_the_bundled_deck_files_are_all_there() -> None:
    names = {p.stem for p in DECK_FILES}
    assert {"flashcards", "grill", "systems", "key-numbers", "debugging"} <= names


@by_name
def test_deck_file_loads_without_problems(path: Path) -> None:
    deck, problems = load_deck_file(path)
    assert [str(p) for p in problems] == []
    assert deck is not None


MERGED = {
    "flashcards": {"fc-037", "fc-038", "fc-057", "fc-076", "fc-078", "fc-082", "fc-084", "fc-085", "fc-088"}
}
"""Duplicates merged into the card that stays (issue 29); the source numbering keeps its gaps."""


@pytest.mark.parametrize(("name", "count"), [("flashcards", 89 - 9), ("grill", 60)])
def test_source_counts(name: str, count: int) -> None:
    assert len(schema_deck(BUNDLED_DIR / f"{name}.yaml").cards) == count


def test_flashcards_keep_source_order() -> None:
    deck = schema_deck(BUNDLED_DIR / "flashcards.yaml")
    expected = [f"fc-{n:03d}" for n in range(1, 90) if f"fc-{n:03d}" not in MERGED["flashcards"]]
    assert [c.id for c in deck.cards] == expected


def test_grill_keeps_source_order() -> None:
    deck = schema_deck(BUNDLED_DIR / "grill.yaml")
    assert [c.id for c in deck.cards] == [f"q{n:02d}" for n in range(1, 61)]


def incomplete(deck: Deck, card: Card) -> list[str]:
    out = [] if card.front.strip() and card.back.strip() else ["front or back is empty"]
    out += [] if card.tags else ["no tag (every bundled card carries its topic as a tag)"]
    for link in card.see_also:
        target_deck, _, target = link.rpartition("/")
        out += [] if target in card_ids(target_deck or deck.id) else [f"see_also {link} points nowhere"]
    return out


@by_name
def test_cards_are_complete(path: Path) -> None:
    deck = schema_deck(path)
    failures = {card.id: why for card in deck.cards if (why := incomplete(deck, card))}
    assert failures == {}


def answer_problem(card: Card) -> str | None:
    answer = card.answer
    if isinstance(answer, NumericAnswer):
        value = answer.value if isinstance(answer.value, float) else parse_formula(answer.value).evaluate()
        if answer.unit:
            parse_unit(answer.unit)
        typed = f"{value:.6g} {answer.unit}".strip()
        result = check_numeric(typed, value, answer.unit, tolerance=answer.tolerance)
    elif isinstance(answer, FormulaAnswer):
        if not parse_formula(answer.formula).names <= set(answer.variables):
            return "every name must be defined for the user"
        result = check_formula(answer.formula, answer.formula, answer.variables)
    else:
        return None
    return None if result.verdict is Verdict.CORRECT else result.message


@by_name
def test_answers_parse_and_accept_themselves(path: Path) -> None:
    failures = {card.id: why for card in schema_deck(path).cards if (why := answer_problem(card))}
    assert failures == {}


def claim_problem(card: Card, check_text: str, formula: str, tolerance: float) -> str | None:
    text = "\n".join(filter(None, [card.front, card.back, card.note]))
    if check_text not in text:
        return f"{check_text!r} is not written on the card"
    match = LEADING_NUMBER.match(check_text.replace(",", ""))
    if match is None:
        return f"{check_text!r} does not start with a number"
    stated, computed = float(match.group(1)), parse_formula(formula).evaluate()
    if stated != pytest.approx(computed, rel=tolerance):
        return f"card says {check_text}, the formula gives {computed:.6g}"
    if not rounds_to(check_text, computed):  # tolerance must not hide a wrong rounding (12 as "13")
        return f"card says {check_text}, but {computed:.6g} does not round to it"
    return None


def rounds_to(text: str, value: float) -> bool:
    """True when the leading number of `text` is `value` rounded to the digits it shows."""
    m = DIGITS_SHOWN.search(text.replace("−", "-"))
    assert m is not None, text
    whole, frac, exp = m.group(1).replace(",", ""), m.group(2) or "", int(m.group(3) or 0)
    stated = float(f"{whole}.{frac or 0}e{exp}")
    if frac:
        step = 10.0 ** (exp - len(frac))
    else:
        zeros = len(whole) - len(whole.rstrip("0")) if whole.strip("0") else 0
        step = 10.0 ** (exp + zeros)
    return abs(value - stated) <= step / 2 * (1 + 1e-9) + 1e-12 * abs(stated)


@pytest.mark.parametrize(
    ("text", "value", "ok"),
    [
        ("13 experts", 12.0, False),
        ("12.8,", 12.8, True),
        ("0.49×", 0.4953, False),
        ("0.50×", 0.4953, True),
        ("288 GB", 288.53, False),
        ("160 tokens", 160.0, True),
        ("6.10e-5", 2**-14, True),
        ("3.4e38", 3.39e38, True),
        ("16,060,523,520 B", 2 * 8030261248, False),
    ],
)
def test_rounding_rule(text: str, value: float, ok: bool) -> None:
    assert rounds_to(text, value) is ok


@by_name
def test_numeric_claims_are_recomputed(path: Path) -> None:
    failures = [
        f"{card.id}: {why}"
        for card in schema_deck(path).cards
        for check in card.checks
        if (why := claim_problem(card, check.text, check.formula, check.tolerance))
    ]
    assert failures == []


def test_there_are_many_recomputed_claims() -> None:
    assert sum(len(c.checks) for p in DECK_FILES for c in schema_deck(p).cards) >= 300
