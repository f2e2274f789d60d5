"""The same-day rule through the store: review sessions and drill attempts on a real SQLite file."""

from __future__ import annotations

from datetime import timedelta

from drills.attempts import drill_key
from engine.answers import Verdict
from engine.app import Grade, Study, StudyItem
from engine.store import repo
from engine.store.attempts import StoredAttempt
from engine.studyday import StudyClock

CARD = "d/a"


def make_study(store, clock) -> Study:
    items = [
        StudyItem(CARD, "d"),
        StudyItem("e/b", "e"),
        StudyItem(drill_key("kv-cache"), "drills", new_in_review=False),
    ]
    return Study(store, items, clock=StudyClock(tz=clock().tzinfo), now=clock)


def answer_card(study: Study, grade: int, *, ahead: bool = False) -> None:
    session = study.session("d", ahead=ahead)
    current = session.current()
    assert current is not None and current.key == CARD, session.queue
    session.answer(Grade(grade), 3.0)


def stored(store, key: str) -> tuple[int, int, int, object, bool]:
    state = repo.load_state(store, key)
    return (state.repetitions, state.ef_centi, state.interval_days, state.due, state.repeat_today)


def record_attempt(study: Study, grade: int, *, timed_out: bool = False) -> None:
    """Store one kv-cache attempt with `grade` and schedule the kind, as a drill session does."""
    at = study.moment()
    verdict = Verdict.CORRECT if grade >= 4 else Verdict.WRONG
    fields = dict(kind="kv-cache", seed=1, params={}, given="", expected=1.0, unit="GB")
    attempt = StoredAttempt(
        **fields,
        verdict=verdict,
        relative_error=None,
        seconds=5.0,
        timed_out=timed_out,
        grade=grade,
        attempted_at=at.now,
        study_day=at.today,
    )
    study.answer(drill_key("kv-cache"), Grade(grade), 5.0, at=at, attempt=attempt)


def test_study_ahead_twice_after_a_review_changes_nothing(store, clock) -> None:
    study = make_study(store, clock)
    today = study.today()
    answer_card(study, 5)
    for _ in range(2):
        clock.advance(minutes=1)
        answer_card(study, 5, ahead=True)
    assert stored(store, CARD) == (1, 260, 1, today + timedelta(days=1), False)
    log = repo.review_log(store, CARD)
    assert [entry.record.same_day_repeat for entry in log] == [False, True, True]
    totals = study.totals()
    assert (totals.reviews, totals.new_cards, totals.scheduled_reviews) == (3, 1, 0)


def test_same_day_repeats_do_not_use_up_the_review_limit(store, clock) -> None:
    study = make_study(store, clock)
    answer_card(study, 5)
    clock.advance(days=1)
    answer_card(study, 5)  # the day's review of a due card
    for _ in range(3):
        clock.advance(minutes=1)
        answer_card(study, 5, ahead=True)
    totals = study.totals()
    assert (totals.reviews, totals.new_cards, totals.scheduled_reviews) == (4, 0, 1)
    assert study.remaining()[1] == study.limits.reviews_per_day - 1
    assert stored(store, CARD)[:3] == (2, 270, 6)


def test_five_drills_of_one_kind_step_once(store, clock) -> None:
    study = make_study(store, clock)
    today = study.today()
    for _ in range(5):
        record_attempt(study, 5)
        clock.advance(minutes=2)
    assert stored(store, drill_key("kv-cache")) == (1, 260, 1, today + timedelta(days=1), False)
    assert len(repo.review_log(store, drill_key("kv-cache"))) == 5


def test_correct_then_timeout_keeps_ef_and_brings_the_kind_back(store, clock) -> None:
    study = make_study(store, clock)
    today = study.today()
    record_attempt(study, 5)
    clock.advance(minutes=2)
    record_attempt(study, 0, timed_out=True)
    assert stored(store, drill_key("kv-cache")) == (1, 260, 1, today + timedelta(days=1), True)
    assert drill_key("kv-cache") in study.session(None).queue


def test_fail_then_pass_then_fail_in_a_review_session(store, clock) -> None:
    study = make_study(store, clock)
    today = study.today()
    session = study.session(None)
    assert session.queue == [CARD, "e/b"]
    session.answer(Grade(1), 2.0)  # back at the end of the queue
    session.answer(Grade(5), 2.0)  # e/b
    current = session.current()
    assert current is not None and current.key == CARD
    session.answer(Grade(4), 2.0)
    assert session.current() is None
    assert stored(store, CARD) == (0, 196, 1, today + timedelta(days=1), False)
    clock.advance(minutes=5)
    answer_card(study, 1, ahead=True)  # a failure later the same day: back today, EF untouched
    assert stored(store, CARD) == (0, 196, 1, today + timedelta(days=1), True)
    assert CARD in study.session("d").queue
    log = repo.review_log(store, CARD)
    assert [(e.grade, e.record.same_day_repeat) for e in log] == [(1, False), (4, True), (1, True)]
