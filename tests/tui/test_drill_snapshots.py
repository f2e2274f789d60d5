"""SVG snapshots of the drill screen: the question, then the verdict with the worked solution."""

from __future__ import annotations

import asyncio
import dataclasses
import random

from textual.widgets import Input, SelectionList

from tui.screens.drill import DrillScreen
from tui.screens.drill_setup import DrillSetupScreen

SIZE = (110, 40)


def frozen_app(make_app):
    app = make_app(drill_seconds=120)
    app.config = dataclasses.replace(app.config, monotonic=lambda: 50.0)  # the countdown stays at 120 s
    return app


async def start_drill(pilot) -> DrillScreen:
    app = pilot.app
    await asyncio.wait_for(app.loaded.wait(), 30)
    await pilot.pause()
    setup = DrillSetupScreen(app.services, rng=random.Random(3))
    await app.push_screen(setup)
    for _ in range(1000):
        if setup.ready and setup.warm:
            break
        await pilot.pause(0.02)
    setup.query_one("#drill-kinds", SelectionList).select("kv-cache")
    setup.query_one("#drill-amount", Input).value = "2"
    await pilot.press("enter")
    screen = app.screen
    assert isinstance(screen, DrillScreen)
    await pilot.pause()
    return screen


def test_drill_question(snap_compare, make_app) -> None:
    async def run_before(pilot) -> None:
        await start_drill(pilot)
        await pilot.pause(0.05)

    assert snap_compare(frozen_app(make_app), terminal_size=SIZE, run_before=run_before)


def test_drill_verdict_and_solution(snap_compare, make_app) -> None:
    async def run_before(pilot) -> None:
        screen = await start_drill(pilot)
        drill = screen.drill
        assert drill is not None
        await pilot.press(*f"{drill.expected * 1.5:.4g} {drill.unit}", "enter")
        for _ in range(1000):
            if screen.phase == "answered":
                break
            await pilot.pause(0.02)
        await pilot.pause(0.05)

    assert snap_compare(frozen_app(make_app), terminal_size=SIZE, run_before=run_before)
