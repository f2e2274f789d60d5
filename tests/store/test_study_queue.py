"""The study façade's due queue: limits, hidden cards, and the order of a backlog."""

from __future__ import annotations

from datetime import date, timedelta

from engine.app import Limits, Study, StudyItem
from engine.sm2 import CardState
from engine.store import repo
from engine.store.models import CardStateRow
from engine.studyday import StudyClock


def seed_due(store, keys: list[str], today: date) -> None:
    with store.sessions.begin() as session:
        for offset, key in enumerate(keys):
            row = CardStateRow(card_key=key, deck_id=key.split("/")[0])
            state = CardState(repetitions=2, interval_days=6, due=today - timedelta(days=len(keys) - offset))
            repo._write_state(row, state)
            session.add(row)


def test_backlog_is_read_oldest_first_up_to_the_limit(store, clock) -> None:
    today = clock().date()
    keys = [f"d/c{i:02d}" for i in range(30)]
    seed_due(store, keys, today)
    assert repo.due_keys(store, today, limit=5) == keys[:5]
    study = Study(
        store,
        [StudyItem(k, "d") for k in keys],
        clock=StudyClock(tz=clock().tzinfo),
        now=clock,
        limits=Limits(reviews_per_day=7),
    )
    assert study.session("d").queue == keys[:7]


def test_removed_cards_are_skipped_without_shrinking_the_queue(store, clock) -> None:
    today = clock().date()
    keys = [f"d/c{i:02d}" for i in range(30)]
    seed_due(store, keys, today)
    present = keys[20:]  # the 20 oldest due cards were removed from the deck: hidden, kept
    study = Study(
        store,
        [StudyItem(k, "d") for k in present],
        clock=StudyClock(tz=clock().tzinfo),
        now=clock,
        limits=Limits(reviews_per_day=4),
    )
    assert study.session("d").queue == present[:4]
    assert repo.load_state(store, keys[0]).due is not None  # history of removed cards stays
