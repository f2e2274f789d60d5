"""The interview's plan, sitting and report as pure functions, with fixed values."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from engine.interview import (
    DrillOutcome,
    InterviewSession,
    OpenQuestion,
    PlanError,
    Seen,
    Track,
    kinds_at,
    plan_interview,
)
from engine.interview_report import InterviewRecord, compared, seen_from
from engine.rubric import RubricPoint

POINTS = (
    RubricPoint("a", essential=True),
    RubricPoint("b"),
    RubricPoint("c"),
    RubricPoint("d"),
    RubricPoint("e"),
)


def _q(key: str, track: Track = Track.TRAINING, drills: tuple[str, ...] = ()) -> OpenQuestion:
    return OpenQuestion(key, "front", "back", key.split("/")[0], track, POINTS, drills)


POOL = [_q(f"t/{i}", drills=("k1", "k2", "k3")) for i in range(8)] + [
    _q(f"s/{i}", Track.SERVING) for i in range(3)
]


def test_least_seen_then_worst_covered_first() -> None:
    seen = {f"t/{i}": Seen(1, 0.9) for i in range(8)}
    seen["t/3"] = Seen(1, 0.2)
    seen["t/6"] = Seen(0, 0.0)
    plan = plan_interview(POOL, Track.TRAINING, 30, seen=seen, kinds={"k1", "k2"}, seed=0)
    keys = [q.question.key for q in plan.questions]
    assert keys[:2] == ["t/6", "t/3"]
    assert len(keys) == 5
    assert all({k for k, _ in q.drills} == {"k1", "k2"} for q in plan.questions)  # k3 not allowed


def test_mixed_alternates_tracks_and_lengths_set_the_count() -> None:
    plan = plan_interview(POOL, Track.MIXED, 45, seed=1)
    assert [q.question.track for q in plan.questions][:6] == [Track.TRAINING, Track.SERVING] * 3
    assert len(plan.questions) == 7 and plan.questions[0].guide_seconds == 45 * 60 // 7
    assert len(plan_interview(POOL, Track.TRAINING, 60, seed=1).questions) == 8  # the pool runs out
    with pytest.raises(PlanError, match="no open question"):
        plan_interview([_q("t/0")], Track.SERVING, 30)


def test_levels_include_the_easier_ones() -> None:
    levels = {"a": "warm-up", "b": "interview", "c": "senior"}
    assert kinds_at(levels, "warm-up") == ["a"]
    assert kinds_at(levels, "interview") == ["a", "b"]
    assert kinds_at(levels, "senior") == kinds_at(levels, "any") == ["a", "b", "c"]


def test_a_sitting_answers_ticks_drills_and_skips() -> None:
    plan = plan_interview(POOL[:2], Track.TRAINING, 30, kinds={"k1"}, seed=2)
    session = InterviewSession(plan)
    session.toggle(1)
    session.toggle(2)
    session.toggle(2)  # untick
    assert session.coverage().percent == 20
    session.answer(100.0, "  notes  ")
    assert session.pending_drill is not None and session.pending_drill[0] == "k1"
    with pytest.raises(LookupError):
        session.answer(1.0)
    session.drill_done(DrillOutcome("k1", "wrong", 30.0, "bits-bytes"))
    session.skip(5.0)
    assert session.finished
    first, second = session.outcomes
    assert (first.share, first.grade, first.missed, first.notes) == (0.2, 1, ("a", "c", "d", "e"), "notes")
    assert first.drills == (DrillOutcome("k1", "wrong", 30.0, "bits-bytes"),)
    assert second.skipped and second.share == 0.0 and second.drills == ()


def _record(shares: list[float], verdicts: list[str], day: int = 1) -> InterviewRecord:
    from engine.interview import QuestionOutcome

    questions = tuple(
        QuestionOutcome(
            f"d/{i}",
            "Topic" if i % 2 == 0 else "Other",
            s,
            5,
            60.0,
            360,
            (),
            "",
            drills=tuple(DrillOutcome("k", v, 10.0) for v in verdicts[i : i + 1]),
        )
        for i, s in enumerate(shares)
    )
    return InterviewRecord(
        datetime(2026, 1, day, tzinfo=UTC), date(2026, 1, day), Track.TRAINING, 30, "any", 600.0, questions
    )


def test_the_report_weighs_coverage_and_drills_alike() -> None:
    r = _record([1.0, 0.6, 0.4], ["correct", "wrong", "correct"])
    assert r.coverage == pytest.approx(2 / 3)
    assert (r.drills_right, r.drills_asked) == (2, 3)
    assert r.score == pytest.approx((2 / 3 + 2 / 3) / 2)
    assert [(t.topic, t.questions, t.drills_right) for t in r.topics()] == [("Topic", 2, 2), ("Other", 1, 0)]
    assert r.study_cards() == ("d/1", "d/2")
    assert r.study_kinds() == ("k",)
    assert _record([0.5], []).score == 0.5  # no drill asked: coverage alone
    earlier = _record([0.5], [], day=1)
    assert compared(_record([0.9], [], day=2), [earlier]) == "90% vs 50% on 2026-01-01 (+40 points)"
    assert seen_from([earlier, _record([0.7], [], day=2)]) == {"d/0": Seen(2, 0.6)}


def test_skipping_a_question_without_drills_moves_on_once() -> None:
    plan = plan_interview([_q("t/0"), _q("t/1")], Track.TRAINING, 30, seed=3)
    assert all(not q.drills for q in plan.questions)
    session = InterviewSession(plan)
    session.skip(4.0)
    assert len(session.outcomes) == 1 and session.outcomes[0].skipped
    session.answer(10.0)
    assert session.finished and [o.skipped for o in session.outcomes] == [True, False]
