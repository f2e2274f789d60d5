"""The review's progress line and grade bar: Static lines drawn from the state the screen hands down."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from textual.reactive import reactive
from textual.widgets import Static

from tui.review_text import grade_bar, hint_line, progress_line

if TYPE_CHECKING:
    from engine.app.database import Mark
    from engine.app.values import Grade


@dataclass(frozen=True)
class Progress:
    """What the progress line says: answered and left, the item on show, its marks, a write under way."""

    done: int = 0
    left: int = 0
    key: str | None = None
    mark: Mark | None = None
    saving: str | None = None


class ProgressLine(Static):
    """'done 2  ·  left 5  ·  deck/card  ·  ⚑ flagged  ·  saving grade 3…'."""

    progress: reactive[Progress] = reactive(Progress, always_update=True, init=False)

    def watch_progress(self, progress: Progress) -> None:
        line = progress_line(progress.done, progress.left, progress.key, progress.mark)
        self.update(line + (f"  ·  {progress.saving}" if progress.saving else ""))


@dataclass(frozen=True)
class Grading:
    """What the line under the card shows: the grades once the answer shows, else what keys do now."""

    revealed: bool = False
    outcomes: Mapping[Grade, int | None] | None = None
    """Each grade's next interval (None before an item is on show)."""
    suggested: Grade | None = None
    layout: str = "flopcards"
    accept: str = "space/enter"
    drill: bool = False
    """A due drill on show, not yet graded: only its answer (or giving up) grades it."""
    drill_graded: Grade | None = None
    typed: bool = False
    """The answer box is showing."""
    letters_off: bool = False
    """A typed answer's verdict shows: the letter keys are off until tab (the bar says so)."""


class GradeBar(Static):
    """The grade keys with each grade's next interval, the accepted one highlighted; before that,
    what enter, space or ctrl+g do now. Lines break between grades, for the bar's width."""

    grading: reactive[Grading] = reactive(Grading, always_update=True, init=False)

    def watch_grading(self, grading: Grading) -> None:
        note = "  ·  tab: letter keys on" if grading.letters_off else ""
        if (
            grading.revealed
            and grading.outcomes is not None
            and grading.drill_graded is None
            and not grading.drill
        ):
            width = self.content_size.width or self.app.size.width - 2  # 0 before the first layout
            self.update(
                grade_bar(grading.outcomes, grading.suggested, grading.layout, grading.accept, width, note)
            )
        else:
            self.update(hint_line(grading.drill_graded, grading.drill, grading.typed) + note)

    def opening(self) -> None:
        """A key pressed on a glance waits for the decks: say so until the bar is drawn again."""
        self.update("[dim]opening your decks… that key acts once they are open[/dim]")

    def grades_follow(self) -> None:
        """A glance's answer shows before the decks are open: its grades come with them."""
        self.update("[dim]opening your decks… the grades show once they are open[/dim]")
