"""A typed card's "Answer the …" note is shown with its question: fat-tree-size asks for two counts
and its box checks the two-tier one, which the note said only on the back, after answering."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from cards.answering import answer_hint
from cards.cached import open_deck_cache
from cards.front_text import front_text
from cards.glance import glance_card
from cards.loader import Collection, load_collection
from cards.source import CardSource
from cards.version import DECK_NAMESPACE
from engine.cache import FileCache


@pytest.fixture
def bundled(tmp_path: Path) -> Iterator[tuple[FileCache, Collection, CardSource]]:
    """The bundled decks read through a deck cache (the glance reads that cache), and their cards."""
    cache = open_deck_cache(tmp_path)
    try:
        collection = load_collection(cache=cache)
        yield cache, collection, CardSource(collection)
    finally:
        cache.close()


def test_the_number_to_type_is_asked_on_the_front_of_every_bundled_typed_card(
    bundled: tuple[FileCache, Collection, CardSource],
) -> None:
    _, collection, source = bundled
    instructed = 0
    for loaded in collection.decks:
        for card in loaded.deck.cards:
            prompt = source.prompt(f"{loaded.id}/{card.id}", 0)
            typed = answer_hint(card) is not None
            if typed and card.note and card.note.startswith("Answer "):
                instructed += 1
                first = " ".join(card.note.split()).split(". ")[0].rstrip(".")
                assert first in " ".join(prompt.front.split()), (card.id, prompt.front)
            else:
                assert "\n\n*Answer " not in prompt.front, card.id
    assert instructed > 50
    fat = source.prompt("cluster-network/fat-tree-size", 0)
    assert fat.front.endswith("*Answer the two-tier count.*")


def test_the_glance_shows_the_front_the_session_shows(
    bundled: tuple[FileCache, Collection, CardSource],
) -> None:
    """The glance reads the front from the deck cache before the decks open; the review binds the
    session only when the two fronts agree (else it shows the card again)."""
    cache, collection, source = bundled
    compared = 0
    for path in collection.files:
        text = cache.get_text(DECK_NAMESPACE, path)
        if text is None:
            continue
        deck = next((d for d in collection.decks if f'"id":"{d.id}"' in text[:200]), None)
        if deck is None:
            continue
        for card in deck.deck.cards:
            seen = glance_card(text, deck.id, card.id)
            assert seen is not None, card.id
            assert seen.front == source.prompt(f"{deck.id}/{card.id}", 0).front, card.id
            compared += 1
    assert compared > 400


def test_only_the_notes_first_sentence_and_only_for_a_typed_card() -> None:
    two = "Answer ring ÷ tree. Drill kind x draws more."
    assert front_text("Q?", two, True) == "Q?\n\n*Answer ring ÷ tree.*"
    assert front_text("Q?", "Answer the peak (e.g. in EFLOP/s).", True).endswith("(e.g. in EFLOP/s).*")
    assert front_text("Q?", "Answer the two-tier count.", False) == "Q?"
    assert front_text("Q?", "A remark. Answer x.", True) == "Q?"
    assert front_text("Q?", None, True) == "Q?"
