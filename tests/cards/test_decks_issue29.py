"""The decks issue 29 added for the 2026 topics: each loads clean, sources every card and check, writes
every checked figure verbatim, links only to cards and drill kinds that exist; the bundle reaches 560."""

from __future__ import annotations

import re

import pytest

from cards.checks import leading_number
from cards.loader import BUNDLED_DIR, load_collection, load_deck_file
from cards.schema import Card, Deck
from drills.generator import kinds
from engine.formula import parse_formula

# file -> (deck id, cards written, checks written)
DECK_FILES = {
    "training-budget.yaml": ("training-budget", 16, 57),
    "cluster-network.yaml": ("cluster-network", 17, 49),
    "long-context.yaml": ("long-context", 18, 38),
    "serving-economics.yaml": ("serving-economics", 18, 51),
    "training-systems-2026.yaml": ("training-systems-2026", 19, 31),
}
STARTS_WITH_NUMBER = re.compile(r"^[~≈]?\s*[-+$]?\d")
DRILL_KIND = re.compile(r"[Dd]rill kind ([a-z0-9-]+)")


def _load(name: str) -> Deck:
    deck, problems = load_deck_file(BUNDLED_DIR / name, lint=True)
    assert problems == [], "\n".join(map(str, problems))
    assert deck is not None
    return deck


def _cards(name: str) -> list[Card]:
    return _load(name).cards


def test_at_least_80_new_cards() -> None:
    assert sum(len(_cards(name)) for name in DECK_FILES) >= 80


def test_the_bundle_has_at_least_560_cards() -> None:
    collection = load_collection(include_bundled=True)
    assert sum(len(d.head.card_ids) for d in collection.decks if d.bundled) >= 560


@pytest.mark.parametrize("name", DECK_FILES)
def test_file_loads_without_errors_or_warnings(name: str) -> None:
    deck_id, cards, checks = DECK_FILES[name]
    deck = _load(name)
    assert deck.id == deck_id
    assert len(deck.cards) >= cards
    assert sum(len(c.checks) for c in deck.cards) >= checks
    assert len({c.id for c in deck.cards}) == len(deck.cards)


@pytest.mark.parametrize("name", DECK_FILES)
def test_every_card_and_check_has_a_source_inside_reach(name: str) -> None:
    for card in _cards(name):
        assert card.tags, card.id
        assert card.source and card.source.strip(), f"{card.id} has no source"
        assert "shared/" not in card.source, f"{card.id} cites a path outside the repository"
        for check in card.checks:
            assert check.source and check.source.strip(), f"{card.id}: {check.text!r} has no source"


@pytest.mark.parametrize("name", DECK_FILES)
def test_every_check_is_written_on_the_card_and_recomputes(name: str) -> None:
    for card in _cards(name):
        text = " ".join(" ".join(filter(None, [card.front, card.back, card.note])).split())
        for check in card.checks:
            written = " ".join(check.text.split()) in text
            assert written, f"{card.id}: {check.text!r} is not written on the card"
            assert STARTS_WITH_NUMBER.match(check.text), f"{check.text!r} must start with its number"
            stated = leading_number(check.text)
            computed = parse_formula(check.formula).evaluate()
            assert stated == pytest.approx(computed, rel=check.tolerance), (card.id, check.text, computed)


@pytest.mark.parametrize("name", DECK_FILES)
def test_see_also_and_drill_kinds_named_on_cards_exist(name: str) -> None:
    collection = load_collection(include_bundled=True)
    known = {k for k, _, _ in kinds()}
    deck = _load(name)
    for card in deck.cards:
        for ref in card.see_also:
            deck_id, _, card_id = ref.rpartition("/")
            other = collection.deck(deck_id or deck.id)
            assert other is not None and card_id in other.cards, (card.id, ref)
        for kind in DRILL_KIND.findall(card.note or ""):
            assert kind in known, (card.id, kind)


def test_every_new_drill_kind_has_a_card_that_names_it() -> None:
    named = {k for name in DECK_FILES for c in _cards(name) for k in DRILL_KIND.findall(c.note or "")}
    new_kinds = {
        "training-budget-tokens",
        "checkpoint-interval",
        "serving-cost-per-mtok",
        "logits-memory",
        "sliding-window-kv",
        "qlora-memory",
        "fat-tree-all-to-all",
        "rack-power",
        "dualpipe-bubble",
        "cp-allgather-time",
        "cp-ring-hide",
        "ep-all-to-all-time",
        "tree-vs-ring-allreduce",
        "kv-offload-vs-recompute",
    }
    assert new_kinds <= named, sorted(new_kinds - named)
