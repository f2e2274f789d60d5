"""Golden SM-2 vectors at fixed UTC times, plus property tests of the scheduler's invariants."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta, timezone

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.sm2 import (
    CardState,
    is_due,
    next_ef_centi,
    preview,
    review,
)
from engine.studyday import StudyClock

START = datetime(2026, 1, 5, 12, 30, tzinfo=UTC)


def run_schedule(grades: list[int]) -> tuple[list[int], CardState]:
    """Answer each grade on the day the card falls due; return the intervals given."""
    state = CardState()
    now = START
    intervals = []
    for grade in grades:
        today = now.date()
        state, record = review(state, grade, now=now, today=today)
        assert not record.same_day_repeat
        intervals.append(state.interval_days)
        now = now + timedelta(days=state.interval_days)
    return intervals, state


@pytest.mark.parametrize(
    ("grades", "intervals", "final_ef"),
    [
        ([5, 5, 5, 5, 5], [1, 6, 16, 45, 130], 300),
        ([5, 5, 2, 5, 5], [1, 6, 1, 1, 6], 258),
        ([0, 0, 5, 5, 3], [1, 1, 1, 6, 9], 136),
    ],
)
def test_golden_vectors(grades: list[int], intervals: list[int], final_ef: int) -> None:
    got, state = run_schedule(grades)
    assert got == intervals
    assert state.ef_centi == final_ef


def test_half_to_even_rounding_of_130_5() -> None:
    # 45 days at EF 2.9 is 130.5 days: the reference rounds half to even -> 130, not 131.
    state = CardState(repetitions=4, ef_centi=290, interval_days=45, due=date(2026, 3, 1))
    after, _ = review(state, 5, now=START, today=date(2026, 3, 1))
    assert after.interval_days == 130


def test_ef_update_table() -> None:
    assert [next_ef_centi(250, q) for q in range(6)] == [170, 196, 218, 236, 250, 260]
    assert next_ef_centi(131, 0) == 130


def test_failure_restarts_repetitions_and_still_updates_ef() -> None:
    state = CardState(repetitions=3, ef_centi=260, interval_days=16, due=date(2026, 2, 1))
    after, record = review(state, 1, now=START, today=date(2026, 2, 1))
    assert after.repetitions == 0
    assert after.interval_days == 1
    assert after.ef_centi == 206
    assert record.before == state


def test_same_day_repeats_are_logged_but_change_nothing() -> None:
    today = START.date()
    state, _ = review(CardState(), 3, now=START, today=today)
    assert state.repeat_today and is_due(state, today)
    ef, interval, due = state.ef_centi, state.interval_days, state.due
    later = START + timedelta(minutes=5)
    again, record = review(state, 2, now=later, today=today)
    assert record.same_day_repeat
    assert (again.ef_centi, again.interval_days, again.due) == (ef, interval, due)
    assert again.repeat_today
    done, record = review(again, 4, now=later + timedelta(minutes=1), today=today)
    assert record.same_day_repeat and not done.repeat_today
    assert (done.ef_centi, done.interval_days, done.due) == (ef, interval, due)
    assert not is_due(done, today)


def test_unfinished_repeat_does_not_leak_into_next_day() -> None:
    today = START.date()
    state, _ = review(CardState(), 2, now=START, today=today)
    tomorrow = today + timedelta(days=1)
    after, record = review(state, 5, now=START + timedelta(days=1), today=tomorrow)
    assert not record.same_day_repeat
    assert after.repetitions == 1


def test_review_does_not_mutate_and_checks_inputs() -> None:
    state = CardState()
    review(state, 4, now=START, today=START.date())
    assert state == CardState()
    with pytest.raises(ValueError):
        review(state, 6, now=START, today=START.date())
    with pytest.raises(ValueError):
        review(state, 3, now=datetime(2026, 1, 1), today=START.date())


def test_preview_matches_review() -> None:
    state = CardState(repetitions=2, ef_centi=250, interval_days=6, due=date(2026, 1, 10))
    labels = preview(state, today=date(2026, 1, 10))
    assert labels == {0: None, 1: None, 2: None, 3: None, 4: 15, 5: 15}, "below 4: again today"


def _preview_by_review(state: CardState, today: date, max_interval: int) -> dict[int, int | None]:
    """preview's meaning: each grade's state built by review, read."""
    out: dict[int, int | None] = {}
    for grade in range(6):
        after, _ = review(state, grade, now=START, today=today, max_interval=max_interval)
        out[grade] = None if after.repeat_today or after.due is None else (after.due - today).days
    return out


_DAYS = st.dates(date(2020, 1, 1), date(2040, 1, 1))


@settings(max_examples=80, deadline=None)
@given(
    st.builds(
        CardState,
        repetitions=st.integers(0, 30),
        ef_centi=st.integers(130, 400),
        interval_days=st.integers(0, 40_000),
        due=st.none() | _DAYS | st.just(date.max),
        last_day=st.none() | _DAYS,
        repeat_today=st.booleans(),
    ),
    _DAYS,
    st.integers(1, 40_000),
    st.booleans(),
)
def test_preview_is_what_review_would_schedule(
    state: CardState, today: date, max_interval: int, same_day: bool
) -> None:
    """Any state, answered again the same day or not, under any ceiling; near date.max too."""
    if same_day:
        state = CardState(**{**state.__dict__, "last_day": today})
    assert preview(state, today=today, max_interval=max_interval) == _preview_by_review(
        state, today, max_interval
    )
    far = date.max - timedelta(days=max_interval // 2)  # intervals past the last date stop at it
    assert preview(state, today=far, max_interval=max_interval) == _preview_by_review(
        state, far, max_interval
    )


def test_state_round_trips_through_dict() -> None:
    state, _ = review(CardState(), 4, now=START, today=START.date())
    assert CardState.from_dict(state.to_dict()) == state


@pytest.mark.parametrize(
    ("local_time", "expected_day"),
    [
        (datetime(2026, 3, 10, 1, 0), date(2026, 3, 9)),
        (datetime(2026, 3, 10, 3, 59), date(2026, 3, 9)),
        (datetime(2026, 3, 10, 4, 0), date(2026, 3, 10)),
        (datetime(2026, 3, 10, 23, 0), date(2026, 3, 10)),
    ],
)
def test_study_day_starts_at_4am_local(local_time: datetime, expected_day: date) -> None:
    tz = timezone(timedelta(hours=-5))
    clock = StudyClock(day_start_hour=4, tz=tz)
    assert clock.today(local_time.replace(tzinfo=tz).astimezone(UTC)) == expected_day


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 5), min_size=1, max_size=40), st.lists(st.booleans(), max_size=40))
def test_ef_floor_and_interval_floor(grades: list[int], same_day: list[bool]) -> None:
    state = CardState()
    now = START
    for i, grade in enumerate(grades):
        stay = i < len(same_day) and same_day[i]
        if not stay and state.due is not None:
            now = datetime.combine(state.due, now.timetz())
        today = now.date()
        state, record = review(state, grade, now=now, today=today)
        assert state.ef_centi >= 130
        assert state.interval_days >= 1
        assert state.due is not None and state.due > today
        assert record.after == state
        now += timedelta(minutes=1)
