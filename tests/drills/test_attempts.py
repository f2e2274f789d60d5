"""Drill attempts: grade mapping, one-transaction storage, and drill kinds in the daily review."""

from __future__ import annotations

import pytest

from drills.attempts import Attempt, attempts, drill_key, judge, record_attempt
from drills.generator import check, generate
from engine.answers import Verdict
from engine.app import Study, StudyItem
from engine.grades import Grade, grade_for
from engine.store import repo
from engine.studyday import StudyClock


@pytest.mark.parametrize(
    ("verdict", "seconds", "timed_out", "grade"),
    [
        (Verdict.CORRECT, 30, False, 5),
        (Verdict.CORRECT, 60, False, 5),
        (Verdict.CORRECT, 61, False, 4),
        (Verdict.CLOSE, 10, False, 3),
        (Verdict.WRONG, 10, False, 1),
        (Verdict.WRONG_UNIT, 10, False, 1),
        (Verdict.WRONG, 120, True, 0),
    ],
)
def test_grade_mapping(verdict: Verdict, seconds: float, timed_out: bool, grade: int) -> None:
    assert grade_for(verdict, seconds, 120, timed_out=timed_out) is Grade(grade)


def test_unreadable_is_not_an_attempt() -> None:
    with pytest.raises(ValueError):
        grade_for(Verdict.UNREADABLE, 5, 120)
    drill = generate("kv-cache", 7)
    with pytest.raises(ValueError):
        judge(drill, check(drill, "banana"), 5, 120)


def make_study(store, clock, items=()) -> Study:
    return Study(store, items, clock=StudyClock(tz=clock().tzinfo), now=clock)


def test_attempt_is_stored_with_its_schedule(store, clock) -> None:
    drill = generate("kv-cache", 7)
    outcome = record_attempt(
        make_study(store, clock), Attempt(drill, "1 GB", check(drill, "1 GB"), 12.5, 120)
    )
    assert outcome.verdict is Verdict.WRONG and outcome.grade is Grade.NOT_AT_ALL
    (stored,) = attempts(store)
    assert (stored.kind, stored.seed, stored.verdict, stored.grade) == ("kv-cache", 7, Verdict.WRONG, 1)
    assert stored.params["batch"] == {"value": drill.value("batch"), "unit": ""}
    assert (stored.given, stored.seconds, stored.attempted_at) == ("1 GB", 12.5, clock())
    state = repo.load_state(store, drill_key("kv-cache"))
    assert state.interval_days == 1 and state.repeat_today
    (log,) = repo.review_log(store, drill_key("kv-cache"))
    assert log.grade == 1 and log.record.reviewed_at == stored.attempted_at


def test_timed_out_attempt_grades_zero(store, clock) -> None:
    outcome = record_attempt(
        make_study(store, clock), Attempt(generate("pipeline-bubble", 1), "", None, 120, 120)
    )
    assert outcome.timed_out and outcome.grade is Grade.BLACKOUT and not outcome.correct
    (stored,) = attempts(store, "pipeline-bubble")
    assert stored.timed_out and stored.grade == 0


def test_weak_drill_kind_comes_back_in_daily_review(store, clock) -> None:
    items = [
        StudyItem("d/a", "d"),
        StudyItem(drill_key("kv-cache"), "drills", new_in_review=False),
        StudyItem(drill_key("bubble"), "drills", new_in_review=False),
    ]
    study = make_study(store, clock, items)
    assert study.session(None).queue == ["d/a"], "unattempted drill kinds are not 'new' cards"
    drill = generate("kv-cache", 7)
    record_attempt(study, Attempt(drill, "1 GB", check(drill, "1 GB"), 12.5, 120))
    clock.advance(days=1)
    assert drill_key("kv-cache") in study.session(None).queue
    counts = {c.deck_id: c for c in study.counts(["d", "drills"])}
    assert counts["drills"].due == 1 and counts["drills"].new == 0
    assert counts[None].total == 1, "drill kinds are not counted among the cards"
