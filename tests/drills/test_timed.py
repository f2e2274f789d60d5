"""The timed sitting, headless: session clock caps each drill, score and streak, again, slips, presets."""

from __future__ import annotations

import random

from drills.attempts import hinted_grade
from drills.session import DrillSession, Plan
from drills.timed import (
    SPRINT_SECONDS,
    Sitting,
    Turn,
    sprint_plan,
    weak_kinds,
)
from engine.grades import Grade

KINDS = ("kv-cache", "allreduce-time", "training-time")


def sitting(plan: Plan, per_drill: float = 30.0) -> Sitting:
    return Sitting(DrillSession(plan, random.Random(4)), per_drill)


def test_sprint_is_two_minutes_of_mixed_kinds() -> None:
    plan = sprint_plan(KINDS)
    assert plan.mixed and plan.budget_seconds == SPRINT_SECONDS == 120 and plan.count is None


def test_each_drill_is_capped_at_the_session_time_left() -> None:
    s = sitting(sprint_plan(KINDS), per_drill=45)
    assert s.limit(0) == 45
    assert s.limit(100) == 20  # 20 s of the sprint left
    assert s.limit(130) == 0 and s.next_item(130) is None
    assert "session 0:20 left" in s.status(100)
    counted = sitting(Plan(KINDS, count=3), per_drill=45)
    assert counted.limit(10_000) == 45 and counted.time_left(5) is None


def test_score_and_streak() -> None:
    s = sitting(Plan(KINDS, count=9))
    for correct in (True, True, False, True):
        s.record(Turn("kv-cache", correct, 5.0))
    assert (s.score, s.streak, s.best_streak) == (3, 1, 2)
    assert s.status(0).startswith("score 3  ·  streak 1")


def test_again_brings_the_same_kind_with_new_numbers() -> None:
    s = sitting(Plan(KINDS, count=5))
    first = s.next_item(0)
    assert first is not None
    s.again(first.kind)
    second = s.next_item(1)
    assert second is not None and second.kind == first.kind and second.seed != first.seed
    assert s.session.drawn == 2


def test_summary_has_score_accuracy_median_per_kind_and_slips() -> None:
    s = sitting(Plan(KINDS, count=9))
    s.record(Turn("kv-cache", False, 8.0, slip="k-only"))
    s.record(Turn("kv-cache", True, 4.0))
    s.record(Turn("kv-cache", False, 6.0, slip="k-only"))
    s.record(Turn("training-time", False, 20.0, gave_up=True))
    text = "\n".join(s.lines())
    assert "Score 1  ·  accuracy 25% (1 of 4)" in text and "1 given up" in text
    assert "kv-cache       1/3  6.0 s" in text
    assert "training-time  0/1  20.0 s" in text
    assert "2× looks like you counted K only" in text


def test_hint_costs_one_grade_step() -> None:
    assert [int(hinted_grade(Grade(g))) for g in (5, 4, 3, 1, 0)] == [4, 3, 2, 0, 0]


def test_weak_kinds_lowest_accuracy_and_most_overdue() -> None:
    history = [("kv-cache", False), ("kv-cache", True), ("amdahl", True), ("ttft", False), ("ttft", False)]
    overdue = {"tpot": 9.0, "amdahl": 1.0, "zero1-memory": -3.0}
    kinds = ["kv-cache", "amdahl", "ttft", "tpot", "zero1-memory"]
    assert weak_kinds(history, overdue, kinds, n=3) == ["ttft", "tpot", "kv-cache"]
    assert "zero1-memory" not in weak_kinds(history, overdue, kinds)  # not due yet
