"""Home and End go to the first and last row of the home's decks and of browse's results (a
DataTable row cursor took them for the leftmost and rightmost column, so they did nothing)."""

from __future__ import annotations

import asyncio
import re

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


async def test_home_and_end_on_custom_studys_kinds_and_the_drill_kinds(make_app) -> None:
    """Custom study's kinds (a radio set, which had no Home/End) and the drill kinds (an option
    list, which had them unnamed): both go to the first and last kind, and their keys say so."""
    from tui.screens.custom_study import KindPicker
    from tui.screens.drill_setup import DrillSetupScreen, KindList

    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await asyncio.wait_for(app.loaded.wait(), 30)
        await pilot.pause()
        await pilot.press("c")
        await wait_until(pilot, lambda: "Custom study" in screen_text(app), "custom study")
        assert "↑/↓ home/end: pick" in screen_text(app)  # the pop-up's own line of keys
        picker = app.screen.query_one(KindPicker)
        await pilot.press("end")
        assert picker.chosen == 3
        await pilot.press("home")
        assert picker.chosen == 0
        await pilot.press("end", "enter")  # the last kind, ahead by N days, starts without an N
        await wait_until(pilot, lambda: "ahead by how many days?" in screen_text(app), "its problem")
        await pilot.press("escape", "d")
        setup = app.screen
        assert isinstance(setup, DrillSetupScreen)
        await wait_until(pilot, lambda: setup.ready, "the drill kinds")
        await pilot.press("shift+tab")  # from the amount box to the kinds
        kinds = setup.query_one(KindList)
        await pilot.press("end")
        assert kinds.highlighted == kinds.option_count - 1 > 1
        await pilot.press("home")
        assert kinds.highlighted == 0
        await pilot.press("f1")
        await wait_until(pilot, lambda: "First/last kind" in screen_text(app), "the keys pop-up")
        line = next(row for row in screen_text(app).splitlines() if "First/last kind" in row)
        assert re.search(r"home/end +First/last kind", line), line
