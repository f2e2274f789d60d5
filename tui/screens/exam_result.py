"""Exam result screen: the score, each section against the deck's own bands, the misses, study them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Header, Static

from tui.cards_door import aim, deck_bands
from tui.clock_text import clock_text

if TYPE_CHECKING:
    from tui.cards_door import ExamSession
    from tui.services import Services


def first_line(markdown: str, width: int = 70) -> str:
    line = next((s.strip() for s in markdown.splitlines() if s.strip()), "")
    return line if len(line) <= width else line[: width - 1] + "…"


MIN_TO_JUDGE = 3
"""Questions a section needs before its result is judged against the deck's words."""


class ExamResultScreen(Screen[None]):
    """Score /N, sections, the questions missed; a button reviews exactly those (SM-2 grades then apply)."""

    DEFAULT_CSS = """
    #exam-result { height: 1fr; margin: 0 1; }
    #exam-score { text-style: bold; margin: 1 0 0 0; }
    #exam-sections, #exam-missed { margin: 1 0 0 0; }
    #exam-buttons { height: auto; margin: 0 1; }
    #exam-buttons Button { margin: 0 2 0 0; }
    """

    BINDINGS = [
        Binding("m", "study_misses", "Review misses"),
        Binding("escape", "done", "Done"),
        Binding("question_mark", "help", "Keys"),
        Binding("f1", "help", "Keys", show=False),
    ]

    def __init__(self, services: Services, session: ExamSession) -> None:
        super().__init__()
        self.services = services
        self.session = session
        self.result = session.result()

    def action_help(self) -> None:
        from tui.screens.help import HelpScreen

        self.app.push_screen(HelpScreen(self))

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll(id="exam-result"):
            yield Static(self._score_text(), id="exam-score", markup=False)
            yield Static(self._sections_text(), id="exam-sections")
            yield Static(self._missed_text(), id="exam-missed", markup=False)
        with Horizontal(id="exam-buttons"):
            misses = len(self.result.missed)
            if misses:  # "Review the 0 missed" would offer nothing to do
                yield Button(f"Review the {misses} missed (m)", id="study-misses", variant="primary")
            yield Button("Done (esc)", id="done")
        yield Footer()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """No misses, no 'Review misses' key in the footer."""
        return bool(self.result.missed) if action == "study_misses" else True

    def on_mount(self) -> None:
        self.sub_title = f"Exam result · {self.session.deck.title}"

    def _score_text(self) -> str:
        r = self.result
        share = r.right / r.asked * 100 if r.asked else 0.0
        text = f"Score {r.right}/{r.asked} ({share:.0f}%) in {clock_text(r.seconds)}"
        target = aim(self.session.deck)
        if target is not None:
            text += f"  ·  the deck says: aim for {target[0]}+/{target[1]} cold"
        if r.asked < len(self.session.questions):
            text += f"  ·  stopped after {r.asked} of {len(self.session.questions)}"
        return text

    def _sections_text(self) -> str:
        verdicts = {b.label: b.verdict for b in deck_bands(self.session.deck)}
        lines = ["[b]By section[/b]" + ("  (the deck's self-grading bands)" if verdicts else "  (by tag)")]
        for s in self.result.sections:
            if s.asked < MIN_TO_JUDGE:  # one question says nothing about a band
                lines.append(f"  · {s.label:<14} {s.right}/{s.asked}  [dim]too few to judge[/dim]")
                continue
            mark = "✓" if s.right == s.asked else "✗"
            note = verdicts.get(s.label, "")
            say = f"  [dim]{note}[/dim]" if note and s.right < s.asked else ""
            lines.append(f"  {mark} {s.label:<14} {s.right}/{s.asked}{say}")
        return "\n".join(lines)

    def _missed_text(self) -> str:
        if not self.result.missed:
            return "Nothing missed."
        lines = [f"Missed ({len(self.result.missed)})"]
        room = max(40, self.app.size.width - 4)  # the screen's padding: a line never wraps
        for q in self.result.missed:
            prefix = f"  {q.card.id:<8} "
            lines.append(prefix + first_line(q.front, max(20, room - len(prefix))))
        lines.append("The exam left your review schedule alone; grading the misses in a review updates it.")
        return "\n".join(lines)

    @on(Button.Pressed, "#study-misses")
    def action_study_misses(self) -> None:
        """A review session over exactly the missed cards: grading them there updates their schedule."""
        if not self.result.missed:
            self.notify("Nothing missed.")
            return
        from engine.app import ReviewSession
        from tui.screens.review import ReviewScreen

        deck_id = self.session.deck.id
        keys = [f"{deck_id}/{q.card.id}" for q in self.result.missed]
        session = ReviewSession(self.services.study, keys)
        self.app.switch_screen(ReviewScreen(self.services, deck_id, session))

    @on(Button.Pressed, "#done")
    def action_done(self) -> None:
        self.dismiss()
