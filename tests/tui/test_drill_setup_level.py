"""The drill setup screen's level picker: kinds show their level, and mixed draws only that level."""

from __future__ import annotations

import asyncio
import random

from textual.widgets import Input, Select, SelectionList, Static

from drills.generator import levels
from tui.screens.drill import DrillScreen
from tui.screens.drill_setup import DrillSetupScreen


async def _setup(pilot) -> DrillSetupScreen:
    await asyncio.wait_for(pilot.app.loaded.wait(), 30)
    await pilot.pause()
    await pilot.press("d")
    setup = pilot.app.screen
    assert isinstance(setup, DrillSetupScreen)
    for _ in range(1000):
        if setup.ready and setup.warm:
            break
        await pilot.pause(0.02)
    return setup


async def test_picking_a_level_draws_only_kinds_of_that_level(make_app) -> None:
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        setup = await _setup(pilot)
        text = str(setup.query_one("#drill-kinds", SelectionList).get_option_at_index(1).prompt)
        assert any(f"; {level})" in text for level in ("warm-up", "interview", "senior"))
        setup.rng = random.Random(11)
        setup.query_one("#drill-level", Select).value = "senior"
        setup.query_one("#drill-amount", Input).value = "3"
        await pilot.press("enter")
        screen = app.screen
        assert isinstance(screen, DrillScreen)
        seen = []
        for _ in range(3):
            assert screen.drill is not None
            seen.append(screen.drill.kind)
            assert screen.drill.prompt in screen.query_one("#drill-question", Static).content.markup
            await pilot.press("n")
            await pilot.pause()
        assert all(levels()[kind] == "senior" for kind in seen)


async def test_a_ticked_kind_outside_the_level_is_refused_on_screen(make_app) -> None:
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        setup = await _setup(pilot)
        setup.query_one("#drill-kinds", SelectionList).select("kv-cache")
        setup.query_one("#drill-level", Select).value = "senior"
        setup.query_one("#drill-limit", Input).focus()  # enter in the last field starts too
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is setup
        status = str(setup.query_one("#drill-setup-status", Static).render())
        assert "'kv-cache' is a warm-up drill, not senior" in status
