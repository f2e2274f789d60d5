"""Command-palette entries for the stats screen and the exam (kept out of app.py)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from textual.app import SystemCommand

if TYPE_CHECKING:
    from tui.app import FlopcardsApp


def flopcards_commands(app: FlopcardsApp) -> Iterator[SystemCommand]:
    def stats() -> None:
        from tui.screens.stats import open_stats

        if problem := open_stats(app, app.services, None):
            app.notify(problem)

    def exam() -> None:
        from tui.screens.exam import open_exam

        if problem := open_exam(app, app.services, None):
            app.notify(problem)

    yield SystemCommand("Stats", "Heatmap, due forecast, true retention, drills, exam scores", stats)
    yield SystemCommand("Exam: grill", "The 60 grill questions cold, scored per section", exam)
