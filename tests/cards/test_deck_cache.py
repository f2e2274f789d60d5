"""The compiled deck cache: same collection as a fresh parse, invalidated by an edit, never trusted
when damaged, foreign or written by other code."""

from __future__ import annotations

import json
import os
import sqlite3
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cards.cached import NAMESPACE, open_deck_cache
from cards.loader import BUNDLED_DIR, deck_files, load_collection
from drills.cached import open_template_cache
from drills.loader import BUNDLED_DIR as TEMPLATES_DIR
from drills.loader import load_templates
from engine.cache import CACHE_FILE, FileCache, clear_cache

DECK = """id: mem
title: Memory
cards:
  - id: adam
    front: Bytes per parameter for mixed-precision Adam?
    back: 16 bytes.
  - id: kv
    front: What grows with context length?
    back: The KV cache.
"""
BUNDLED = deck_files(BUNDLED_DIR)


def snapshot(folder: Path, cache: FileCache | None, *, bundled: bool = False):  # type: ignore[no-untyped-def]
    collection = load_collection([folder], include_bundled=bundled, cache=cache)
    return [(d.deck, d.path, d.bundled) for d in collection.decks], collection.problems


def cached_deck(tmp_path: Path) -> tuple[Path, Path, FileCache]:
    """A user deck folder with one deck, read once through a cache."""
    folder = tmp_path / "decks"
    folder.mkdir()
    deck = folder / "mem.yaml"
    deck.write_text(DECK, encoding="utf-8")
    cache = open_deck_cache(tmp_path / "cache")
    snapshot(folder, cache)
    return folder, deck, cache


def test_bundled_deck_files_exist() -> None:
    assert len(BUNDLED) >= 5


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.name)
def test_a_cached_bundled_deck_is_the_deck_a_fresh_parse_gives(path: Path, tmp_path: Path) -> None:
    fresh = snapshot(path, None)
    assert fresh[0], f"{path.name} did not load"
    cold = snapshot(path, open_deck_cache(tmp_path))
    warm_cache = open_deck_cache(tmp_path)
    assert warm_cache.get(NAMESPACE, path) is not None  # the second read really comes from the cache
    assert cold == fresh
    assert snapshot(path, warm_cache) == fresh


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(front=st.text(min_size=1, max_size=40), back=st.text(max_size=40))
def test_an_edit_is_seen_whatever_it_writes(tmp_path: Path, front: str, back: str) -> None:
    """Whatever an edit writes (valid or not), a cached load equals a fresh one."""
    folder = tmp_path / "decks"
    folder.mkdir(exist_ok=True)
    deck = folder / "mem.yaml"
    deck.write_text(DECK, encoding="utf-8")
    cache = open_deck_cache(tmp_path / "cache")
    snapshot(folder, cache)
    edited = DECK.replace("What grows with context length?", repr(front)).replace("The KV cache.", repr(back))
    deck.write_text(edited, encoding="utf-8")
    assert snapshot(folder, cache) == snapshot(folder, None)
    cache.close()


def test_an_edit_of_the_same_size_within_the_same_mtime_is_still_seen(tmp_path: Path) -> None:
    folder, deck, cache = cached_deck(tmp_path)
    stat = deck.stat()
    deck.write_text(DECK.replace("16 bytes.", "18 bytes."), encoding="utf-8")
    os.utime(deck, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1))  # size same, mtime moved by 1 ns
    decks, _ = snapshot(folder, cache)
    assert decks[0][0].cards[0].back == "18 bytes."


def test_a_touched_but_unchanged_file_is_still_a_hit(tmp_path: Path) -> None:
    _, deck, cache = cached_deck(tmp_path)
    os.utime(deck, ns=(1, 1_000_000_000))
    assert cache.get(NAMESPACE, deck) is not None


