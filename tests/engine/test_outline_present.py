"""An outline's Present: each key's deck found whichever deck its prefix names, new keys and digests."""

from __future__ import annotations

import pytest

from engine.counting import keys_digest
from engine.start.outline import DeckOutline, Outline, decode, encode


def test_present_finds_each_keys_deck_and_nothing_else() -> None:
    outline = Outline(
        (
            DeckOutline("a", "A", ("a/1", "a/2"), ("a/x",), keys_digest(("a/1", "a/2"))),
            DeckOutline("b", "B", ("b/1", "moved/9"), ()),  # a key whose prefix names no deck
            DeckOutline("drills", "Drills", (), ("drills/kv", "a/odd")),  # and one naming another
        ),
        (),
        False,
    )
    present = outline.present()
    expected = {"a/1": "a", "a/2": "a", "a/x": "a", "b/1": "b", "moved/9": "b"}
    assert dict(present.deck_of) == {**expected, "drills/kv": "drills", "a/odd": "drills"}
    assert len(present.deck_of) == 7 and present.deck_of["a/odd"] == "drills"
    for absent in ("a/3", "nowhere/1", "", "a"):
        assert absent not in present.deck_of
        with pytest.raises(KeyError):
            present.deck_of[absent]
    assert present.new_keys == {"a": ("a/1", "a/2"), "b": ("b/1", "moved/9")}
    assert present.digest("a") == keys_digest(("a/1", "a/2")) == present.digests["a"]
    assert present.digest("b") == keys_digest(("b/1", "moved/9"))  # not kept: computed
    assert decode(encode(outline)) == outline
    assert outline.present() is present, "made once: the first look and the glance share it"
    outline.forget_present()
    assert outline.present() is not present and dict(outline.present().deck_of) == dict(present.deck_of)


def test_keys_that_would_not_split_back_are_refused() -> None:
    with pytest.raises(ValueError):
        encode(Outline((DeckOutline("a", "A", ("a/1\na/2",)),), (), False))
    with pytest.raises(ValueError):
        encode(Outline((DeckOutline("a", "A", ("",)),), (), False))
