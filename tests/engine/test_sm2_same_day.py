"""The same-day rule on the pure scheduler: one SM-2 step per item per study day (golden vectors)."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.sm2 import CardState, is_due, preview, review

DAY = date(2026, 1, 5)
START = datetime(2026, 1, 5, 12, 30, tzinfo=UTC)


def answer_all(state: CardState, grades: list[int], day: date = DAY) -> tuple[CardState, list[bool]]:
    """Answer each grade a minute apart on one study day; returns the state and which were repeats."""
    repeats = []
    now = datetime.combine(day, START.timetz())
    for grade in grades:
        state, record = review(state, grade, now=now, today=day)
        assert record.after == state
        repeats.append(record.same_day_repeat)
        now += timedelta(minutes=1)
    return state, repeats


def schedule(state: CardState) -> tuple[int, int, int, date | None, bool]:
    return (state.repetitions, state.ef_centi, state.interval_days, state.due, state.repeat_today)


@pytest.mark.parametrize(
    ("name", "start", "grades", "expected"),
    [
        # a new card, then studied ahead twice the same day: due tomorrow, not in 16 days
        ("new card, study ahead twice", CardState(), [5, 5, 5], (1, 260, 1, DAY + timedelta(days=1), False)),
        # a card not yet due, studied ahead twice: the first answer is the day's review (6 x 2.5 = 15)
        (
            "review card, study ahead twice",
            CardState(repetitions=2, ef_centi=250, interval_days=6, due=DAY + timedelta(days=3)),
            [4, 5],
            (3, 250, 15, DAY + timedelta(days=15), False),
        ),
        # five correct drills of one kind in a session: one step (1 day), not 130 days
        (
            "five drills of one kind",
            CardState(),
            [5, 5, 5, 5, 5],
            (1, 260, 1, DAY + timedelta(days=1), False),
        ),
        # a timeout after a correct drill: EF stays 2.60 (not 1.80), and the kind comes back today
        ("correct then timeout", CardState(), [5, 0], (1, 260, 1, DAY + timedelta(days=1), True)),
        # fail, pass, fail: only the first failure moves EF (2.50 -> 1.96); the last brings it back
        ("fail then pass then fail", CardState(), [1, 4, 1], (0, 196, 1, DAY + timedelta(days=1), True)),
    ],
)
def test_golden_same_day(
    name: str, start: CardState, grades: list[int], expected: tuple[int, int, int, date, bool]
) -> None:
    state, repeats = answer_all(start, grades)
    assert schedule(state) == expected, name
    assert repeats == [False] + [True] * (len(grades) - 1)
    assert is_due(state, DAY) == expected[4]


def test_next_day_is_a_normal_review_again() -> None:
    state, _ = answer_all(CardState(), [5, 5, 5, 5, 5])
    tomorrow = DAY + timedelta(days=1)
    after, repeats = answer_all(state, [5, 5], day=tomorrow)
    assert repeats == [False, True]
    assert (after.repetitions, after.ef_centi, after.interval_days) == (2, 270, 6)


def test_pass_with_effort_after_a_pass_does_not_bring_it_back() -> None:
    state, _ = answer_all(CardState(), [5, 3])
    assert not state.repeat_today and not is_due(state, DAY)
    relearning, _ = answer_all(CardState(), [3, 3])
    assert relearning.repeat_today, "graded below 4 in today's review: back until it scores 4"
    done, _ = answer_all(CardState(), [3, 3, 4])
    assert not done.repeat_today


def test_preview_labels_grades_that_come_back_today() -> None:
    fresh = preview(CardState(), today=DAY)
    assert fresh == {0: None, 1: None, 2: None, 3: None, 4: 1, 5: 1}
    seen, _ = answer_all(CardState(), [5])
    later = preview(seen, today=DAY)
    assert later == {0: None, 1: None, 2: None, 3: 1, 4: 1, 5: 1}, "a later answer moves nothing"


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 5), st.integers(0, 3)), min_size=1, max_size=40))
def test_at_most_one_step_per_study_day(answers: list[tuple[int, int]]) -> None:
    state = CardState()
    day = DAY
    steps: dict[date, int] = {}
    for grade, days_later in answers:
        day += timedelta(days=days_later)
        now = datetime.combine(day, START.timetz())
        before = state
        state, record = review(state, grade, now=now, today=day)
        if record.same_day_repeat:
            assert schedule(state)[:4] == schedule(before)[:4]
            assert state.repeat_today == (grade < 3 or (before.repeat_today and grade < 4))
        else:
            steps[day] = steps.get(day, 0) + 1
        assert steps.get(day, 0) <= 1
