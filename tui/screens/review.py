"""Review screen: front, reveal, grade 0-5 with each grade's next interval, undo, progress."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Footer, Header, Markdown, Rule, Static

from engine.sm2 import GRADE_LABELS, format_interval
from tui.screens.help import HelpScreen
from tui.screens.summary import SummaryScreen

if TYPE_CHECKING:
    from engine.study import ReviewSession
    from tui.services import Services


def grade_bar(preview: dict[int, int | None]) -> str:
    """'0 blackout 1d │ 1 not at all 1d │ …' — the label and next interval of every grade."""
    return "  │  ".join(
        f"[b]{g}[/b] {GRADE_LABELS[g]} [dim]{format_interval(days)}[/dim]" for g, days in preview.items()
    )


class ReviewScreen(Screen[None]):
    """One review session over a deck (or all decks)."""

    BINDINGS = [
        Binding("space", "reveal", "Show answer"),
        Binding("enter", "reveal", "Show answer", show=False),
        Binding("0", "grade(0)", "Grade", key_display="0-5"),
        *(Binding(str(g), f"grade({g})", f"Grade {g}", show=False) for g in range(1, 6)),
        Binding("u", "undo", "Undo"),
        Binding("escape", "back", "Back"),
        Binding("question_mark", "help", "Keys"),
    ]

    revealed: reactive[bool] = reactive(False, init=False)
    """Whether the back of the current card is showing."""
    card_key: reactive[str | None] = reactive(None, init=False)
    """Key of the card on screen."""

    def __init__(self, services: Services, deck_id: str | None, session: ReviewSession) -> None:
        super().__init__()
        self.services = services
        self.deck_id = deck_id
        self.session = session
        self._timer = services.config.monotonic or time.monotonic
        self._shown_at = 0.0

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("", id="progress")
        with VerticalScroll(id="card"):
            yield Markdown("", id="front")
            yield Rule(id="divider")
            yield Markdown("", id="back")
        yield Static("", id="grades")
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = self.services.deck_title(self.deck_id)
        self.show_current()

    def show_current(self) -> None:
        """Put the session's current card on screen, front only."""
        key = self.session.current
        if key is None:
            self.app.push_screen(SummaryScreen(self.session.summary), self._after_summary)
            return
        self.card_key = key
        card = self.services.collection.card(key)
        front = card.front if card else f"*(card {key} is no longer in its deck)*"
        self.query_one("#front", Markdown).update(front)
        self.query_one("#back", Markdown).update(card.back if card else "")
        self.revealed = False
        self.watch_revealed(False)
        self._update_progress()
        self._shown_at = self._timer()

    def _update_progress(self) -> None:
        self.query_one("#progress", Static).update(
            f"done {self.session.done}  ·  left {self.session.left}  ·  {self.card_key}"
        )

    def watch_revealed(self, revealed: bool) -> None:
        self.query_one("#back").display = revealed
        self.query_one("#divider").display = revealed
        grades = self.query_one("#grades", Static)
        if revealed:
            grades.update(grade_bar(self.session.preview()))
        else:
            grades.update("[dim]space: show the answer[/dim]")
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "grade":
            return self.revealed or None
        if action == "reveal":
            return not self.revealed or None
        if action == "undo":
            return self.session.can_undo or None
        return True

    def action_reveal(self) -> None:
        self.revealed = True

    def action_grade(self, grade: int) -> None:
        if not self.revealed or self.session.current is None:
            return
        seconds = max(0.0, self._timer() - self._shown_at)
        self.session.answer(grade, seconds)
        self.show_current()

    def action_undo(self) -> None:
        key = self.session.undo()
        if key is not None:
            self.notify(f"Undid the last grade of {key}.")
            self.show_current()

    def action_back(self) -> None:
        self.dismiss()

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen(self))

    def _after_summary(self, _result: object) -> None:
        self.dismiss()
