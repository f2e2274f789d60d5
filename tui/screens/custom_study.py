"""Custom study (a modal from home): by tag, failed today, new cards only, or ahead by N days."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Input, RadioButton, RadioSet, Static

from engine.app.custom import Custom
from engine.app.values import AppError
from tui.store_work import fault_notice
from tui.ticks import DotButton

if TYPE_CHECKING:
    from engine.app import ReviewSession

CHOICES = (
    (Custom.TAG, "By tag (type the tag below)"),
    (Custom.FAILED_TODAY, "Failed today"),
    (Custom.NEW_ONLY, "New cards only (another day's worth)"),
    (Custom.AHEAD, "Ahead by N days (type N below)"),
)


class KindPicker(RadioSet):
    """A radio set whose up/down choose the kind they move to (as every list here does): enter
    starts the highlighted kind, also after tab to the tag or days box. Space or a click press one.
    Home/end go to the first and last kind, as in every other list (Textual's RadioSet has neither)."""

    BINDINGS = [
        Binding("home", "first_button", "First kind", show=False),
        Binding("end", "last_button", "Last kind", show=False),
    ]
    chosen = 0

    def _choose(self, index: int | None) -> None:
        """The kind moved to is the one enter starts, and its dot shows it (the highlight alone
        goes when the focus moves on to the tag or days box, and the dot stayed on the first)."""
        if index is None:
            return
        self._selected = self.chosen = index
        button = self._nodes[index]
        if isinstance(button, RadioButton) and not button.value:
            button.value = True

    def action_first_button(self) -> None:
        self._choose(0)

    def action_last_button(self) -> None:
        self._choose(len(CHOICES) - 1)

    def action_next_button(self) -> None:
        super().action_next_button()
        self._choose(self._selected)

    def action_previous_button(self) -> None:
        super().action_previous_button()
        self._choose(self._selected)

    def _on_radio_set_changed(self, event: RadioSet.Changed) -> None:
        super()._on_radio_set_changed(event)
        self.chosen = event.index


class CustomStudyScreen(ModalScreen["ReviewSession | None"]):
    """Pick a kind (and a tag or a number of days); enter starts it, a problem shows here."""

    BINDINGS = [
        Binding("enter", "start", "Start", priority=True),
        Binding("escape", "cancel", "Cancel"),
    ]
    WIDGET_KEYS = [("↑/↓", "Pick a kind"), ("home/end", "First/last kind"), ("tab", "To the tag or days box")]

    def __init__(self, title: str, build: Callable[[Custom, str], ReviewSession]) -> None:
        super().__init__()
        self.deck_title = title
        self.build = build

    def compose(self) -> ComposeResult:
        with Vertical(id="custom-box", classes="modal-box"):
            yield Static(f"Custom study · {self.deck_title}", classes="modal-title", markup=False)
            with KindPicker(id="custom-kind"):
                for i, (_, label) in enumerate(CHOICES):
                    yield DotButton(label, value=i == 0)
            yield Input(placeholder="tag (e.g. Memory) or days (e.g. 3)", id="custom-value", max_length=60)
            yield Static("", id="custom-problem", markup=False)
            yield Static("↑/↓ home/end: pick  ·  enter: start  ·  esc: cancel", classes="hint")
        yield Footer()  # the modal's own keys, not the keys of the screen beneath

    def on_mount(self) -> None:
        self.query_one("#custom-kind").focus()

    def action_start(self) -> None:
        kind = CHOICES[self.query_one("#custom-kind", KindPicker).chosen][0]
        value = self.query_one("#custom-value", Input).value
        problem = self.query_one("#custom-problem", Static)
        try:
            session = self.build(kind, value)
            current = session.current()
        except ValueError as error:
            problem.update(f"Cannot start: {error}")
            return
        except AppError as error:  # the store cannot be read now (a server gone)
            problem.update(fault_notice("Cannot start", error))
            return
        if current is None:
            problem.update("Nothing to study that way here.")
            return
        self.dismiss(session)

    def action_cancel(self) -> None:
        self.dismiss(None)
