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
        await pilot.press("enter")  # from the search box to the results
        await pilot.press("end")
        assert results.cursor_row == results.row_count - 1
        await pilot.press("home")
        assert results.cursor_row == 0


def test_the_keys_pop_up_names_home_and_end_on_every_screen_with_a_row_table() -> None:
    """The `?` pop-up (and the README table, from the same rows) says what Home/End do wherever a
    RowTable gives them; it said only '↑/↓ Pick a deck' on the home and '↑/↓ Pick a card' in browse."""
    from pathlib import Path

    import tui.screens
    from tui.row_table import RowTable
    from tui.screens.help import pretty_key, screen_keys

    from .test_key_table import screens_in

    table_keys = {pretty_key(b.key) for b in RowTable.BINDINGS if hasattr(b, "key")}
    assert table_keys == {"home", "end"}
    with_table = [
        p
        for p in Path(tui.screens.__file__).parent.glob("*.py")
        if "RowTable(" in p.read_text(encoding="utf-8")
    ]
    assert {p.stem for p in with_table} >= {"home", "browse"}
    for path in with_table:
        for cls in screens_in(path):
            named = {key for keys, _ in screen_keys(cls) for key in keys.split("/")}
            assert table_keys <= named, f"{cls.__name__}'s keys pop-up leaves out {table_keys - named}"
