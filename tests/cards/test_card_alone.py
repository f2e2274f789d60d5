"""A card shown from a cached deck is validated alone (not its whole deck), and is the same card the
whole deck's validation gives."""

from __future__ import annotations

import json
from pathlib import Path

from cards.cached import Sketch, open_deck_cache
from cards.glance import card_near
from cards.loader import Collection, load_collection

DATA = Path(__file__).parent.parent / "data"
BUNDLED = Path(__file__).parents[2] / "cards" / "decks"


def _warm(tmp_path: Path, folders: list[Path]) -> Collection:
    """The decks as a second start loads them: from the cache the first start wrote."""
    cache = open_deck_cache(tmp_path / "cache")
    try:
        load_collection(folders, include_bundled=False, cache=cache)
        return load_collection(folders, include_bundled=False, cache=cache)
    finally:
        cache.close()


def test_a_cached_decks_card_is_validated_alone_and_equal(tmp_path: Path) -> None:
    rubrics = tmp_path / "rubrics"  # a bundled deck with rubric points, as a user's deck
    rubrics.mkdir()
    (rubrics / "debugging.yaml").write_bytes((BUNDLED / "debugging.yaml").read_bytes())
    folders = [DATA / "decks", DATA / "typed", rubrics]
    warm = _warm(tmp_path, folders)
    whole = load_collection(folders, include_bundled=False)  # no cache: every deck validated as a whole
    cached = [d for d in warm.decks if isinstance(d.source, Sketch)]
    assert cached and len(cached) == len(warm.decks)
    for loaded in cached:
        for card_id in loaded.head.card_ids:
            key = f"{loaded.id}/{card_id}"
            assert warm.card(key) == whole.card(key), key
        assert "deck" not in loaded.__dict__  # no deck validated as a whole for it
    assert warm.card("basics/no-such-card") is None


def _cached_texts(tmp_path: Path, folders: list[Path]) -> list[str]:
    warm = _warm(tmp_path, folders)
    texts = [d.source.payload_text() for d in warm.decks if isinstance(d.source, Sketch)]
    assert texts and len(texts) == len(warm.decks)
    return [text for text in texts if text is not None]


def test_a_card_looked_for_from_anywhere_is_the_card_the_whole_parse_gives(tmp_path: Path) -> None:
    """A bundled deck's cards found in its cached text from where the last card ended, in the
    deck's order, backwards and from other starts (the text's end, its middle): always
    the object json.loads gives for that card; an id the deck lacks, never."""
    folder = tmp_path / "systems"  # the largest bundled deck, as a user's deck
    folder.mkdir()
    (folder / "systems.yaml").write_bytes((BUNDLED / "systems.yaml").read_bytes())
    for text in _cached_texts(tmp_path, [folder]):
        cards = json.loads(text)["deck"]["cards"]
        for order in (cards, cards[::-1]):
            near = 0
            for card in order:
                found, near = card_near(text, card["id"], near)
                assert found == card and text[:near].endswith("}")
        for near in (len(text), len(text) // 2):
            assert all(card_near(text, card["id"], near)[0] == card for card in cards)
        assert card_near(text, "no-such-card", 7) == (None, 7)


def test_a_card_with_its_decks_id_is_found_and_a_stale_place_is_only_a_start(tmp_path: Path) -> None:
    """The deck's own object starts as a card's does when their ids are the same; a deck edited
    (its cards moved, their texts changed) shows the new texts after the reload, whatever was
    shown before."""
    folder = tmp_path / "decks"
    folder.mkdir()
    deck = folder / "same.yaml"
    cards = [("same", "Q same?", "A same."), ("b", "Q b?", "A b."), ("c", "Q c?", "A c.")]

    def write(order: list[tuple[str, str, str]]) -> None:
        lines = ["id: same", "title: Same", "cards:"]
        for card_id, front, back in order:
            lines += [f"  - id: {card_id}", f'    front: "{front}"', f'    back: "{back}"']
        deck.write_text("\n".join(lines) + "\n")

    write(cards)
    text = _cached_texts(tmp_path, [folder])[0]
    found, _ = card_near(text, "same", 0)
    assert found is not None and found["front"] == "Q same?"
    cache = open_deck_cache(tmp_path / "cache2")
    try:
        load_collection([folder], include_bundled=False, cache=cache)
        warm = load_collection([folder], include_bundled=False, cache=cache)
        assert [warm.card(f"same/{c}").front for c, _, _ in cards[::-1]] == ["Q c?", "Q b?", "Q same?"]
        write([(c, f"{f} (edited)", b) for c, f, b in cards[::-1]])
        edited = load_collection([folder], include_bundled=False, cache=cache)
    finally:
        cache.close()
    assert [edited.card(f"same/{c}").front for c, _, _ in cards] == [
        "Q same? (edited)",
        "Q b? (edited)",
        "Q c? (edited)",
    ]
