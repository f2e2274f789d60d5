"""FSRS as Anki schedules it: elapsed time in study days, a learning step that ends after the day
start due on the next study day, and passing review intervals Hard < Good < Easy a day apart."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

from engine import fsrs_scheduler
from engine.app import Grade
from engine.app.scheduler import FsrsScheduler, Moment
from engine.fsrs_scheduler import REVIEW
from engine.sm2 import CardState
from engine.studyday import StudyClock

CLOCK = StudyClock(day_start_hour=4, tz=UTC)


def at(when: datetime) -> Moment:
    return Moment(when, CLOCK.today(when), CLOCK.next_day_start(when))


def test_good_at_20_00_and_20_10_then_36_hours_later_counts_two_study_days() -> None:
    scheduler, state = FsrsScheduler(), CardState()
    start = datetime(2026, 3, 1, 20, 0, tzinfo=UTC)
    for when in (start, start + timedelta(minutes=10), start + timedelta(hours=36, minutes=10)):
        state, _ = scheduler.review(state, Grade.WELL, at(when))
    assert state.fsrs is not None and state.fsrs.stability is not None
    assert round(state.fsrs.stability, 2) == 10.97  # Anki's; 24-hour periods gave 7.32


def test_a_learning_step_ending_after_the_day_start_is_due_the_next_study_day() -> None:
    scheduler = FsrsScheduler()
    when = datetime(2026, 3, 2, 3, 59, 30, tzinfo=UTC)  # study day March 1; a 1-minute step
    state, _ = scheduler.review(CardState(), Grade.NOT_AT_ALL, at(when))
    assert state.fsrs is not None and state.fsrs.due_at is not None and state.fsrs.due_at > when
    assert CLOCK.today(state.fsrs.due_at) == CLOCK.today(when) + timedelta(days=1)
    assert not state.repeat_today and state.due == CLOCK.today(when) + timedelta(days=1)
    assert scheduler.preview(CardState(), at(when))[Grade.NOT_AT_ALL] == 1
    later = when - timedelta(hours=2)  # 01:59:30: the step ends at 02:00:30, still today
    state, _ = scheduler.review(CardState(), Grade.NOT_AT_ALL, at(later))
    assert state.repeat_today


def test_passing_review_intervals_are_ordered_a_day_apart_as_anki_orders_them() -> None:
    rng, scheduler, checked = random.Random(7), FsrsScheduler(), 0
    for _ in range(300):
        state, when = CardState(), datetime(2026, 1, 1, 9, tzinfo=UTC)
        for _ in range(rng.randint(2, 8)):
            state, _ = scheduler.review(state, Grade(rng.choice([1, 3, 4, 4, 5])), at(when))
            when += timedelta(days=rng.uniform(0.5, 30), hours=rng.uniform(0, 23))
            if state.fsrs is None or state.fsrs.phase != REVIEW:
                continue
            shown = scheduler.preview(state, at(when))
            hard, good, easy = shown[Grade.WITH_EFFORT], shown[Grade.WELL], shown[Grade.PERFECTLY]
            assert hard is not None and good is not None and easy is not None
            assert 1 <= hard < good < easy, (hard, good, easy)
            checked += 1
    assert checked > 500


HALF_DAY_HISTORY = [  # history 1152 of benchmarks/fsrs_vs_anki.py (seed 25): UTC instant, grade
    ("2024-01-01 20:58:44", 4),
    ("2024-01-02 21:41:32", 4),
    ("2024-01-02 22:50:47", 4),
    ("2024-01-03 00:00:53", 1),
    ("2024-01-03 00:19:16", 5),
    ("2024-01-04 08:44:24", 4),
    ("2024-03-04 08:05:46", 4),
    ("2024-03-05 21:10:28", 3),
    ("2024-03-20 06:43:00", 4),
    ("2024-03-20 07:53:33", 3),
    ("2024-03-20 08:31:26", 5),
]


def test_a_good_interval_a_hair_past_a_half_day_is_ankis_day() -> None:
    """Anki 26.9.3 (its Rust fsrs-rs, in 32-bit floats), 25 study days after these answers left the
    card at stability 95.1147 and difficulty 7.873: Good's next stability is 120.50004577636719 days
    (an f32) and its interval 121 days; py-fsrs's doubles gave 120.49998555778645 and 120."""
    scheduler, state = FsrsScheduler(), CardState()
    for when, grade in HALF_DAY_HISTORY:
        state, _ = scheduler.review(state, Grade(grade), at(datetime.fromisoformat(when + "+00:00")))
    last = at(datetime(2024, 4, 15, 1, 41, 12, tzinfo=UTC))
    shown = scheduler.preview(state, last)
    assert (shown[Grade.WITH_EFFORT], shown[Grade.WELL], shown[Grade.PERFECTLY]) == (110, 121, 143)
    assert state.fsrs is not None and (state.fsrs.stability, state.fsrs.difficulty) == (95.1147, 7.873)
    good, _ = fsrs_scheduler.review(state.fsrs, 4, now=last.now, elapsed_days=25, stored=False)
    assert good.stability == 120.50004577636719
