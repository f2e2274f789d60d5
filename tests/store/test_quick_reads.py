"""The start-up reads (stdlib sqlite3, read-only) give the store's answers on the same real file."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from engine.app import Grade
from engine.app.store_reads import StoreReads
from engine.counting import Present, deck_counts
from engine.sm2 import CardState
from engine.start.reads import QuickReads
from engine.store import marks, repo
from engine.store.models import CardStateRow

DECKS = {"a": [f"a/c{i:02d}" for i in range(40)], "b": [f"b/c{i:02d}" for i in range(25)]}


def seed(store, today: date) -> None:
    with store.sessions.begin() as session:
        for deck, keys in DECKS.items():
            for i, key in enumerate(keys[: len(keys) * 2 // 3]):  # a third of each deck stays new
                row = CardStateRow(card_key=key, deck_id=deck)
                due = today + timedelta(days=(i % 7) - 3)  # some overdue, some due today, some later
                repo._write_state(row, CardState(repetitions=2, interval_days=6, due=due))
                if i % 9 == 0:  # failed earlier today: a same-day repeat, due again today
                    row.repeat_today, row.last_day = True, today
                session.add(row)
    marks.change_mark(store, "a/c01", "a", suspended=True)
    marks.change_mark(store, "b/c39", "b", buried_until=today + timedelta(days=1))
    marks.change_mark(store, "b/c20", "b", buried_until=today)  # back today: not held


@pytest.fixture
def seeded(store, db_path, clock):
    today = clock().date()
    seed(store, today)
    return store, QuickReads(db_path), today


@pytest.mark.parametrize("deck", [None, "a", "b", "nowhere"])
@pytest.mark.parametrize("limit", [0, 1, 5, 200])
def test_due_keys_match(seeded, deck, limit) -> None:
    store, quick, today = seeded
    assert quick.due_keys(today, deck, limit) == StoreReads(store).due_keys(today, deck, limit)
    if deck != "nowhere" and limit:
        assert quick.due_keys(today, deck, limit), "the file has due cards"


def test_seen_held_and_totals_match(seeded, clock) -> None:
    store, quick, today = seeded
    keys = [k for deck in DECKS.values() for k in deck]
    for limit in (None, 0, 1, 5, 100):
        assert quick.unseen(keys, limit) == repo.unseen(store, keys, limit)
    assert quick.unseen(keys, None) == DECKS["a"][26:] + DECKS["b"][16:]
    assert quick.unseen(["a/c39", "x/new", "a/c00", "x/new"], 2) == ["a/c39", "x/new"]
    assert quick.held(today) == marks.held_keys(store, today) == {"a/c01", "b/c39"}
    from engine.app import Study, StudyItem

    study = Study(store, [StudyItem(k, d) for d, ks in DECKS.items() for k in ks], now=clock)
    session = study.session("a")
    session.answer(Grade.WELL, 3.0)
    assert quick.day_totals(today) == repo.day_totals(store, today)
    assert quick.day_totals(today).reviews == 1


def test_counts_through_either_reads_agree(seeded) -> None:
    store, quick, today = seeded
    present = Present(DECKS, {k: d for d, ks in DECKS.items() for k in ks})
    totals = {"a": 40, "b": 25, None: 65}
    held = marks.held_keys(store, today)
    for left in [(0, 0), (3, 4), (20, 200)]:
        ours = deck_counts(quick, present, today, ["a", "b"], totals, left, held)
        theirs = deck_counts(StoreReads(store), present, today, ["a", "b"], totals, left, held)
        assert ours == theirs
    every, a, b = theirs
    assert (a.new, b.new) == (14, 9) and every.new == 20  # capped by the daily limit
    assert every.due == a.due + b.due > 0
