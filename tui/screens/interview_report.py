"""Mock interview report: the scores and what to study next, one key away (r cards, d drills)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Header, Markdown

from engine.app.interviews import InterviewRecord
from tui.interview_text import report_markdown

if TYPE_CHECKING:
    from tui.services import Services


class InterviewReportScreen(Screen[None]):
    """The report of one mock interview."""

    BINDINGS = [
        Binding("r", "review", "Review misses"),
        Binding("d", "drill", "Drill misses"),
        Binding("escape", "dismiss", "Done"),
        Binding("question_mark,f1", "help", "Keys"),
    ]

    def __init__(
        self,
        services: Services,
        record: InterviewRecord,
        earlier: tuple[InterviewRecord, ...],
        problem: str | None = None,
    ) -> None:
        super().__init__()
        self.services = services
        self.record = record
        self.earlier = earlier
        self.problem = problem

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll(id="iv-report"):
            yield Markdown(report_markdown(self.record, self.earlier, self.problem), id="iv-report-text")
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = "Mock interview · report"
        self.query_one("#iv-report", VerticalScroll).focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "review":
            return bool(self.record.study_cards())
        if action == "drill":
            return bool(self.record.study_kinds())
        return True

    def action_review(self) -> None:
        from tui.screens.review import ReviewScreen

        session = self.services.review_keys(self.record.study_cards())
        if not session.queue:
            self.notify("Those cards are suspended or no longer in your decks.")
            return
        self.app.push_screen(ReviewScreen(self.services, None, session))

    def action_drill(self) -> None:
        from tui.drills_door import DrillSession, Sitting, weak_plan
        from tui.screens.drill import DrillScreen

        plan = weak_plan(list(self.record.study_kinds()))
        seconds = float(self.services.config.settings.drill_seconds)
        self.app.push_screen(
            DrillScreen(self.services, Sitting(DrillSession(plan, random.Random()), seconds))
        )

    def action_help(self) -> None:
        from tui.screens.help import HelpScreen

        self.app.push_screen(HelpScreen(self))
