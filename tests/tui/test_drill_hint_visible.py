"""ctrl+o at 80x24: the hint shows on screen even under a long question (it is scrolled into view)."""

from __future__ import annotations

from tests.tui.conftest import open_drill, wait_until
from tui.screens.drill_summary import DrillSummaryScreen
from tui.screens.home import HomeScreen

LONG_QUESTIONS = ["plan-speed", "nvl72-placement", "layout-3d"]
"""Kinds whose question fills the 80x24 body: the hint is below the fold when asked for."""


async def test_the_hint_is_visible_at_80x24(make_app, seen) -> None:
    """Each kind in its own sitting, one after another in one run of the app (escape ends a sitting,
    enter leaves its summary for home)."""
    app = make_app(include_bundled=True)
    async with app.run_test(size=(80, 24)) as pilot:
        for kind in LONG_QUESTIONS:
            screen = await open_drill(pilot, kind=kind, amount="1")
            assert screen.drill is not None and screen.drill.kind == kind and screen.drill.hint
            assert "Hint (costs one grade step)" not in seen(app), kind
            await pilot.press("ctrl+o")
            await wait_until(pilot, lambda: "Hint (costs one grade step)" in seen(app), f"{kind}'s hint")
            await pilot.press("escape")
            await wait_until(pilot, lambda: isinstance(app.screen, DrillSummaryScreen), "the summary")
            await pilot.press("enter")
            await wait_until(pilot, lambda: isinstance(app.screen, HomeScreen), "home")
