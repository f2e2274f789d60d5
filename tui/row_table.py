"""Tables whose rows are never left drawn at columns narrower than their cells (FittedTable), and the
row-cursor table whose Home and End go to the first and last row, as in every other list."""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar, Self, TypeVar

from textual.binding import Binding, BindingType
from textual.widgets import DataTable
from textual.widgets.data_table import RowKey

CellType = TypeVar("CellType")


class FittedTable(DataTable[CellType]):
    """A DataTable drawn again once the widths of rows added after a frame are measured."""

    _drawn_widths: tuple[int, ...] = ()
    """The columns' widths when the table's drawing was last thrown away."""

    def clear(self, columns: bool = False) -> Self:
        """New columns are drawn at their headers' widths until measured: the rows measured after
        them count as a change even when they come back to the widths drawn before."""
        if columns:
            self._drawn_widths = ()
        return super().clear(columns)

    def _update_dimensions(self, new_rows: Iterable[RowKey]) -> None:
        """DataTable measures new rows on its idle turn, but a frame drawn before that (a search's
        result shown while the screen repaints: a busy machine) caches lines at the old column
        widths under a key without them: browse's Card column stayed cut to its header ("basi"),
        a row drawn again only when the cursor passed over it (Textual issues 3533, 4470). A
        change of width draws the table again."""
        super()._update_dimensions(new_rows)
        widths = tuple(column.get_render_width(self) for column in self.ordered_columns)
        if widths != self._drawn_widths:
            self._drawn_widths = widths
            self._update_count += 1  # part of every cached line's, row's and cell's key
            self.refresh()


class RowTable(FittedTable[CellType]):
    """DataTable binds Home/End to the leftmost/rightmost column, which a row cursor never uses."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("home", "scroll_top", "First", show=False),
        Binding("end", "scroll_bottom", "Last", show=False),
    ]
