"""The home's deck table layout: column widths that keep the counts visible at any width (no Textual)."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text

COLUMNS = ("Deck", "Due", "New", "Cards")


def column_widths(screen_width: int, rows: list[tuple[str, int, int, int]]) -> list[int]:
    """Cells for each column: the counts always fit, the title takes what is left (at most its own
    width). Fixed widths, so the table never depends on when it measured its cells."""
    counts = [
        max([len(label), *(len(str(row[i])) for row in rows)]) for i, label in enumerate(COLUMNS[1:], 1)
    ]
    padding, scrollbar = 2 * len(COLUMNS), 2
    room = max(8, screen_width - padding - scrollbar - sum(counts))
    return [min(room, max([len(COLUMNS[0]), *(cell_len(row[0]) for row in rows)])), *counts]


def truncate(title: str, width: int) -> str:
    """The title cut to `width` cells, ending in … when cut."""
    text = Text(title, no_wrap=True)
    text.truncate(width, overflow="ellipsis")
    return text.plain
