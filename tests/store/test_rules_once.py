"""The due, held and day-total rules (engine.store.rules): the store (SQLAlchemy, SQLite file and
PostgreSQL server) and the start-up reads (stdlib sqlite3) give the same numbers on one collection
with overdue, due, not yet due, same-day repeat, suspended, buried, new and drill-kind items, and
answers on both sides of the study day's 4 a.m. boundary."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest

from engine import sm2
from engine.counting import DayTotals
from engine.sm2 import CardState
from engine.start.reads import QuickReads
from engine.stats.cards import future_due
from engine.store import marks, repo, rules
from engine.store.browse import Is, StateFilter, filtered_keys
from engine.store.database import Store, open_store
from engine.store.models import CardStateRow
from engine.studyday import StudyClock

TODAY = date(2026, 3, 10)
CLOCK = StudyClock(day_start_hour=4, tz=UTC)
DRILLS = frozenset({"k"})
STATES = {  # key: (due day, repeat_today with last_day)
    "a/over": (TODAY - timedelta(days=3), None),
    "a/today": (TODAY, None),
    "a/later": (TODAY + timedelta(days=1), None),
    "a/repeat": (TODAY + timedelta(days=1), TODAY),  # failed earlier today: due again today
    "a/stale": (TODAY + timedelta(days=2), TODAY - timedelta(days=1)),  # failed yesterday: not due
    "a/susp": (TODAY - timedelta(days=1), None),
    "a/buried": (TODAY, None),
    "a/back": (TODAY, None),  # buried until today: back
    "k/kind1": (TODAY - timedelta(days=1), None),
    "k/kind2": (TODAY + timedelta(days=5), None),
}
DUE = {"a/over", "a/today", "a/repeat", "a/susp", "a/buried", "a/back", "k/kind1"}
HELD = {"a/susp", "a/buried"}
REVIEWED = CardState(repetitions=3, interval_days=6, due=TODAY, last_day=TODAY - timedelta(days=6))


def _answer(store: Store, key: str, at: datetime, before: CardState) -> None:
    _, record = sm2.review(before, 4, now=at, today=CLOCK.today(at))
    repo.save_answer(store, card_key=key, deck_id=key.split("/")[0], record=record, seconds=2.0)


def seed(store: Store) -> None:
    with store.sessions.begin() as session:
        for key, (due, repeated) in STATES.items():
            row = CardStateRow(card_key=key, deck_id=key.split("/")[0])
            repo.set_state(row, CardState(repetitions=3, interval_days=6, due=due, last_day=repeated))
            row.repeat_today = repeated is not None
            session.add(row)
        for key in ("a/old", "k/kind4"):  # in review, answered below
            row = CardStateRow(card_key=key, deck_id=key.split("/")[0])
            repo.set_state(row, REVIEWED)
            session.add(row)
    marks.change_mark(store, "a/susp", "a", suspended=True)
    marks.change_mark(store, "a/buried", "a", buried_until=TODAY + timedelta(days=1))
    marks.change_mark(store, "a/back", "a", buried_until=TODAY)
    early = datetime(2026, 3, 10, 3, 59, tzinfo=UTC)  # the study day before's last minute
    late = datetime(2026, 3, 11, 3, 59, tzinfo=UTC)  # after midnight, before 4: still TODAY
    _answer(store, "a/new2", early, CardState())  # a new card, yesterday (due again today)
    _answer(store, "k/kind4", early, REVIEWED)  # a scheduled drill review, yesterday
    _answer(store, "a/new1", late, CardState())  # a new card today
    _answer(store, "a/old", late, REVIEWED)  # a scheduled review today
    _answer(store, "a/old", late, REVIEWED)  # and its same-day repeat (from the state as it is now)
    _answer(store, "k/kind3", datetime(2026, 3, 10, 4, 0, tzinfo=UTC), CardState())  # a new drill kind
    _answer(store, "k/kind4", late, REVIEWED)  # a scheduled drill review today


@pytest.fixture
def seeded(db_url: str):
    store = open_store(db_url)
    try:
        seed(store)
        yield store
    finally:
        store.close()


def test_the_store_reads_the_rules(seeded: Store) -> None:
    store = seeded
    due = repo.due_keys(store, TODAY)
    assert set(due) == DUE | {"a/new2"}  # learnt yesterday: due today
    assert due[0] == "a/over"
    assert repo.due_keys(store, TODAY, deck_ids=["k"]) == ["k/kind1"]
    assert len(repo.due_keys(store, TODAY, limit=2)) == 2 + 1, "two scheduled, then the repeat"
    assert marks.held_keys(store, TODAY) == HELD
    assert marks.held_keys(store, TODAY + timedelta(days=1)) == {"a/susp"}
    assert repo.day_totals(store, TODAY, DRILLS) == DayTotals(5, 1, 1, 1, 1)
    assert repo.day_totals(store, TODAY - timedelta(days=1), DRILLS) == DayTotals(2, 1, 0, 0, 1)
    assert repo.day_totals(store, TODAY) == DayTotals(5, 2, 2, 0, 0), "no drill decks: all cards"
    with store.engine.connect() as conn:
        _, due_now = future_due(conn, TODAY, 7, None)
    assert due_now == len(set(due) - HELD)
    assert filtered_keys(store, TODAY, StateFilter(flags=frozenset({Is.BURIED}))) == {"a/buried"}
    due_filter = filtered_keys(store, TODAY, StateFilter(flags=frozenset({Is.DUE})))
    assert due_filter == set(due)
    assert filtered_keys(store, TODAY, StateFilter(flags=frozenset({Is.DUE, Is.SUSPENDED}))) == {"a/susp"}


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_the_start_up_reads_give_the_stores_numbers(seeded: Store, db_url: str) -> None:
    store = seeded
    with QuickReads(Path(db_url)) as quick:
        for deck in (None, "a", "k", "nowhere"):
            for limit in (0, 1, 3, 200):
                decks = None if deck is None else [deck]
                assert quick.due_keys(TODAY, deck, limit) == repo.due_keys(
                    store, TODAY, deck_ids=decks, limit=limit
                )
        for day in (TODAY - timedelta(days=1), TODAY, TODAY + timedelta(days=1)):
            assert quick.held(day) == marks.held_keys(store, day)
            for drills in (frozenset(), DRILLS, {"a", "k"}):
                assert quick.day_totals(day, drills) == repo.day_totals(store, day, drills)
        assert quick.day_totals(TODAY, DRILLS) == DayTotals(5, 1, 1, 1, 1)


def test_the_rules_texts_are_served_by_their_indexes(store: Store, db_path: Path) -> None:
    """A bound True reads the same-day repeats through the partial index `repeat_today = 1`."""
    import sqlite3

    plans = {}
    conn = sqlite3.connect(db_path)
    try:
        for decks in (None, 1):
            scheduled, repeated = rules.due_queries(decks, limited=True)
            params = {"today": TODAY.isoformat(), "yes": True, "limit": 5, "deck0": "a"}
            for name, sql in (("scheduled", scheduled), ("repeated", repeated)):
                plans[name, decks] = str(conn.execute(f"EXPLAIN QUERY PLAN {sql}", params).fetchall())
    finally:
        conn.close()
    assert "ix_card_state_repeat_today" in plans["repeated", None], plans
    assert "INDEX ix_card_state_due_day" in plans["scheduled", None], plans
    assert "INDEX ix_card_state_deck_due" in plans["scheduled", 1], plans
