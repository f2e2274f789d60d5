"""Every grill question carries a rubric, and a numeric one links the drills that test it."""

from __future__ import annotations

import pytest

from cards.loader import BUNDLED_DIR, load_deck_file
from drills.paths import BUNDLED_DIR as TEMPLATES


@pytest.fixture(scope="module")
def grill():  # type: ignore[no-untyped-def]
    deck, problems = load_deck_file(BUNDLED_DIR / "grill.yaml")
    assert deck is not None, problems
    return deck


def test_all_sixty_grill_questions_have_a_rubric_with_an_essential_point(grill) -> None:  # type: ignore[no-untyped-def]
    assert len(grill.cards) == 60
    for card in grill.cards:
        assert 3 <= len(card.rubric) <= 6, card.id
        assert any(p.essential for p in card.rubric), card.id


def test_numeric_grill_questions_link_a_drill_kind_that_exists(grill) -> None:  # type: ignore[no-untyped-def]
    kinds = {p.stem for p in TEMPLATES.glob("*.yaml")}
    numeric = [card for card in grill.cards if card.answer is not None]
    for card in grill.cards:
        assert set(card.drills) <= kinds, card.id
    for card in numeric:
        assert card.drills, f"{card.id} asks for a number but links no drill kind"
    linked = {c.id: c.drills for c in numeric}
    assert "moe-expert-capacity" in linked["q39"] and "fp16-loss-scale" in linked["q60"]
    assert "moe-all-to-all-count" in linked["q37"] and "moe-all-to-all-count" in linked["q56"]


@pytest.mark.parametrize("deck_id", ["systems", "debugging", "llm-serving"])
def test_every_card_of_the_open_decks_has_a_rubric(deck_id: str) -> None:
    deck, problems = load_deck_file(BUNDLED_DIR / f"{deck_id}.yaml")
    assert deck is not None, problems
    missing = [c.id for c in deck.cards if not c.rubric]
    assert missing == []
    assert all(any(p.essential for p in c.rubric) for c in deck.cards)


def test_every_open_card_of_every_bundled_deck_has_a_rubric() -> None:
    from cards.loader import deck_files

    missing = []
    for path in deck_files(BUNDLED_DIR):
        deck, problems = load_deck_file(path)
        assert deck is not None, problems
        missing += [f"{deck.id}/{c.id}" for c in deck.cards if c.answer is None and not c.rubric]
    assert missing == []
