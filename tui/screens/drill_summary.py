"""End of a drill session: accuracy, median time and per-kind results."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from drills.session import Summary, summary_lines


class DrillSummaryScreen(ModalScreen[None]):
    """Shown when a drill session ends; enter or escape returns home."""

    BINDINGS = [
        Binding("enter", "dismiss", "Done"),
        Binding("escape", "dismiss", "Done", show=False),
    ]

    def __init__(self, summary: Summary, plan_text: str = "") -> None:
        super().__init__()
        self.summary = summary
        self.plan_text = plan_text

    def compose(self) -> ComposeResult:
        with Vertical(id="drill-summary-box", classes="modal-box"):
            yield Static("Drill session done", id="drill-summary-title", classes="modal-title")
            if self.plan_text:
                yield Static(self.plan_text, classes="hint", markup=False)
            yield Static("\n".join(summary_lines(self.summary)), id="drill-summary-text", markup=False)
            yield Static("enter: back home", classes="hint")
