"""Five thousand days of answering the same item every day: intervals stop at the ceiling, and no
date arithmetic (grading, the grade bar's previews, counting) ever overflows."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest
import sqlalchemy as sa
import sqlalchemy.orm as so

from engine import sm2
from engine.app import Grade, Study
from engine.app.items import ItemGroup, ItemSource, Prompt
from engine.app.scheduler import FsrsScheduler, Moment, Scheduler, SM2Scheduler
from engine.sm2 import MAX_INTERVAL_DAYS, CardState
from engine.store import repo
from engine.store.database import Store
from engine.store.models import CardStateRow
from engine.studyday import StudyClock

CLOCK = StudyClock(day_start_hour=4, tz=UTC)
DAYS = 5_000
STORE_DAYS = 40
"""Through the store (10 ms a day): past day 14, where the uncapped SM-2 raised."""


class Now:
    def __init__(self, when: datetime) -> None:
        self.when = when

    def __call__(self) -> datetime:
        return self.when


class Source(ItemSource):
    """One deck of cards and one drill deck (drill kinds are not new cards in review)."""

    def groups(self) -> list[ItemGroup]:
        return [ItemGroup("d", ["d/a", "d/b"]), ItemGroup("drills", ["drills/kv"], new_in_review=False)]

    def deck_ids(self) -> list[str]:
        return ["d", "drills"]

    def deck_title(self, deck_id: str) -> str | None:
        return deck_id

    def prompt(self, key: str, seed: int) -> Prompt:
        return Prompt(key, f"front of {key}", "back")


def make(store: Store, now: Now, scheduler: Scheduler) -> Study:
    return Study(store, sources=[Source()], scheduler=scheduler, clock=CLOCK, now=now)


SCHEDULERS = [pytest.param(SM2Scheduler(), id="sm2"), pytest.param(FsrsScheduler(), id="fsrs")]


@pytest.mark.parametrize("scheduler", SCHEDULERS)
def test_a_drill_kind_answered_fast_and_right_every_day_stops_at_the_ceiling(
    store: Store, scheduler: Scheduler
) -> None:
    now = Now(datetime(2026, 1, 1, 18, 0, tzinfo=UTC))
    study = make(store, now, scheduler)
    longest = 0
    for _ in range(STORE_DAYS):
        moment = study.moment()
        previews = study.scheduler.preview(study.state("drills/kv"), moment)  # the grade bar
        assert all(days is None or days <= MAX_INTERVAL_DAYS for days in previews.values())
        applied = study.answer("drills/kv", Grade.PERFECTLY, 4.0, at=moment)
        after = applied.record.after
        assert after.due is not None and (after.due - moment.today).days <= MAX_INTERVAL_DAYS
        longest = max(longest, (after.due - moment.today).days)
        study.counts(study.deck_ids())
        now.when += timedelta(days=1)
    assert longest == MAX_INTERVAL_DAYS or isinstance(scheduler, FsrsScheduler)


@pytest.mark.parametrize("scheduler", SCHEDULERS)
@pytest.mark.parametrize("grade", [Grade.PERFECTLY, Grade.WELL])
def test_one_right_answer_a_day_for_5000_days_never_raises_and_stops_at_the_ceiling(
    scheduler: Scheduler, grade: Grade
) -> None:
    """The scheduler alone (the store path is the test above): 5,000 days, previews included."""
    state, when = CardState(), datetime(2026, 1, 1, 18, 0, tzinfo=UTC)
    intervals = []
    for _ in range(DAYS):
        moment = Moment(when, CLOCK.today(when))
        previews = scheduler.preview(state, moment)
        assert all(days is None or 0 < days <= MAX_INTERVAL_DAYS for days in previews.values())
        state, _ = scheduler.review(state, grade, moment)
        assert state.due is not None
        intervals.append((state.due - moment.today).days)
        when += timedelta(days=1)
    assert max(intervals) <= MAX_INTERVAL_DAYS
    if isinstance(scheduler, SM2Scheduler):
        assert intervals[-1] == MAX_INTERVAL_DAYS  # reached, and held there


@pytest.mark.parametrize("scheduler", SCHEDULERS)
def test_a_card_studied_ahead_every_day_stops_at_the_ceiling(store: Store, scheduler: Scheduler) -> None:
    now = Now(datetime(2026, 1, 1, 18, 0, tzinfo=UTC))
    study = make(store, now, scheduler)
    study.answer("d/a", Grade.PERFECTLY, 3.0)
    study.answer("d/b", Grade.PERFECTLY, 3.0)
    for _ in range(STORE_DAYS):
        now.when += timedelta(days=1)
        session = study.session("d", ahead=True)
        current = session.current()  # shows the grade bar: every grade's interval previewed
        assert current is not None
        assert all(days is None or days <= MAX_INTERVAL_DAYS for days in current.outcomes.values())
        session.answer(Grade.PERFECTLY, 3.0)
    longest = 0
    for key in ("d/a", "d/b"):
        state = study.state(key)
        assert state.due is not None and (state.due - study.today()).days <= MAX_INTERVAL_DAYS
        longest = max(longest, (state.due - study.today()).days)
    assert longest <= MAX_INTERVAL_DAYS


def test_a_lower_ceiling_from_the_settings_holds_for_sm2_and_fsrs(store: Store) -> None:
    schedulers: list[Scheduler] = [SM2Scheduler(max_interval_days=30), FsrsScheduler(max_interval_days=30)]
    for scheduler in schedulers:
        state = CardState()
        when = datetime(2026, 1, 1, 18, 0, tzinfo=UTC)
        for _ in range(20):
            moment_today = CLOCK.today(when)
            moment = Moment(when, moment_today)
            assert all(d is None or d <= 30 for d in scheduler.preview(state, moment).values())
            state, _ = scheduler.review(state, Grade.PERFECTLY, moment)
            assert state.due is not None and (state.due - moment_today).days <= 30
            when += timedelta(days=(state.due - moment_today).days or 1)


def test_a_due_day_past_the_ceiling_from_an_old_database_is_clamped_on_read(store: Store) -> None:
    with so.Session(store.engine) as session, session.begin():
        session.add(
            CardStateRow(
                card_key="d/a",
                deck_id="d",
                repetitions=14,
                ef_centi=300,
                interval_days=1_999_999,
                due_day=date(9000, 1, 1),
                last_review_at=datetime(2026, 1, 1, 18, tzinfo=UTC),
                last_day=date(2026, 1, 1),
                repeat_today=False,
            )
        )
    state = repo.load_state(store, "d/a")
    assert state.interval_days == MAX_INTERVAL_DAYS
    assert state.due == date(2026, 1, 1) + timedelta(days=MAX_INTERVAL_DAYS)
    now = Now(datetime(2026, 1, 2, 18, tzinfo=UTC))
    study = make(store, now, SM2Scheduler())
    study.scheduler.preview(study.state("d/a"), study.moment())
    applied = study.answer("d/a", Grade.PERFECTLY, 3.0)
    assert applied.record.after.interval_days == MAX_INTERVAL_DAYS
    with store.reading() as session:
        stored = session.scalar(sa.select(CardStateRow.due_day).where(CardStateRow.card_key == "d/a"))
    assert stored == date(2026, 1, 2) + timedelta(days=MAX_INTERVAL_DAYS)


def test_sm2_never_overflows_near_the_end_of_the_calendar() -> None:
    state = CardState(repetitions=5, interval_days=30_000, due=date(9990, 1, 1), last_day=date(9989, 1, 1))
    after, _ = sm2.review(state, 5, now=datetime(2026, 1, 1, tzinfo=UTC), today=date(9990, 1, 1))
    assert after.due == date.max
    sm2.preview(state, today=date(9990, 1, 1))
