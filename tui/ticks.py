"""Tick boxes that differ by a glyph, not by colour alone: ✓ when ticked, blank when not."""

from __future__ import annotations

from rich.segment import Segment
from textual.strip import Strip
from textual.widgets import Checkbox, RadioButton, SelectionList
from textual.widgets._toggle_button import ToggleButton

TICK = "✓"


class TickList(SelectionList[str]):
    """A SelectionList whose ticked options show ✓ (Textual draws the same X for both states)."""

    def render_line(self, y: int) -> Strip:
        strip = super().render_line(y)
        segments = list(strip)
        if len(segments) < 3 or segments[1].text != ToggleButton.BUTTON_INNER:
            return strip
        style = segments[1].style
        index = style.meta.get("option") if style is not None else None
        if not isinstance(index, int):
            return strip
        ticked = self.get_option_at_index(index).value in self.selected
        segments[1] = Segment(TICK if ticked else " ", style)
        return Strip(segments, strip.cell_length)


class TickBox(Checkbox):
    """A Checkbox showing ✓ when ticked and a blank when not."""

    @property
    def BUTTON_INNER(self) -> str:  # type: ignore[override]
        return TICK if self.value else " "


class DotButton(RadioButton):
    """A RadioButton showing ● when pressed and a blank when not (Textual draws ● for both)."""

    @property
    def BUTTON_INNER(self) -> str:  # type: ignore[override]
        return "●" if self.value else " "
