"""A card shown from a cached deck is validated alone (not its whole deck), and is the same card the
whole deck's validation gives."""

from __future__ import annotations

from pathlib import Path

from cards.cached import Sketch, open_deck_cache
from cards.loader import load_collection

DATA = Path(__file__).parent.parent / "data"
BUNDLED = Path(__file__).parents[2] / "cards" / "decks"


def test_a_cached_decks_card_is_validated_alone_and_equal(tmp_path: Path) -> None:
    rubrics = tmp_path / "rubrics"  # a bundled deck with rubric points, as a user's deck
    rubrics.mkdir()
    (rubrics / "debugging.yaml").write_bytes((BUNDLED / "debugging.yaml").read_bytes())
    folders = [DATA / "decks", DATA / "typed", rubrics]
    cache = open_deck_cache(tmp_path / "cache")
    try:
        load_collection(folders, include_bundled=False, cache=cache)  # the first start writes the cache
        warm = load_collection(folders, include_bundled=False, cache=cache)
    finally:
        cache.close()
    whole = load_collection(folders, include_bundled=False)  # no cache: every deck validated as a whole
    cached = [d for d in warm.decks if isinstance(d.source, Sketch)]
    assert cached and len(cached) == len(warm.decks)
    for loaded in cached:
        for card_id in loaded.head.card_ids:
            key = f"{loaded.id}/{card_id}"
            assert warm.card(key) == whole.card(key), key
        assert "deck" not in loaded.__dict__  # no deck validated as a whole for it
    assert warm.card("basics/no-such-card") is None
