"""The command palette (ctrl+p) offers the app's own commands, and running one opens its screen."""

from __future__ import annotations

import asyncio

from textual.command import CommandPalette

from tui.screens.browse import BrowseScreen
from tui.screens.review import ReviewScreen


async def run_command(pilot, words: str) -> None:
    await pilot.press("ctrl+p")
    await pilot.pause()
    assert isinstance(pilot.app.screen, CommandPalette)
    await pilot.press(*words)
    await pilot.app.workers.wait_for_complete()  # the palette's search for the typed words
    await pilot.pause()
    await pilot.press("enter")
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def test_palette_lists_and_runs_the_apps_commands(make_app, seen, until) -> None:
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await asyncio.wait_for(app.loaded.wait(), 30)
        await pilot.pause()
        await pilot.press("ctrl+p")
        await until(pilot, lambda: "Reload decks" in seen(app), "the palette's commands")
        text = seen(app)
        for title in ("Review", "Study ahead", "Drills", "Browse", "Stats", "Exam", "Reload decks"):
            assert title in text, title
        await pilot.press("escape")
        await pilot.pause()
        await run_command(pilot, "browse")
        assert isinstance(app.screen, BrowseScreen) and "4 cards" in seen(app)
        await pilot.press("escape")
        await run_command(pilot, "review")
        assert isinstance(app.screen, ReviewScreen) and "left 4" in seen(app)
