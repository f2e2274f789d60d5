"""Drill kinds have their own daily limit and never use the cards' (new cards, reviews); the
start-up reads (stdlib sqlite3) split the day's totals as the store does."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from engine.app import Grade, Study
from engine.app.items import ItemGroup, Prompt
from engine.counting import DayTotals, Limits
from engine.start.reads import QuickReads
from engine.store.database import Store
from engine.studyday import StudyClock

CLOCK = StudyClock(day_start_hour=4, tz=UTC)
CARDS = [f"d/c{i}" for i in range(6)]
KINDS = [f"drills/k{i}" for i in range(5)]


class Now:
    def __init__(self, when: datetime) -> None:
        self.when = when

    def __call__(self) -> datetime:
        return self.when


class Source:
    def groups(self) -> list[ItemGroup]:
        return [ItemGroup("d", CARDS), ItemGroup("drills", KINDS, new_in_review=False)]

    def deck_ids(self) -> list[str]:
        return ["d", "drills"]

    def deck_title(self, deck_id: str) -> str | None:
        return deck_id

    def prompt(self, key: str, seed: int) -> Prompt:
        return Prompt(key, key, "")


def test_drills_keep_to_their_own_limits(store: Store, db_path: Path) -> None:
    now = Now(datetime(2026, 3, 2, 12, tzinfo=UTC))
    limits = Limits(new_per_day=3, reviews_per_day=2, drill_reviews_per_day=2)
    study = Study(store, sources=[Source()], clock=CLOCK, limits=limits, now=now)
    for key in KINDS:  # a sprint: every kind attempted for the first time
        study.answer(key, Grade.PERFECTLY, 4.0)
    totals = study.totals()
    assert totals == DayTotals(reviews=5, new_cards=0, scheduled_reviews=0, new_drills=5, drill_reviews=0)
    assert study.remaining() == (3, 2)  # the cards' allowance is whole
    with QuickReads(db_path) as reads:
        assert reads.day_totals(study.today(), study.drill_decks) == totals

    for key in CARDS[:4]:
        study.answer(key, Grade.PERFECTLY, 4.0)
    now.when += timedelta(days=1)  # all four cards and all five kinds due
    counts = {c.deck_id: (c.due, c.new) for c in study.counts(study.deck_ids())}
    assert counts == {None: (2 + 2, 2), "d": (2, 2), "drills": (2, 0)}
    queue = study.session().queue
    assert sum(k.startswith("drills/") for k in queue) == 2 and sum(k.startswith("d/") for k in queue) == 4
    assert len(study.session("drills").queue) == 2

    for key in KINDS[:2]:  # two drill reviews: the drills' allowance is spent, the cards' is not
        study.answer(key, Grade.PERFECTLY, 4.0)
    assert study.remaining() == (3, 2) and study.drill_reviews_left() == 0
    counts = {c.deck_id: (c.due, c.new) for c in study.counts(study.deck_ids())}
    assert counts == {None: (2, 2), "d": (2, 2), "drills": (0, 0)}
