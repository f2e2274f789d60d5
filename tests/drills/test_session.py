"""Drill session logic: plans from the setup form, seeded draws, stopping rules, summary math."""

from __future__ import annotations

import itertools
import random

import pytest

from drills.attempts import Result
from drills.session import DrillSession, Plan, PlanError, make_plan, parse_amount, summarize
from engine.answers import Verdict

KINDS = ("kv-cache", "allreduce-time", "pipeline-bubble")


def draws(plan: Plan, seed: int, elapsed: float = 0.0) -> list[tuple[str, int]]:
    session = DrillSession(plan, random.Random(seed))
    out = []
    while (item := session.next_item(elapsed)) is not None and len(out) < 50:
        out.append((item.kind, item.seed))
    return out


@pytest.mark.parametrize(
    ("text", "count", "budget"),
    [
        ("5", 5, None),
        (" 12 ", 12, None),
        ("10m", None, 600.0),
        ("10 min", None, 600.0),
        ("90s", None, 90.0),
        ("1.5m", None, 90.0),
        ("45 seconds", None, 45.0),
    ],
)
def test_parse_amount(text: str, count: int | None, budget: float | None) -> None:
    assert parse_amount(text) == (count, budget)


@pytest.mark.parametrize("text", ["", "five", "2.5", "10h", "-3", "3 drills"])
def test_parse_amount_refuses(text: str) -> None:
    with pytest.raises(PlanError):
        parse_amount(text)


def test_nothing_chosen_or_mixed_means_every_kind() -> None:
    for chosen in ([], ["mixed"], ["mixed", "kv-cache"]):
        plan = make_plan(KINDS, chosen, "3")
        assert plan.mixed and plan.kinds == KINDS and plan.count == 3


def test_chosen_kinds_are_kept_in_order_without_duplicates() -> None:
    plan = make_plan(KINDS, ["pipeline-bubble", "kv-cache", "pipeline-bubble"], "10m")
    assert not plan.mixed
    assert plan.kinds == ("pipeline-bubble", "kv-cache")
    assert plan.budget_seconds == 600 and plan.count is None


@pytest.mark.parametrize("amount", ["0", "501", "0s", "241m"])
def test_out_of_range_amounts_are_refused(amount: str) -> None:
    with pytest.raises(PlanError):
        make_plan(KINDS, [], amount)


def test_unknown_kind_is_refused() -> None:
    with pytest.raises(PlanError, match="nope"):
        make_plan(KINDS, ["nope"], "3")


def test_same_rng_seed_same_drills_and_count_is_respected() -> None:
    plan = Plan(KINDS, mixed=True, count=8)
    first = draws(plan, 42)
    assert first == draws(plan, 42)
    assert len(first) == 8
    assert first != draws(plan, 43)
    assert {kind for kind, _ in first} <= set(KINDS)


def test_several_kinds_never_repeat_back_to_back_one_kind_always_repeats() -> None:
    many = draws(Plan(KINDS, mixed=True, count=40), 1)
    assert all(a[0] != b[0] for a, b in itertools.pairwise(many))
    assert {kind for kind, _ in many} == set(KINDS)
    single = draws(Plan(("kv-cache",), count=5), 1)
    assert [kind for kind, _ in single] == ["kv-cache"] * 5
    assert len({seed for _, seed in single}) == 5


def test_budget_stops_once_elapsed_reaches_it() -> None:
    session = DrillSession(Plan(KINDS, budget_seconds=60), random.Random(0))
    assert session.next_item(0) is not None
    assert session.next_item(59.9) is not None
    assert session.next_item(60) is None


def test_plan_needs_exactly_one_stopping_rule_and_a_kind() -> None:
    with pytest.raises(PlanError):
        Plan(KINDS)
    with pytest.raises(PlanError):
        Plan(KINDS, count=3, budget_seconds=60)
    with pytest.raises(PlanError):
        Plan((), count=3)


def test_summary_math() -> None:
    results = [
        Result("kv-cache", 1, Verdict.CORRECT, 10.0, grade=5),
        Result("kv-cache", 2, Verdict.WRONG, 30.0, grade=1, relative_error=0.5),
        Result("bubble", 3, Verdict.CLOSE, 20.0, grade=3),
        Result("bubble", 4, Verdict.WRONG, 120.0, timed_out=True, grade=0),
        Result("bubble", 5, Verdict.CORRECT, 50.0, grade=5),
    ]
    s = summarize(results)
    assert (s.attempts, s.correct, s.close, s.timed_out) == (5, 2, 1, 1)
    assert s.accuracy == pytest.approx(2 / 5)
    assert s.median_seconds == 30.0  # sorted: 10 20 30 50 120
    kv, bubble = s.per_kind
    assert (kv.kind, kv.attempts, kv.correct, kv.median_seconds) == ("kv-cache", 2, 1, 20.0)
    assert (bubble.kind, bubble.attempts, bubble.correct, bubble.close, bubble.timed_out) == (
        "bubble",
        3,
        1,
        1,
        1,
    )
    assert bubble.median_seconds == 50.0


def test_a_timed_out_correct_verdict_does_not_count_and_empty_summary() -> None:
    s = summarize([Result("k", 1, Verdict.CORRECT, 120.0, timed_out=True)])
    assert s.correct == 0 and s.accuracy == 0
    empty = summarize([])
    assert empty.attempts == 0 and empty.accuracy is None and empty.median_seconds is None


def test_to_attempt_records_what_was_asked_and_how_it_went() -> None:
    from datetime import UTC, date, datetime

    from drills.attempts import to_attempt
    from drills.generator import generate
    from engine.app import Moment

    drill = generate("kv-cache", 3)
    outcome = Result("kv-cache", 3, Verdict.CLOSE, 42.0, grade=3, relative_error=0.05)
    at = datetime(2026, 3, 2, 15, tzinfo=UTC)
    attempt = to_attempt(drill, "0.25 GB", outcome, Moment(at, date(2026, 3, 2)))
    assert (attempt.kind, attempt.seed, attempt.given, attempt.verdict) == ("kv-cache", 3, "0.25 GB", "close")
    assert attempt.expected == drill.expected and attempt.unit == drill.unit
    assert attempt.params["batch"] == {"value": drill.value("batch"), "unit": ""}
    assert (attempt.grade, attempt.seconds, attempt.relative_error) == (3, 42.0, 0.05)
