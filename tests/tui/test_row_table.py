"""A list's columns are as wide as its widest cell however the frames fall: rows drawn before the
table measured them are drawn again once it has (browse's Card column stayed cut to "basi")."""

from __future__ import annotations

from textual.app import App, ComposeResult

from tui.row_table import RowTable

from .conftest import screen_text, settled


class OneTable(App[None]):
    CSS = "RowTable { height: 1fr; }"

    def compose(self) -> ComposeResult:
        table: RowTable[str] = RowTable(cursor_type="row")
        table.add_columns("Card", "Due")
        yield table


async def test_rows_drawn_before_their_widths_are_measured_are_drawn_again() -> None:
    app = OneTable()
    async with app.run_test(size=(40, 5)) as pilot:
        table = app.query_one(RowTable)
        table.clear()  # as browse's search result does: the table is redrawn at the next frame
        table.add_row("basics/adam-bytes", "new")
        # a frame drawn before the table's idle turn measures the new row (a busy machine, another
        # task's refresh first): the row is drawn with the columns as wide as their headers
        screen_text(app)
        await settled(pilot)
        lines = screen_text(app).splitlines()
        assert lines[0].split() == ["Card", "Due"] and lines[0].index("Due") == lines[1].index("new")
        assert lines[1].split() == ["basics/adam-bytes", "new"]


async def test_the_same_rows_after_new_columns_are_drawn_at_their_widths_again() -> None:
    """Browse rebuilds its columns for each search: the same result again measures the same
    widths as the drawing before, yet the new columns were drawn at their headers' meanwhile."""
    app = OneTable()
    async with app.run_test(size=(40, 5)) as pilot:
        table = app.query_one(RowTable)
        for _ in range(2):
            table.clear(columns=True)
            table.add_columns("Card", "Due")
            table.add_row("basics/adam-bytes", "new")
            screen_text(app)  # the early frame, as above
            await settled(pilot)
        assert screen_text(app).splitlines()[1].split() == ["basics/adam-bytes", "new"]
