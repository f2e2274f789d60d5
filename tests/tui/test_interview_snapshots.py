"""SVG snapshots of the mock interview: question, rubric checklist and report, at 80x24 and 120x40."""

from __future__ import annotations

import asyncio
import dataclasses

import pytest
from textual.widgets import Input

from drills.generator import levels
from engine.interview import DrillOutcome, InterviewSession, Track, plan_interview
from tests.tui.conftest import DATA, screen_text
from tui.screens.interview import InterviewScreen, Stage
from tui.screens.interview_report import InterviewReportScreen

from .shot_chain import chain_shot

SIZES = [(80, 24), (120, 40)]


def frozen(app):
    app.config = dataclasses.replace(app.config, monotonic=lambda: 100.0)
    return app


def fixed_plan(app):
    from cards.interview_pool import interview_pool

    services = app.services
    return plan_interview(
        interview_pool(services.collection), Track.MIXED, 30, kinds=levels(services.templates), seed=4
    )


async def question(pilot) -> None:
    await asyncio.wait_for(pilot.app.loaded.wait(), 30)
    screen = InterviewScreen(pilot.app.services, fixed_plan(pilot.app))
    await pilot.app.push_screen(screen)
    await pilot.pause()
    screen.query_one(Input).cursor_blink = False
    await pilot.pause()
    assert "Question 1 of 2" in screen_text(pilot.app)


async def checklist(pilot) -> None:
    await pilot.press(*"fsdp", "enter", "1")
    for _ in range(200):
        if "Covered 1 of 3" in screen_text(pilot.app):
            break
        await pilot.pause(0.02)
    await pilot.pause()
    assert "1 [x] " in screen_text(pilot.app)


ASKED = [("question", question), (Stage.RUBRIC.name, checklist)]
"""The question, then its rubric checklist after an answer: one run of the app per size."""


def asked_shot(snapshot, make_app, name: str, size: tuple[int, int]) -> bool:
    return chain_shot(snapshot, "interview", name, size, lambda: frozen(make_app(DATA / "interview")), ASKED)


@pytest.mark.parametrize("size", SIZES)
def test_interview_question(snapshot, make_app, size) -> None:
    assert asked_shot(snapshot, make_app, "question", size)


@pytest.mark.parametrize("size", SIZES)
def test_interview_checklist(snapshot, make_app, size) -> None:
    assert asked_shot(snapshot, make_app, Stage.RUBRIC.name, size)


@pytest.mark.parametrize("size", SIZES)
def test_interview_report(snap_compare, make_app, size) -> None:
    async def run_before(pilot) -> None:
        await asyncio.wait_for(pilot.app.loaded.wait(), 30)
        services = pilot.app.services
        session = InterviewSession(fixed_plan(pilot.app))
        session.toggle(0)
        session.answer(300.0, "sharded with FSDP")
        while (pending := session.pending_drill) is not None:
            session.drill_done(DrillOutcome(pending[0], "wrong", 75.0, "bits-bytes"))
        session.skip(20.0)
        record = services.interview_record(session, 900.0)
        earlier = services.save_interview(record)
        await pilot.app.push_screen(InterviewReportScreen(services, record, earlier))
        await pilot.pause(0.2)
        assert "Score" in screen_text(pilot.app)

    assert snap_compare(make_app(DATA / "interview"), terminal_size=size, run_before=run_before)