def test_a_broken_deck_is_cached_with_its_problems_and_fixed_by_an_edit(tmp_path: Path) -> None:
    folder = tmp_path / "decks"
    folder.mkdir()
    deck = folder / "mem.yaml"
    deck.write_text(DECK.replace("title: Memory\n", ""), encoding="utf-8")
    cache = open_deck_cache(tmp_path / "cache")
    broken = snapshot(folder, cache)
    assert broken[0] == [] and "title" in str(broken[1][0])
    assert snapshot(folder, cache) == broken
    deck.write_text(DECK, encoding="utf-8")
    assert snapshot(folder, cache) == snapshot(folder, None)
    assert snapshot(folder, cache)[1] == []


@pytest.mark.parametrize(
    "damage",
    [
        b"this is not a database at all",
        b"SQLite format 3\x00" + b"\xff" * 4000,
        b"",
    ],
)
def test_a_damaged_cache_file_is_ignored_and_rebuilt(tmp_path: Path, damage: bytes) -> None:
    folder = tmp_path / "decks"
    folder.mkdir()
    (folder / "mem.yaml").write_text(DECK, encoding="utf-8")
    (tmp_path / "cache").mkdir()
    (tmp_path / "cache" / CACHE_FILE).write_bytes(damage)
    cache = open_deck_cache(tmp_path / "cache")
    assert snapshot(folder, cache) == snapshot(folder, None)
    assert cache.get(NAMESPACE, folder / "mem.yaml") is not None  # rebuilt and in use again


def test_a_foreign_cache_is_wiped_not_trusted(tmp_path: Path) -> None:
    (tmp_path / "cache").mkdir()
    with sqlite3.connect(tmp_path / "cache" / CACHE_FILE) as conn:
        conn.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
        conn.execute("INSERT INTO meta VALUES ('app', 'something-else')")
        conn.execute("CREATE TABLE entry (ns, path, size, mtime_ns, digest, payload)")
    folder = tmp_path / "decks"
    folder.mkdir()
    (folder / "mem.yaml").write_text(DECK, encoding="utf-8")
    cache = open_deck_cache(tmp_path / "cache")
    assert snapshot(folder, cache) == snapshot(folder, None)
    with sqlite3.connect(tmp_path / "cache" / CACHE_FILE) as conn:
        assert dict(conn.execute("SELECT key, value FROM meta"))["app"] == "flopcards-file-cache"


def test_a_tampered_payload_is_a_miss_not_a_deck(tmp_path: Path) -> None:
    folder, _, _ = cached_deck(tmp_path)
    with sqlite3.connect(tmp_path / "cache" / CACHE_FILE) as conn:
        bad = '{"deck": {"id": "BAD ID", "title": ""}, "problems": []}'
        conn.execute("UPDATE entry SET payload = ?", (bad,))
    assert snapshot(folder, open_deck_cache(tmp_path / "cache")) == snapshot(folder, None)


def test_entries_of_other_code_versions_are_not_used(tmp_path: Path) -> None:
    folder, deck, _ = cached_deck(tmp_path)
    other = FileCache(tmp_path / "cache", "another-version")
    assert other.get(NAMESPACE, deck) is None
    assert snapshot(folder, other) == snapshot(folder, None)
    assert open_deck_cache(tmp_path / "cache").get(NAMESPACE, deck) is None  # the newer one replaced it


def test_templates_from_the_cache_are_the_fresh_ones_and_an_edit_is_seen(tmp_path: Path) -> None:
    fresh = load_templates()
    cold = load_templates(cache=open_template_cache(tmp_path))
    warm = load_templates(cache=open_template_cache(tmp_path))
    for loaded in (cold, warm):
        assert list(loaded.templates) == list(fresh.templates)
        assert [t.spec for t in loaded.templates.values()] == [t.spec for t in fresh.templates.values()]
        assert loaded.problems == fresh.problems
    assert len(list(TEMPLATES_DIR.glob("*.yaml"))) == len(fresh.templates)
    user = tmp_path / "decks"
    user.mkdir()
    source = next(iter(fresh.templates.values())).path
    mine = user / "mine.drill.yaml"
    text = Path(source).read_text(encoding="utf-8")
    mine.write_text(text, encoding="utf-8")
    cache = open_template_cache(tmp_path)
    assert load_templates(deck_dirs=[user], cache=cache).problems  # a duplicate id, reported
    mine.write_text(text.replace("id: ", "id: mine-", 1), encoding="utf-8")
    loaded = load_templates(deck_dirs=[user], cache=cache)
    assert loaded.problems == load_templates(deck_dirs=[user]).problems == ()


