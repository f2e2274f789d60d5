"""The stats module on a generated history with fixed dates, in a real SQLite file."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from typing import Any

import pytest
import sqlalchemy as sa

from engine.exam_log import ExamRecord, SectionScore, record_exam
from engine.stats import Period, compute_stats
from engine.store.database import Store
from engine.store.models import CardStateRow, DrillAttemptRow, ReviewRow

TODAY = date(2026, 3, 2)


def _state(interval: int) -> dict[str, Any]:
    return {"repetitions": 3, "ef_centi": 250, "interval_days": interval, "due": None}


def review(
    day: date,
    grade: int,
    *,
    interval: int = 5,
    deck: str = "d",
    key: str = "d/c1",
    new: bool = False,
    repeat: bool = False,
    seconds: float = 10.0,
) -> dict[str, Any]:
    at = datetime(day.year, day.month, day.day, 12, tzinfo=UTC)
    return {
        "card_key": key,
        "deck_id": deck,
        "reviewed_at": at,
        "study_day": day,
        "grade": grade,
        "seconds": seconds,
        "same_day_repeat": repeat,
        "was_new": new,
        "state_before": _state(interval),
        "state_after": _state(interval),
    }


def card(
    key: str, *, interval: int, reps: int = 3, ef: int = 250, due: date | None, deck: str = "d"
) -> dict[str, Any]:
    return {
        "card_key": key,
        "deck_id": deck,
        "repetitions": reps,
        "ef_centi": ef,
        "interval_days": interval,
        "due_day": due,
        "last_review_at": None,
        "last_day": None,
        "repeat_today": False,
    }


def attempt(day: date, kind: str, verdict: str, seconds: float) -> dict[str, Any]:
    return {
        "kind": kind,
        "seed": 1,
        "params": {},
        "given": "",
        "verdict": verdict,
        "expected": 1.0,
        "unit": "GB",
        "relative_error": None,
        "seconds": seconds,
        "timed_out": False,
        "grade": 5 if verdict == "correct" else 1,
        "attempted_at": datetime(day.year, day.month, day.day, 12, tzinfo=UTC),
        "study_day": day,
    }


def insert(store: Store, table: Any, rows: list[dict[str, Any]]) -> None:
    with store.sessions.begin() as session:
        session.execute(sa.insert(table), rows)


@pytest.fixture
def history(store: Store) -> Store:
    def day(days: int) -> date:
        return TODAY - timedelta(days=days)

    reviews = [
        # today: young pass, young fail, a same-day repeat and a new card (both outside retention)
        review(TODAY, 4, interval=5),
        review(TODAY, 2, interval=20),
        review(TODAY, 4, interval=20, repeat=True),
        review(TODAY, 5, new=True, interval=0),
        # yesterday: mature pass (interval exactly 21) and mature fail
        review(day(days=1), 3, interval=21, seconds=30.0),
        review(day(days=1), 1, interval=100, seconds=30.0),
        # 2 days ago nothing (breaks the streak); 10 days ago: in month, not week
        review(day(days=10), 5, interval=40),
        # 200 days ago: in year only; 400 days ago: outside the heatmap
        review(day(days=200), 0, interval=3),
        review(day(days=400), 5, interval=3),
        # another deck today
        review(TODAY, 5, interval=50, deck="other", key="other/x"),
    ]
    insert(store, ReviewRow, reviews)
    cards = [
        card("d/a", interval=1, reps=1, due=TODAY + timedelta(days=1)),
        card("d/b", interval=4, due=TODAY + timedelta(days=1)),
        card("d/c", interval=25, ef=180, due=TODAY + timedelta(days=25)),
        card("d/e", interval=100, ef=130, due=TODAY - timedelta(days=3)),
        card("d/f", interval=6, reps=0, due=TODAY),
        card("other/x", interval=50, due=TODAY + timedelta(days=2), deck="other"),
    ]
    insert(store, CardStateRow, cards)
    attempts = [
        attempt(TODAY, "kv-cache", "correct", 10),
        attempt(TODAY, "kv-cache", "wrong", 30),
        attempt(TODAY, "kv-cache", "correct", 20),
        attempt(day(days=1), "kv-cache", "correct", 40),
        attempt(TODAY, "bubble", "wrong", 5),
        attempt(TODAY, "bubble", "close", 7),
        attempt(day(days=60), "bubble", "correct", 99),
    ]
    insert(store, DrillAttemptRow, attempts)
    return store


def test_heatmap_streak_and_days_studied(history: Store) -> None:
    stats = compute_stats(history, TODAY)
    counts = {d.day: d.count for d in stats.activity.days}
    assert counts == {
        TODAY: 5,
        TODAY - timedelta(days=1): 2,
        TODAY - timedelta(days=10): 1,
        TODAY - timedelta(days=200): 1,
    }
    assert stats.activity.streak == 2
    assert stats.activity.days_studied == 4
    assert stats.activity.answers == 9


def test_streak_counts_up_to_yesterday_when_nothing_yet_today(history: Store) -> None:
    assert compute_stats(history, TODAY + timedelta(days=1)).activity.streak == 2
    assert compute_stats(history, TODAY + timedelta(days=2)).activity.streak == 0


def test_future_due_per_day_overdue_and_daily_load(history: Store) -> None:
    stats = compute_stats(history, TODAY, deck_id="d", future_days=30)
    future = stats.future
    assert len(future.per_day) == 30
    assert future.per_day[0] == 2  # tomorrow: d/a and d/b
    assert future.per_day[24] == 1  # d/c in 25 days
    assert sum(future.per_day) == 3
    assert future.overdue == 2  # d/e three days late, d/f due today
    assert future.daily_load == pytest.approx(1 / 1 + 1 / 4 + 1 / 25 + 1 / 100 + 1 / 6)
    everything = compute_stats(history, TODAY, future_days=30).future
    assert everything.per_day[1] == 1  # other/x
    assert everything.daily_load == pytest.approx(future.daily_load + 1 / 50)


def test_true_retention_counts_first_scheduled_answers_split_at_21_days(history: Store) -> None:
    stats = compute_stats(history, TODAY, deck_id="d")
    by_label = {r.label: r for r in stats.retention}
    today = by_label["today"]
    assert (today.young_passed, today.young_total) == (1, 2)  # the repeat and the new card are left out
    assert (today.mature_passed, today.mature_total) == (0, 0)
    week = by_label["week"]
    assert (week.young_passed, week.young_total, week.mature_passed, week.mature_total) == (1, 2, 1, 2)
    assert week.mature == pytest.approx(0.5)
    month = by_label["month"]
    assert (month.mature_passed, month.mature_total) == (2, 3)
    year = by_label["year"]
    assert (year.young_passed, year.young_total) == (1, 3)  # grade 0 two hundred days ago fails
    assert year.total == pytest.approx(3 / 6)


def test_grades_and_review_time_follow_the_period(history: Store) -> None:
    week = compute_stats(history, TODAY, deck_id="d", period=Period.WEEK)
    assert week.grades == (0, 1, 1, 1, 2, 1)
    assert [(t.day, t.answers, t.seconds) for t in week.review_time] == [
        (TODAY - timedelta(days=1), 2, 60.0),
        (TODAY, 4, 40.0),
    ]
    year = compute_stats(history, TODAY, deck_id="d", period=Period.YEAR)
    assert year.grades[0] == 1
    assert compute_stats(history, TODAY, deck_id="d", period=Period.ALL).grades[5] == 3


def test_interval_ease_histograms_and_counts_by_state(history: Store) -> None:
    stats = compute_stats(history, TODAY, deck_id="d", total_cards=12)
    intervals = {b.label: b.count for b in stats.intervals}
    assert intervals["1d–2d"] == 1
    assert intervals["4d–7d"] == 2  # 4 and 6
    assert intervals["21d–30d"] == 1
    assert intervals["90d–180d"] == 1
    ease = {b.label: b.count for b in stats.ease}
    assert ease["1.3–1.5"] == 1 and ease["1.7–1.9"] == 1 and ease["2.5–2.7"] == 3
    counts = stats.counts
    assert (counts.new, counts.learning, counts.young, counts.mature) == (7, 2, 1, 2)
    assert (counts.suspended, counts.leech, counts.flags_tracked) == (0, 0, True)


def test_drill_accuracy_median_weakest_and_sprints(history: Store) -> None:
    stats = compute_stats(history, TODAY, period=Period.WEEK)
    kinds = {k.kind: k for k in stats.drills.kinds}
    assert (kinds["kv-cache"].attempts, kinds["kv-cache"].correct) == (4, 3)
    assert kinds["kv-cache"].median_seconds == pytest.approx(25.0)  # 10, 20, 30, 40
    assert (kinds["bubble"].attempts, kinds["bubble"].correct) == (2, 0)  # 60 days ago is outside
    assert kinds["bubble"].median_seconds == pytest.approx(6.0)
    assert stats.drills.weakest(1)[0].kind == "bubble"
    today = next(k for k in stats.drills.over_time if k.day == TODAY and k.kind == "kv-cache")
    assert (today.attempts, today.correct, today.median_seconds) == (3, 2, 20.0)
    assert [(s.day, s.correct, s.attempts) for s in stats.drills.sprints] == [
        (TODAY - timedelta(days=1), 1, 1),
        (TODAY, 2, 5),
    ]
    assert compute_stats(history, TODAY, period=Period.QUARTER).drills.kinds[0].attempts == 3


def test_exam_history_oldest_first_per_deck(store: Store) -> None:
    for i, (deck, right) in enumerate([("grill", 20), ("grill", 31), ("other", 3), ("grill", 44)]):
        taken = datetime(2026, 2, 1 + i, 9, tzinfo=UTC)
        record_exam(
            store,
            ExamRecord(deck, taken, taken.date(), 60, right, 900.0, ("q01",), (SectionScore("1–15", 9, 15),)),
        )
    grill = compute_stats(store, TODAY, deck_id="grill").exams
    assert [(e.right, e.asked) for e in grill] == [(20, 60), (31, 60), (44, 60)]
    assert len(compute_stats(store, TODAY).exams) == 4


def test_empty_store_gives_zeros(store: Store) -> None:
    stats = compute_stats(store, TODAY, total_cards=3)
    assert stats.activity.days == () and stats.activity.streak == 0
    assert stats.future.daily_load == 0.0 and sum(stats.future.per_day) == 0
    assert all(r.total is None for r in stats.retention)
    assert stats.counts.new == 3 and stats.drills.kinds == ()


def test_named_slips_of_the_period_most_frequent_first(history: Store) -> None:
    slips = [
        ("k-only", TODAY),
        ("k-only", TODAY),
        ("gib-gb", TODAY),
        ("bits-bytes", TODAY - timedelta(days=60)),
    ]
    rows = [{**attempt(when, "kv-cache", "wrong", 9), "slip": slip} for slip, when in slips]
    insert(history, DrillAttemptRow, rows)
    stats = compute_stats(history, TODAY, period=Period.MONTH)
    assert [(s.slip, s.count) for s in stats.drills.slips] == [("k-only", 2), ("gib-gb", 1)]
