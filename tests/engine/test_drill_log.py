"""Drill attempts: grade mapping, one-transaction storage, and drill kinds in the daily review."""

from __future__ import annotations

import pytest

from engine.drill_log import Attempt, attempts, drill_key, grade_for, record_attempt
from engine.store import repo
from engine.study import Study, StudyItem
from engine.studyday import StudyClock


@pytest.mark.parametrize(
    ("verdict", "seconds", "timed_out", "grade"),
    [
        ("correct", 30, False, 5),
        ("correct", 60, False, 5),
        ("correct", 61, False, 4),
        ("close", 10, False, 3),
        ("wrong", 10, False, 1),
        ("wrong_unit", 10, False, 1),
        ("wrong", 120, True, 0),
    ],
)
def test_grade_mapping(verdict: str, seconds: float, timed_out: bool, grade: int) -> None:
    assert grade_for(verdict, seconds, 120, timed_out=timed_out) == grade


def test_unreadable_is_not_an_attempt() -> None:
    with pytest.raises(ValueError):
        grade_for("unreadable", 5, 120)


def make_attempt(clock, kind: str = "kv-cache", verdict: str = "wrong", grade: int = 1) -> Attempt:
    now = clock()
    return Attempt(
        kind,
        7,
        {"batch": {"value": 8, "unit": ""}},
        "1 GB",
        verdict,
        1.07e9,
        "GB",
        0.07,
        12.5,
        False,
        grade,
        now,
        StudyClock(tz=now.tzinfo).today(now),
    )


def test_attempt_is_stored_with_its_schedule(store, clock) -> None:
    record_attempt(store, make_attempt(clock))
    (stored,) = attempts(store)
    assert (stored.kind, stored.seed, stored.verdict, stored.grade) == ("kv-cache", 7, "wrong", 1)
    assert stored.params == {"batch": {"value": 8, "unit": ""}}
    state = repo.load_state(store, drill_key("kv-cache"))
    assert state.interval_days == 1 and state.repeat_today
    (log,) = repo.review_log(store, drill_key("kv-cache"))
    assert log.grade == 1


def test_weak_drill_kind_comes_back_in_daily_review(store, clock) -> None:
    items = [
        StudyItem("d/a", "d"),
        StudyItem(drill_key("kv-cache"), "drills"),
        StudyItem(drill_key("bubble"), "drills"),
    ]
    study = Study(store, items, clock=StudyClock(tz=clock().tzinfo), now=clock)
    assert study.session(None).queue == ["d/a"], "unattempted drill kinds are not 'new' cards"
    record_attempt(store, make_attempt(clock))
    clock.advance(days=1)
    assert drill_key("kv-cache") in study.session(None).queue
    counts = {c.deck_id: c for c in study.counts(["d", "drills"])}
    assert counts["drills"].due == 1 and counts["drills"].new == 0
