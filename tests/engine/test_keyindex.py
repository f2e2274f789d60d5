"""A card deck's keys made on demand (PrefixedKeys) answer as the list of keys did; DeckOf finds decks."""

from __future__ import annotations

import pytest

from engine.counting import keys_digest, memo_of
from engine.keyindex import DeckOf, Joined, PrefixedKeys, joined

IDS = ("adam", "kv", "tp-2", "zero-3")
LISTED = [f"mem/{c}" for c in IDS]


def test_prefixed_keys_read_as_the_list_of_keys() -> None:
    keys = PrefixedKeys("mem/", IDS)
    assert list(keys) == LISTED and len(keys) == 4 and keys == LISTED and keys == tuple(LISTED)
    assert keys != LISTED[:3] and keys != [*LISTED[:3], "mem/other"]
    assert (keys[0], keys[-1], keys[2]) == ("mem/adam", "mem/zero-3", "mem/tp-2")
    assert list(keys[1:3]) == LISTED[1:3] and list(keys[::-1]) == LISTED[::-1] and list(keys[9:]) == []
    assert list(reversed(keys)) == LISTED[::-1]
    with pytest.raises(IndexError):
        keys[4]


def test_prefixed_keys_membership_and_position() -> None:
    keys = PrefixedKeys("mem/", IDS)
    assert all(k in keys for k in LISTED)
    for absent in ("mem/other", "mem/", "mem", "net/kv", "adam", "mem/kv/x", 7, None):
        assert absent not in keys
    assert keys.index("mem/tp-2") == 2 and keys[1:].index("mem/tp-2") == 1
    for absent in ("mem/other", "net/kv"):
        with pytest.raises(ValueError):
            keys.index(absent)


def test_the_digest_of_a_deck_does_not_change() -> None:
    """The digest is stored (each deck's unseen memo): made from the ids, it is the list's."""
    keys = PrefixedKeys("mem/", IDS)
    assert joined(keys, "\n") == "\n".join(LISTED) and joined(PrefixedKeys("mem/", ()), "\n") == ""
    assert keys_digest(keys) == "e848984a7131615ed7db132300189446"  # as stored before
    assert keys_digest(keys) == keys_digest(LISTED)
    assert keys_digest(PrefixedKeys("a/", ())) == keys_digest([])
    found = ["mem/kv", "mem/zero-3"]
    assert memo_of(keys, found, keep=1) == memo_of(LISTED, found, keep=1)


def test_deck_of_finds_a_key_in_a_deck_whose_id_holds_a_slash() -> None:
    deck_of = DeckOf(
        {
            "a": PrefixedKeys("a/", ("x", "b")),
            "a/b": PrefixedKeys("a/b/", ("c1",)),
            "drills": Joined([dict.fromkeys(["drills/kv"]), PrefixedKeys("drills/", ("card",))]),
        }
    )
    assert deck_of["a/b/c1"] == "a/b" and deck_of["a/x"] == "a" and deck_of["a/b"] == "a"
    assert deck_of["drills/kv"] == "drills" and deck_of["drills/card"] == "drills"
    assert "a/zz" not in deck_of and "a/b/x" not in deck_of and deck_of.get("b/c1") is None
    assert list(deck_of) == ["a/x", "a/b", "a/b/c1", "drills/kv", "drills/card"] and len(deck_of) == 5
