"""The deck sizes kept beside the outline (what `flopcards stats` reads instead of every card key):
the outline's own counts, trusted only while its files are unchanged, made from an outline-only
cache once."""

from __future__ import annotations

from pathlib import Path

from engine.cache import FileCache
from engine.start import outline
from engine.start.outline import DeckOutline, DeckSize, Outline


def _outline() -> Outline:
    cards = DeckOutline("a", "Deck A", ("a/1", "a/2", "a/3"), (), "d")
    drills = DeckOutline("drills", "Drills", (), ("drills/x", "drills/y"))
    return Outline((cards, drills), (), False)


def test_sizes_are_kept_with_the_outline_and_follow_its_files(tmp_path: Path) -> None:
    deck = tmp_path / "a.yaml"
    deck.write_text("id: a\n")
    stamps = outline.stamp([deck], [])
    assert stamps is not None
    cache = FileCache(tmp_path / "cache", "v1")
    try:
        assert outline.load_sizes(cache, "n") is None
        outline.save(cache, "n", _outline(), stamps)
        sizes = outline.load_sizes(cache, "n")
        assert sizes == (DeckSize("a", "Deck A", 3, 0), DeckSize("drills", "Drills", 0, 2))
        assert sizes == outline.sizes_of(_outline())
        deck.write_text("id: a\ntitle: changed\n")
        assert outline.load_sizes(cache, "n") is None and outline.load(cache, "n") is None
    finally:
        cache.close()


def test_an_outline_kept_without_sizes_gives_them_once(tmp_path: Path) -> None:
    cache = FileCache(tmp_path / "cache", "v1")
    try:
        outline.save(cache, "n", _outline(), [])
        cache.put_record(outline.SIZES, "n", {"format": 0})  # an older or damaged record: a miss
        assert outline.load_sizes(cache, "n") is None
        kept = outline.load_with_stamps(cache, "n")
        assert kept is not None and kept[1] == []
        outline.save_sizes(cache, "n", outline.sizes_of(kept[0]), kept[1])
        assert outline.load_sizes(cache, "n") == outline.sizes_of(_outline())
    finally:
        cache.close()
