"""The rubric as a checklist: tick the points your answer covered; the coverage proposes the grade."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.text import Text
from textual.binding import Binding
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

if TYPE_CHECKING:  # engine.app.answering reads typed answers (regexes): not on a first card's path
    from engine.app.answering import Coverage, RubricPoint


TICKED, UNTICKED = "[x]", "[ ]"
"""Glyphs as well as colour: a tick reads the same on a monochrome terminal."""


class RubricChecklist(Widget, can_focus=True):
    """Points with tick boxes; 1-6 or space (on the highlighted line) tick, up/down move."""

    DEFAULT_CSS = """
    RubricChecklist { height: auto; padding: 0 1; border: round $secondary; }
    RubricChecklist:focus { border: round $accent; }
    """

    BINDINGS = [
        # shown once, as "1-6 Tick": while the checklist has the focus the digits tick, not grade
        Binding("1", "tick(0)", "Tick", key_display="1-6"),
        *(Binding(str(i + 1), f"tick({i})", f"Tick {i + 1}", show=False) for i in range(1, 6)),
        Binding("space", "toggle_highlighted", "Tick", show=False),
        Binding("enter", "accept", "Accept"),  # short: the 80-column key bar also holds "1-6 Tick"
        Binding("up", "move(-1)", "Up", show=False),
        Binding("down", "move(1)", "Down", show=False),
    ]

    ticked: reactive[frozenset[int]] = reactive(frozenset(), layout=True)  # the cap line comes and goes
    highlighted: reactive[int] = reactive(0)

    class Changed(Message):
        """The ticks changed: the proposed grade with them."""

        def __init__(self, checklist: RubricChecklist, result: Coverage) -> None:
            super().__init__()
            self.checklist = checklist
            self.coverage = result

    class Accepted(Message):
        """Enter: the ticks as they stand are the answer's coverage."""

        def __init__(self, checklist: RubricChecklist, result: Coverage) -> None:
            super().__init__()
            self.checklist = checklist
            self.coverage = result

    def __init__(self, points: Sequence[RubricPoint], *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.points = tuple(points)

    @property
    def coverage(self) -> Coverage:
        from engine.app.answering import coverage

        return coverage(self.points, self.ticked)

    def render(self) -> Text:
        text = Text()
        text.append("What you covered: 1-6/space tick, enter accepts, ◆ essential\n", "italic")
        for i, point in enumerate(self.points):
            box = TICKED if i in self.ticked else UNTICKED
            style = "reverse" if i == self.highlighted and self.has_focus else ""
            mark = "◆ " if point.essential else ""
            text.append_text(Text(f"{i + 1} {box} {mark}{point.text}", style=style))
            text.append("\n")
        c = self.coverage
        text.append(
            f"Covered {len(self.points) - len(c.missed)} of {len(self.points)} points ({c.percent}%)"
            f" → proposes {int(c.grade)} ({c.grade.label})",
            "bold",
        )
        if any(p.essential for p in c.missed):
            text.append("\nan essential point is missing: at most 3", "italic")
        return text

    def action_tick(self, index: int) -> None:
        if 0 <= index < len(self.points):
            self.ticked = self.ticked ^ {index}
            self.highlighted = index

    def action_accept(self) -> None:
        self.post_message(self.Accepted(self, self.coverage))

    def action_toggle_highlighted(self) -> None:
        self.action_tick(self.highlighted)

    def action_move(self, step: int) -> None:
        self.highlighted = (self.highlighted + step) % len(self.points)

    def watch_ticked(self) -> None:
        self.post_message(self.Changed(self, self.coverage))
