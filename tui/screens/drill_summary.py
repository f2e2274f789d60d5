"""End of a drill sitting: score, accuracy, median time per kind, and the slips named on the way."""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Static


class DrillSummaryScreen(ModalScreen[None]):
    """Shown when a drill sitting ends; enter or escape returns home."""

    BINDINGS = [
        Binding("enter", "dismiss", "Done"),
        Binding("escape", "dismiss", "Done", show=False),
    ]

    def __init__(self, lines: Sequence[str], plan_text: str = "") -> None:
        super().__init__()
        self.text_lines = list(lines)
        self.plan_text = plan_text

    def compose(self) -> ComposeResult:
        with Vertical(id="drill-summary-box", classes="modal-box"):
            yield Static("Drill session done", id="drill-summary-title", classes="modal-title")
            if self.plan_text:
                yield Static(self.plan_text, classes="hint", markup=False)
            yield Static("\n".join(self.text_lines), id="drill-summary-text", markup=False)
            yield Static("enter: back home", classes="hint")
        yield Footer()  # the modal's own keys, not the keys of the screen beneath
