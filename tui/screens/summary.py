"""End-of-session summary: how many answers, the grade spread, time taken."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from engine.app.values import GRADE_LABELS
from tui.cli_authoring import plural

if TYPE_CHECKING:
    from engine.app import SessionSummary


def summary_text(summary: SessionSummary) -> str:
    """Plain lines describing a finished session."""
    if summary.answered == 0:
        return "Nothing was answered."
    spread = ", ".join(f"{g} {GRADE_LABELS[g]}: {n}" for g, n in sorted(summary.grades.items()) if n)
    average = summary.seconds / summary.answered
    return (
        f"{plural(summary.answered, 'answer')} ({plural(summary.new_cards, 'new card')})\n"
        f"{spread}\n"
        f"{summary.seconds:.0f} s in all, {average:.1f} s per answer"
    )


class SummaryScreen(ModalScreen[None]):
    """Shown when the queue is empty; enter or escape returns home."""

    BINDINGS = [
        Binding("enter", "dismiss", "Done"),
        Binding("escape", "dismiss", "Done", show=False),
    ]

    def __init__(self, summary: SessionSummary) -> None:
        super().__init__()
        self.summary = summary

    def compose(self) -> ComposeResult:
        with Vertical(id="summary-box", classes="modal-box"):
            yield Static("Session done", id="summary-title", classes="modal-title")
            yield Static(summary_text(self.summary), id="summary-text", markup=False)
            yield Static("enter: back to your decks", classes="hint")
        yield Footer()  # the modal's own keys, not the keys of the screen beneath
