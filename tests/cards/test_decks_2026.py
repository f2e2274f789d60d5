"""The 2026-topic decks (issue 14): each file loads clean, keeps its cards, and sources every figure."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cards.checks import leading_number
from cards.loader import BUNDLED_DIR, deck_files, load_collection, load_deck_file
from cards.schema import Card, Deck, NumericAnswer
from engine.formula import parse_formula

# file -> (deck id, cards written, checks written); parametrized over files, so a file that stops
# loading fails here instead of silently dropping out of the collection-wide tests.
DECK_FILES = {
    "moe.yaml": ("moe", 27, 102),  # capacity-factor merged into grill/q39
    "attention-kernels.yaml": ("attention-kernels", 25, 60),
    "llm-serving.yaml": ("llm-serving", 30, 52),
    "low-precision.yaml": ("low-precision", 24, 65),
    "hardware-2026.yaml": ("hardware-2026", 21, 93),
    "rl-infra.yaml": ("rl-infra", 18, 23),
    "measured-h100.yaml": ("measured-h100", 18, 67),
}
MEASURED = "measured: docs/measured/h100.md"
STARTS_WITH_NUMBER = re.compile(r"^[~≈]?\s*[-+]?\d")


def _load(name: str) -> Deck:
    deck, problems = load_deck_file(BUNDLED_DIR / name, lint=True)
    assert problems == [], "\n".join(map(str, problems))
    assert deck is not None
    return deck


def _cards(name: str) -> list[Card]:
    return _load(name).cards


def test_at_least_150_new_cards() -> None:
    assert sum(len(_cards(name)) for name in DECK_FILES) >= 150


@pytest.mark.parametrize("name", DECK_FILES)
def test_file_loads_without_errors_or_warnings(name: str) -> None:
    deck_id, cards, checks = DECK_FILES[name]
    deck = _load(name)
    assert deck.id == deck_id
    assert len(deck.cards) >= cards
    assert sum(len(c.checks) for c in deck.cards) >= checks
    assert len({c.id for c in deck.cards}) == len(deck.cards)


@pytest.mark.parametrize("name", DECK_FILES)
def test_file_is_a_bundled_deck(name: str) -> None:
    assert BUNDLED_DIR / name in deck_files(BUNDLED_DIR)
    collection = load_collection(include_bundled=True)
    assert collection.deck(DECK_FILES[name][0]) is not None
    assert [p for p in collection.problems if Path(p.path).name == name] == []


@pytest.mark.parametrize("name", DECK_FILES)
def test_every_card_and_check_has_a_source(name: str) -> None:
    for card in _cards(name):
        assert card.tags, card.id
        for check in card.checks:
            assert check.source and check.source.strip(), f"{card.id}: {check.text!r} has no source"
        assert card.source and card.source.strip(), f"{card.id} has no source"


@pytest.mark.parametrize("name", DECK_FILES)
def test_every_check_starts_with_its_number_written_verbatim(name: str) -> None:
    for card in _cards(name):
        text = "\n".join(filter(None, [card.front, card.back, card.note]))
        for check in card.checks:
            assert check.text in text, f"{card.id}: {check.text!r} is not written on the card"
            assert STARTS_WITH_NUMBER.match(check.text), f"{check.text!r} must start with its number"
            stated = leading_number(check.text)
            assert stated is not None
            computed = parse_formula(check.formula).evaluate()
            assert stated == pytest.approx(computed, rel=check.tolerance), (card.id, check.text, computed)


@pytest.mark.parametrize("name", DECK_FILES)
def test_a_wrong_figure_is_caught(name: str, tmp_path: Path) -> None:
    """Recomputation is real: shift the first check's formula by 50% and the file no longer loads."""
    source = (BUNDLED_DIR / name).read_text(encoding="utf-8")
    first = next(c for c in _cards(name) if c.checks).checks[0]
    quoted = f'formula: "{first.formula}"'
    assert quoted in source, quoted
    broken = tmp_path / name
    broken.write_text(source.replace(quoted, f'formula: "1.5 * ({first.formula})"', 1), encoding="utf-8")
    deck, problems = load_deck_file(broken)
    assert deck is None
    assert any(first.text in p.message for p in problems)


def test_mla_kv_per_token_is_the_deepseek_v3_figure() -> None:
    card = next(c for c in _cards("attention-kernels.yaml") if c.id == "mla-kv-per-token")
    assert isinstance(card.answer, NumericAnswer)
    value = card.answer.value
    assert (parse_formula(value).evaluate() if isinstance(value, str) else value) == (512 + 64) * 61 * 2
    assert "70,272 B" in card.back


def test_measured_cards_cite_the_measurements() -> None:
    for card in _cards("measured-h100.yaml"):
        assert card.source and MEASURED in card.source, card.id
        assert any(MEASURED in (k.source or "") for k in card.checks), card.id
