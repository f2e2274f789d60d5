"""Ticked and unticked boxes differ by a glyph as well as by colour (✓ or blank, not X and X)."""

from __future__ import annotations

import asyncio
import random

from textual.widgets import SelectionList

from tests.tui.conftest import wait_until
from tui.screens.drill_setup import DrillSetupScreen
from tui.screens.exam_setup import ExamSetupScreen


async def test_a_ticked_kind_shows_a_tick_and_the_others_none(make_app, seen) -> None:
    app = make_app(include_bundled=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await asyncio.wait_for(app.loaded.wait(), 30)
        setup = DrillSetupScreen(app.services, rng=random.Random(1))
        await app.push_screen(setup)
        await wait_until(pilot, lambda: setup.ready, "the drill kinds")
        kinds = setup.query_one("#drill-kinds", SelectionList)
        first = kinds.get_option_at_index(0).value
        kinds.select(first)
        await pilot.pause()
        lines = [line for line in seen(app).splitlines() if "▐" in line and "▌" in line]
        assert lines, "no tick boxes on screen"
        assert "▐✓▌" in lines[0]
        assert all("▐ ▌" in line for line in lines[1:]) and "X" not in "".join(lines)


async def test_the_shuffle_box_shows_a_tick_once_ticked(make_app, seen) -> None:
    app = make_app(include_bundled=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await asyncio.wait_for(app.loaded.wait(), 30)
        await pilot.pause()
        await pilot.press("x")
        await pilot.pause()
        assert isinstance(app.screen, ExamSetupScreen)
        assert "▐ ▌ Shuffle" in seen(app)
        app.screen.query_one("#exam-shuffle").value = True
        await pilot.pause()
        assert "▐✓▌ Shuffle" in seen(app)


async def test_the_custom_study_kinds_show_a_dot_on_the_chosen_one_only(make_app, seen) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await asyncio.wait_for(app.loaded.wait(), 30)
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        lines = [line for line in seen(app).splitlines() if "▐" in line and "▌" in line]
        assert len(lines) == 4 and "▐●▌ By tag" in lines[0]
        assert all("▐ ▌" in line for line in lines[1:])
