"""Every list behaves the same way: up/down move the highlight, enter picks the highlighted row and
starts what it names (the home's decks, custom study's kinds, browse's results, the drill kinds)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

import pytest
from textual.pilot import Pilot
from textual.widgets import DataTable

from tui.screens.drill_setup import DrillSetupScreen

from .conftest import screen_text, wait_until

Opener = Callable[[Pilot[object]], Awaitable[str]]
"""Opens a list with its focus on it; returns the text enter on its second row must bring up."""


async def home_decks(pilot: Pilot[object]) -> str:
    table = pilot.app.screen.query_one("#decks", DataTable)
    return f"flopcards — {table.get_row_at(1)[0]}"[:40]  # the second row's deck, under review


async def custom_study_kinds(pilot: Pilot[object]) -> str:
    await pilot.press("c")
    await wait_until(pilot, lambda: "Custom study" in screen_text(pilot.app), "custom study")
    return "Nothing to study that way here."  # "Failed today", on a day with no fails


async def browse_results(pilot: Pilot[object]) -> str:
    await pilot.press("b")
    await wait_until(pilot, lambda: "cards" in screen_text(pilot.app), "the search's results")
    table = pilot.app.screen.query_one("#browse-table", DataTable)
    await wait_until(pilot, lambda: table.row_count > 1, "two results")
    return str(table.get_row_at(1)[0])


async def drill_kinds(pilot: Pilot[object]) -> str:
    await pilot.press("d")
    setup = pilot.app.screen
    assert isinstance(setup, DrillSetupScreen)
    await wait_until(pilot, lambda: setup.ready, "the drill kinds")
    await pilot.press("shift+tab")  # from the amount box to the kinds
    return f"5 drills · {setup.kind_ids[0]}"  # the form's 5 drills, of the second row's kind


@pytest.mark.parametrize("opener", [home_decks, custom_study_kinds, browse_results, drill_kinds])
async def test_down_then_enter_starts_the_second_row(make_app, opener: Opener) -> None:
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await asyncio.wait_for(app.loaded.wait(), 30)
        await pilot.pause()
        wanted = await opener(pilot)
        await pilot.press("down", "enter")
        await wait_until(pilot, lambda: wanted in screen_text(app), wanted)
        assert wanted in screen_text(app)
