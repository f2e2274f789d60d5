"""Home and End go to the first and last row of the home's decks and of browse's results (a
DataTable row cursor took them for the leftmost and rightmost column, so they did nothing)."""

from __future__ import annotations

import asyncio

from textual.widgets import DataTable, Input

from .conftest import screen_text, wait_until


async def test_home_and_end_on_the_decks_and_the_results(make_app) -> None:
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await asyncio.wait_for(app.loaded.wait(), 30)
        await pilot.pause()
        decks = app.screen.query_one("#decks", DataTable)
        await pilot.press("down", "down", "home")
        assert decks.cursor_row == 0
        await pilot.press("end")
        assert decks.cursor_row == decks.row_count - 1 > 2
        assert str(decks.get_row_at(decks.row_count - 1)[0]).startswith("Drill kinds")
        await pilot.press("up")  # the last deck, above the drill kinds' row
        last = f"flopcards — {decks.get_row_at(decks.row_count - 2)[0]}"[:40]
        await pilot.press("enter")
        await wait_until(pilot, lambda: last in screen_text(app), last)
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen.query("#decks"), "the home again")
        await pilot.press("b")
        await wait_until(
            pilot, lambda: "deck:" in app.screen.query_one("#browse-search", Input).value, "the search"
        )
        await pilot.press("ctrl+f", "end", *["backspace"] * 30)  # every card, not one deck's
        results = app.screen.query_one("#browse-table", DataTable)
        await wait_until(pilot, lambda: results.row_count > 2, "the search's results")
        await pilot.press("escape")  # from the search box to the results
        await pilot.press("end")
        assert results.cursor_row == results.row_count - 1
        await pilot.press("home")
        assert results.cursor_row == 0
