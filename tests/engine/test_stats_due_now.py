"""The stats' 'due now' (three indexed counts) is the review queue's count: the due rule's keys of the
deck less the held ones, for every deck and several days, on the rules test's collection."""

from __future__ import annotations

import math
from datetime import timedelta
from pathlib import Path

import sqlalchemy as sa

from engine.stats.cards import card_figures, future_due
from engine.stats.model import MATURE_DAYS
from engine.store import marks, repo
from engine.store.database import open_store
from engine.store.models import CardStateRow
from tests.store.test_rules_once import TODAY, seed


def test_due_now_is_the_due_keys_less_the_held_ones(tmp_path: Path) -> None:
    store = open_store(tmp_path / "c.db")
    try:
        seed(store)
        with store.engine.connect() as conn:
            for day in (
                TODAY - timedelta(days=4),
                TODAY,
                TODAY + timedelta(days=1),
                TODAY + timedelta(days=9),
            ):
                held = marks.held_keys(store, day)
                for deck in (None, "a", "k", "nowhere"):
                    due = set(repo.due_keys(store, day, deck_ids=None if deck is None else [deck]))
                    assert future_due(conn, day, 7, deck)[1] == len(due - held), (day, deck)
            assert future_due(conn, TODAY, 7, None)[1] == 6  # over, today, repeat, back, kind1, new2
            for deck, skip in ((None, ("k",)), ("a", ()), ("k", ())):
                figures = card_figures(conn, deck, 20, skip)
                mine = conn.execute(
                    sa.select(CardStateRow.repetitions, CardStateRow.interval_days, CardStateRow.deck_id)
                ).all()
                kept = [(r, i) for r, i, d in mine if (d == deck if deck else d not in skip)]
                learning = sum(r < 2 for r, _ in kept)
                young = sum(r >= 2 and i < MATURE_DAYS for r, i in kept)
                assert (figures.counts.new, figures.counts.learning, figures.counts.young) == (
                    20 - len(kept),
                    learning,
                    young,
                ), deck
                assert math.isclose(figures.daily_load, sum(1 / i for _, i in kept if i > 0)), deck
    finally:
        store.close()
