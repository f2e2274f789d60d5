"""Issue 31: a loaded card deck holds its card ids once; no "deck/card" key string per card is kept."""

from __future__ import annotations

import tracemalloc
from pathlib import Path

from cards.cached import DeckHead, Sketch, open_deck_cache
from cards.loader import Collection, LoadedDeck
from cards.source import CardSource
from engine.app.study import Study
from engine.store.database import Store

CARDS = 20_000


def test_a_card_deck_is_indexed_without_a_key_string_per_card(store: Store, tmp_path: Path) -> None:
    """A warm start's deck (a Sketch: its head's ids, nothing validated), as at a million cards."""
    head = DeckHead("big", "Big", tuple(f"c{i}" for i in range(CARDS)))  # the one copy of the ids
    path = tmp_path / "big.yaml"
    sketch = Sketch(head, open_deck_cache(tmp_path), path, lambda _path, _raw: (None, [], None))
    collection = Collection([LoadedDeck(sketch, path, False)])
    tracemalloc.start()
    try:
        study = Study(store, sources=[CardSource(collection)])
        kept = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    # 20k keys as strings are ~1.4 MB, a dict of them ~0.7 MB more
    assert kept < 100_000, f"{kept} bytes kept for {CARDS} cards"
    assert list(study.groups[0].keys[:2]) == ["big/c0", "big/c1"] and len(study.groups[0].keys) == CARDS
    assert study.has("big/c19999") and not study.has("big/c20000") and not study.has("other/c1")
    assert study.deck_of("big/c7") == "big"
    every, big = study.counts(["big"])
    assert (big.new, big.total, every.new, every.total) == (20, CARDS, 20, CARDS)
    assert study.new_keys("big")[:2] == ["big/c0", "big/c1"]
