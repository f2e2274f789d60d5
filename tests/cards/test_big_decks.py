"""Big decks (what a generated 1M-card collection is made of): positions of problems deep in a file,
the same collection through the cache, time budgets that follow the file's size and never stick."""

from __future__ import annotations

from pathlib import Path

import pytest

import cards.loader
from cards.cached import Sketch, open_deck_cache
from cards.loader import load_collection
from engine import budget
from engine.cache import clear_cache

CARDS = 20_000
BROKEN = 15_123


def big_deck(deck_id: str, cards: int, broken: int | None = None) -> str:
    """A deck of `cards` cards, three lines each after a 3-line head; card `broken` has an empty back."""
    lines = [f"id: {deck_id}", f"title: Big {deck_id}", "cards:"]
    for c in range(cards):
        back = '""' if c == broken else f"Answer {c}."
        lines += [f"  - id: c{c}", f"    front: Question {c}?", f"    back: {back}"]
    return "\n".join(lines) + "\n"


def test_a_broken_card_deep_in_a_big_deck_is_named_at_its_line(tmp_path: Path) -> None:
    folder = tmp_path / "decks"
    folder.mkdir()
    (folder / "big.yaml").write_text(big_deck("big", CARDS, BROKEN), encoding="utf-8")
    back_line = 3 + 3 * BROKEN + 3  # head, the cards before, then id / front / back
    assert (folder / "big.yaml").read_text().splitlines()[back_line - 1] == '    back: ""'
    cache = open_deck_cache(tmp_path / "cache")
    for run in ("fresh", "cold cache", "warm cache"):
        collection = load_collection([folder], include_bundled=False, cache=None if run == "fresh" else cache)
        assert not collection.decks, run
        (problem,) = collection.problems
        assert (problem.path, problem.line) == (str(folder / "big.yaml"), back_line), run
        assert f"cards[{BROKEN}].back" in problem.message, run


def test_a_collection_of_big_decks_is_the_same_through_the_cache(tmp_path: Path) -> None:
    folder = tmp_path / "decks"
    folder.mkdir()
    for d in range(3):
        (folder / f"bench-{d}.yaml").write_text(big_deck(f"bench-{d}", 5_000), encoding="utf-8")
    fresh = load_collection([folder], include_bundled=False)
    cache = open_deck_cache(tmp_path / "cache")
    cold = load_collection([folder], include_bundled=False, cache=cache)
    warm = load_collection([folder], include_bundled=False, cache=cache)
    assert len(fresh.card_keys()) == 15_000 and fresh.card_keys()[5_000] == ("bench-1/c0", "bench-1")
    for other in (cold, warm):
        assert other.card_keys() == fresh.card_keys() and not other.problems
        assert [d.deck for d in other.decks] == [d.deck for d in fresh.decks]
    assert warm.card("bench-2/c4999") == fresh.card("bench-2/c4999")


def test_a_deck_over_its_budget_is_skipped_this_time_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "decks"
    folder.mkdir()
    (folder / "big.yaml").write_text(big_deck("big", 2_000), encoding="utf-8")
    cache = open_deck_cache(tmp_path / "cache")
    monkeypatch.setattr(cards.loader, "LOAD_SECONDS", 0.0)  # a busy machine
    monkeypatch.setattr(cards.loader, "LOAD_SECONDS_PER_MB", 0.0)
    skipped = load_collection([folder], include_bundled=False, cache=cache)
    assert not skipped.decks and "took longer than 0 s to load" in skipped.problems[0].message
    monkeypatch.undo()
    again = load_collection([folder], include_bundled=False, cache=cache)
    assert [d.id for d in again.decks] == ["big"] and not again.problems
    assert len(again.card_keys()) == 2_000


def test_the_load_budget_grows_with_the_file_and_the_skip_names_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert budget.load_seconds(0) == budget.LOAD_SECONDS
    assert budget.load_seconds(6_500_000) == pytest.approx(budget.LOAD_SECONDS + 13.0)
    assert budget.load_seconds(10_000_000, 1.0, 0.5) == 6.0
    with budget.time_limit(2.5):
        assert budget.current_limit() == 2.5 and not budget.past_deadline()
    assert budget.current_limit() is None and not budget.past_deadline()
    deck = tmp_path / "big.yaml"
    deck.write_text(big_deck("big", 20_000), encoding="utf-8")
    allowed = budget.load_seconds(deck.stat().st_size)
    assert allowed > budget.LOAD_SECONDS + 1  # 0.6 MB
    monkeypatch.setattr(cards.loader, "LOAD_SECONDS", budget.LOAD_SECONDS)  # the app's, as users see it
    monkeypatch.setattr(budget, "past_deadline", lambda: True)  # whatever the budget, it is spent
    (problem,) = load_collection([deck], include_bundled=False).problems
    assert problem.message.startswith(f"took longer than {allowed:g} s to load; skipped")


def test_a_deck_read_afresh_into_the_cache_is_kept_as_its_json_until_used(tmp_path: Path) -> None:
    folder = tmp_path / "decks"
    folder.mkdir()
    (folder / "big.yaml").write_text(big_deck("big", 3_000), encoding="utf-8")
    cold = load_collection([folder], include_bundled=False, cache=open_deck_cache(tmp_path / "cache"))
    (loaded,) = cold.decks
    assert isinstance(loaded.source, Sketch), "a cold read holds no validated cards either"
    assert (loaded.id, loaded.title, len(cold.card_keys())) == ("big", "Big big", 3_000)
    assert "deck" not in vars(loaded)
    fresh = load_collection([folder], include_bundled=False)
    assert cold.card("big/c2999") == fresh.card("big/c2999") and loaded.deck == fresh.decks[0].deck


def test_a_sketch_whose_cache_is_gone_parses_the_file_when_used(tmp_path: Path) -> None:
    folder = tmp_path / "decks"
    folder.mkdir()
    (folder / "big.yaml").write_text(big_deck("big", 2_000), encoding="utf-8")
    load_collection([folder], include_bundled=False, cache=open_deck_cache(tmp_path / "cache"))
    warm = load_collection([folder], include_bundled=False, cache=open_deck_cache(tmp_path / "cache"))
    assert isinstance(warm.decks[0].source, Sketch)
    assert clear_cache(tmp_path / "cache")  # `flopcards cache clear` while the app is open
    card = warm.card("big/c1999")
    assert card is not None and card.back == "Answer 1999."
