"""A row-cursor table whose Home and End go to the first and last row, as in every other list."""

from __future__ import annotations

from typing import ClassVar, TypeVar

from textual.binding import Binding, BindingType
from textual.widgets import DataTable

CellType = TypeVar("CellType")


class RowTable(DataTable[CellType]):
    """DataTable binds Home/End to the leftmost/rightmost column, which a row cursor never uses."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("home", "scroll_top", "First", show=False),
        Binding("end", "scroll_bottom", "Last", show=False),
    ]
