"""A mock interview through the application layer on a real SQLite file: plan, answer, store, report."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC

import pytest

from engine.interview import DrillOutcome, InterviewSession, PlanError, Track
from engine.interview_log import as_json
from engine.interview_report import InterviewRecord, compared
from engine.settings import Settings
from engine.store import repo
from engine.studyday import StudyClock
from tui.config import AppConfig
from tui.services import Services, load_services


@pytest.fixture(scope="module")
def services(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Services]:
    folder = tmp_path_factory.mktemp("interview")
    config = AppConfig(
        settings=Settings(db=str(folder / "f.db"), deck_dirs=()),
        include_bundled=True,
        clock=StudyClock(day_start_hour=4, tz=UTC),
    )
    opened = load_services(config)
    yield opened
    opened.close()


def _sit(services: Services, seed: int) -> InterviewRecord:
    """Answer every question covering its first two points; drills alternate right and wrong."""
    plan = services.plan_interview(Track.TRAINING, 30, "any", seed=seed)
    session = InterviewSession(plan)
    n = 0
    while not session.finished:
        session.toggle(0)
        session.toggle(1)
        session.answer(200.0, notes="sharded it")
        while (pending := session.pending_drill) is not None:
            kind, _ = pending
            verdict = "correct" if n % 2 == 0 else "wrong"
            session.drill_done(DrillOutcome(kind, verdict, 40.0, None if n % 2 == 0 else "k-only"))
            n += 1
    record = services.interview_record(session, 1500.0)
    services.save_interview(record)
    return record


def test_a_thirty_minute_plan_has_five_questions_with_their_drills(services: Services) -> None:
    plan = services.plan_interview(Track.TRAINING, 30, "any", seed=1)
    assert len(plan.questions) == 5
    assert all(q.guide_seconds == 360 for q in plan.questions)
    assert all(q.question.track is Track.TRAINING for q in plan.questions)
    serving = services.plan_interview(Track.SERVING, 30, "any", seed=1)
    assert len(serving.questions) == 5 and all(q.question.track is Track.SERVING for q in serving.questions)
    for q in plan.questions:
        kinds = [k for k, _ in q.drills]
        assert len(kinds) <= 2 and set(kinds) <= set(q.question.drills)
        assert len(set(kinds)) == len(kinds)
    with pytest.raises(PlanError, match="30, 45, 60 minutes"):
        services.plan_interview(Track.TRAINING, 20)


def test_warm_up_level_asks_only_warm_up_drills(services: Services) -> None:
    from drills.generator import levels

    level_of = levels(services.templates)
    plan = services.plan_interview(Track.TRAINING, 60, "warm-up", seed=3)
    assert {level_of[k] for q in plan.questions for k, _ in q.drills} <= {"warm-up"}


def test_an_interview_is_stored_reported_and_changes_no_schedule(services: Services) -> None:
    first = _sit(services, seed=5)
    keys = [q.key for q in first.questions]
    assert len(keys) == 5
    assert services.interviews() == (first,)
    assert repo.load_states(services.store, keys) == {}  # the schedule is untouched

    assert all(q.missed and q.share < 1 for q in first.questions)
    assert first.study_cards() == tuple(keys)
    figures = as_json(first)
    assert figures["questions"][0]["notes"] == "sharded it"
    assert figures["study_next"]["cards"] == keys
    assert figures["drills"] == {"right": first.drills_right, "asked": first.drills_asked}

    # the next plan asks what was asked least: none of the five again
    second = services.plan_interview(Track.TRAINING, 30, "any", seed=5)
    assert not {q.question.key for q in second.questions} & set(keys)
    assert compared(first, ()) == "first mock interview: nothing to compare yet"


def test_interview_and_stats_json_give_the_same_figures(
    services: Services, capsys: pytest.CaptureFixture[str]
) -> None:
    import json

    from tui.cli import main

    if not services.interviews():
        _sit(services, seed=9)
    db = services.config.settings.db
    assert main(["--db", str(db), "interview", "--json"]) == 0
    reports = json.loads(capsys.readouterr().out)
    assert main(["--db", str(db), "stats", "--json"]) == 0
    stats = json.loads(capsys.readouterr().out)
    assert [r["score"] for r in reports] == [i["score"] for i in stats["interviews"]]
    assert [len(r["questions"]) for r in reports] == [i["questions"] for i in stats["interviews"]]
    assert reports[-1]["study_next"]["cards"] == [q["card"] for q in reports[-1]["questions"]]