def test_clear_deletes_the_cache(tmp_path: Path) -> None:
    _, _, cache = cached_deck(tmp_path)
    cache.close()
    assert clear_cache(tmp_path / "cache")
    assert not (tmp_path / "cache" / CACHE_FILE).exists()
    assert not clear_cache(tmp_path / "cache")


def test_a_cached_deck_is_validated_only_when_its_cards_are_used(tmp_path: Path) -> None:
    folder, _, cache = cached_deck(tmp_path)
    collection = load_collection([folder], include_bundled=False, cache=cache)
    loaded = collection.decks[0]
    assert collection.card_keys() == [("mem/adam", "mem"), ("mem/kv", "mem")]
    assert (loaded.id, loaded.title) == ("mem", "Memory")
    assert "deck" not in vars(loaded), "counting and titles need no validated card"
    card = collection.card("mem/kv")
    assert card is not None and card.back == "The KV cache."
    assert "deck" not in vars(loaded), "the card shown is validated alone, not its whole deck"
    assert collection.card("mem/nope") is None and collection.card("nope/kv") is None


def test_a_cached_deck_that_no_longer_validates_is_parsed_afresh_when_used(tmp_path: Path) -> None:
    folder, _, cache = cached_deck(tmp_path)
    with sqlite3.connect(cache.path) as conn:
        (payload,) = conn.execute("SELECT payload FROM entry WHERE ns LIKE 'deck@%'").fetchone()
        assert '"back":"16 bytes."' in payload
        payload = payload.replace('"back":"16 bytes."', '"back":""')  # min_length 1: invalid
        conn.execute("UPDATE entry SET payload = ? WHERE ns LIKE 'deck@%'", (payload,))
    cache.close()
    loaded = load_collection([folder], include_bundled=False, cache=open_deck_cache(tmp_path / "cache"))
    fresh = load_collection([folder], include_bundled=False)
    assert loaded.decks[0].deck == fresh.decks[0].deck
    assert loaded.card("mem/adam") == fresh.card("mem/adam")


def test_a_warm_read_takes_the_head_record_else_the_whole_payload(tmp_path: Path) -> None:
    folder, _, cache = cached_deck(tmp_path)
    fresh = snapshot(folder, None)
    heads = "SELECT payload FROM entry WHERE ns LIKE 'deck-head@%'"
    with sqlite3.connect(cache.path) as conn:
        assert [json.loads(p)["deck"] for (p,) in conn.execute(heads)] == [["mem", "Memory", "adam\nkv"]]
        conn.execute(
            "UPDATE entry SET payload = replace(payload, 'Memory', 'Memo') WHERE ns LIKE 'deck-head@%'"
        )
    warm = load_collection([folder], include_bundled=False, cache=open_deck_cache(tmp_path / "cache"))
    assert warm.decks[0].title == "Memo", "the title came from the head record, no payload decoded"
    for damage in ("'not json'", '\'{"deck": ["mem", "Memory"], "problems": [], "at": null}\''):
        with sqlite3.connect(cache.path) as conn:
            conn.execute(f"UPDATE entry SET payload = {damage} WHERE ns LIKE 'deck-head@%'")
        assert snapshot(folder, open_deck_cache(tmp_path / "cache")) == fresh
    with sqlite3.connect(cache.path) as conn:
        conn.execute("DELETE FROM entry WHERE ns LIKE 'deck-head@%'")
    warm = load_collection([folder], include_bundled=False, cache=open_deck_cache(tmp_path / "cache"))
    assert warm.card_keys() == [("mem/adam", "mem"), ("mem/kv", "mem")] and not warm.problems
    assert [(d.deck, d.path, d.bundled) for d in warm.decks] == fresh[0]
