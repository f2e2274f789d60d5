"""Exam setup modal (home `x`): which deck, how many questions (a sample, or all), in order or shuffled."""

from __future__ import annotations

from dataclasses import dataclass

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Checkbox, Footer, Input, Select, Static

from tui.cards_door import MAX_QUESTIONS
from tui.ticks import TickBox


@dataclass(frozen=True)
class ExamChoice:
    deck_id: str
    n: int | None
    """None: every card of the deck."""
    shuffle: bool


def read_count(text: str) -> int | None:
    """The number of questions typed (blank: all); ValueError with a one-line message otherwise."""
    text = text.strip()
    if not text:
        return None
    if not text.isdigit() or not 1 <= int(text) <= MAX_QUESTIONS:
        raise ValueError(f"questions: a whole number 1-{MAX_QUESTIONS}, or blank for the whole deck")
    return int(text)


class ShuffleBox(TickBox):
    """The shuffle tick box: space ticks; enter starts, as the status line says (a Checkbox would
    toggle on enter too, unticking the shuffle instead of starting)."""

    BINDINGS = [Binding("enter", "screen.start", "Start", show=False)]


class ExamSetupScreen(ModalScreen[ExamChoice | None]):
    """Deck, number of questions and order of a cold exam; enter starts it, esc goes back."""

    DEFAULT_CSS = """
    ExamSetupScreen { align: center middle; }
    #exam-setup { width: 60; max-width: 95%; }
    #exam-setup > Select, #exam-setup > Input, #exam-setup > Checkbox { width: 100%; }
    #exam-setup-status.problem { color: $error; }
    """

    BINDINGS = [
        Binding("ctrl+s", "start", "Start"),
        Binding("escape", "dismiss", "Back"),
        Binding("f1", "help", "Keys"),
    ]
    WIDGET_KEYS = [
        ("enter", "Start"),
        ("tab", "Next field: deck, questions, shuffle"),
        ("space", "Tick shuffle"),
    ]
    """Handled by the fields (listed by the help screen and the README)."""

    def __init__(self, decks: list[tuple[str, str]], deck_id: str) -> None:
        super().__init__()
        self.decks = decks
        self.deck_id = deck_id

    def compose(self) -> ComposeResult:
        ids = [deck for _, deck in self.decks]
        with Vertical(id="exam-setup", classes="modal-box"):
            yield Static("Cold exam", classes="modal-title")
            chosen = self.deck_id if self.deck_id in ids else Select.NULL
            yield Select(self.decks, value=chosen, id="exam-deck", prompt="Deck")
            yield Input(
                placeholder="questions (blank: the whole deck)",
                id="exam-count",
                max_length=4,
                restrict=r"[0-9]*",
            )
            yield ShuffleBox("Shuffle the questions", id="exam-shuffle")
            hint = "enter (or ctrl+s) starts · esc goes back · f1 lists the keys"
            yield Static(hint, id="exam-setup-status", markup=False)
        yield Footer()  # the modal's own keys, not the keys of the screen beneath

    def on_mount(self) -> None:
        self.query_one("#exam-count", Input).focus()

    @on(Input.Submitted, "#exam-count")
    def _submitted(self) -> None:
        self.action_start()

    def action_start(self) -> None:
        deck = self.query_one("#exam-deck", Select).value
        status = self.query_one("#exam-setup-status", Static)
        try:
            n = read_count(self.query_one("#exam-count", Input).value)
            if not isinstance(deck, str):
                raise ValueError("pick a deck to take as an exam")
        except ValueError as error:
            status.update(str(error))
            status.add_class("problem")
            return
        self.dismiss(ExamChoice(deck, n, self.query_one("#exam-shuffle", Checkbox).value))

    def action_help(self) -> None:
        from tui.screens.help import HelpScreen

        self.app.push_screen(HelpScreen(self))
