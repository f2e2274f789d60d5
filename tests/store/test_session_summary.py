"""A review session through engine.app: current() and answer(), undo restoring everything, and
today's totals counting a same-day repeat as an answer but not as a scheduled review."""

from __future__ import annotations

from engine.app import Grade, Limits, Study, StudyItem
from engine.store import repo
from engine.studyday import StudyClock


def make_study(store, clock, keys: list[str], **limits: int) -> Study:
    items = [StudyItem(k, k.split("/")[0]) for k in keys]
    return Study(store, items, clock=StudyClock(tz=clock().tzinfo), now=clock, limits=Limits(**limits))


def test_current_shows_the_item_and_every_grades_outcome_once(store, clock) -> None:
    session = make_study(store, clock, ["d/a", "d/b"]).session("d")
    current = session.current()
    assert current is not None and current.key == "d/a"
    assert set(current.outcomes) == set(Grade)
    assert current.outcomes[Grade.PERFECTLY] == 1 and current.outcomes[Grade.WELL] == 1, "a new card: 1 day"
    assert session.current() is current, "computed once per turn"
    assert current.prompt.front == "*(card d/a is no longer in its deck)*", "no source provides it"


def test_undo_restores_the_summary_counts_and_the_queue(store, clock) -> None:
    session = make_study(store, clock, ["d/a", "d/b"]).session("d")
    session.answer(Grade.PERFECTLY, 4.0)
    session.answer(Grade.BARELY, 6.0)
    assert session.summary.new_cards == 2 and session.summary.answered == 2
    assert session.queue == ["d/b"], "a grade below 4 comes back today"
    assert session.undo() == "d/b"
    summary = session.summary
    assert (summary.answered, summary.new_cards, summary.seconds) == (1, 1, 4.0)
    assert summary.grades[Grade.BARELY] == 0 and summary.grades[Grade.PERFECTLY] == 1
    assert session.queue == ["d/b"] and session.done == 1
    assert repo.load_state(store, "d/b").is_new, "the state is restored too"
    assert session.undo() == "d/a"
    assert (session.summary.answered, session.summary.new_cards) == (0, 0)
    assert session.undo() is None


def test_same_day_repeats_are_answers_but_not_scheduled_reviews(store, clock) -> None:
    study = make_study(store, clock, ["d/a"], reviews_per_day=10)
    study.session("d").answer(Grade.PERFECTLY, 1.0)  # new today
    clock.advance(days=1)
    session = study.session("d")
    assert session.queue == ["d/a"]
    session.answer(Grade.BARELY, 1.0)  # the scheduled review, failed: comes back today
    session.answer(Grade.BARELY, 1.0)  # same-day repeat
    session.answer(Grade.WELL, 1.0)  # same-day repeat, passed
    totals = study.totals()
    assert (totals.reviews, totals.new_cards, totals.scheduled_reviews) == (3, 0, 1)
    assert study.remaining() == (20, 9)


def test_undo_of_a_review_restores_the_state_before_it(store, clock) -> None:
    study = make_study(store, clock, ["d/a"])
    study.session("d").answer(Grade.PERFECTLY, 1.0)
    before = repo.load_state(store, "d/a")
    clock.advance(days=1)
    session = study.session("d")
    session.answer(Grade.WELL, 1.0)
    assert repo.load_state(store, "d/a") != before
    assert session.undo() == "d/a"
    assert repo.load_state(store, "d/a") == before
    assert [log.grade for log in repo.review_log(store, "d/a")] == [5]


def test_new_cards_are_capped_by_what_today_still_allows(store, clock) -> None:
    keys = [f"d/c{i}" for i in range(5)]
    study = make_study(store, clock, keys, new_per_day=3)
    assert study.session("d").queue == keys[:3]
    study.session("d").answer(Grade.WELL, 1.0)
    assert study.session("d").queue == keys[1:3], "one of today's three is used"
    assert [c.new for c in study.counts(["d"])] == [2, 2]
