"""Exam question screen: the front only, a per-question and a total clock, reveal, mark right or wrong."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from rich.markup import escape
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Footer, Header, Input, Markdown, Static

from engine.app.answering import RubricPoint
from tui.clock_text import clock_text
from tui.drill_text import without_verdict_word
from tui.rubric_checklist import RubricChecklist

if TYPE_CHECKING:
    from textual.app import App

    from engine.app.answering import CheckResult
    from tui.cards_door import ExamSession
    from tui.services import Services

MAX_ANSWER_CHARS = 500
DEFAULT_EXAM_DECK = "grill"


class ExamScreen(Screen[None]):
    """One cold exam: no hints; enter reveals (checking a typed answer first), then r / w marks it."""

    DEFAULT_CSS = """
    #exam-top { height: auto; margin: 0 1; layout: vertical; }
    /* two lines, as the interview's: at 80 columns the clock beside the progress cut or split it */
    #exam-progress { width: 1fr; height: auto; }
    #exam-clock { width: 1fr; }
    #exam-body { height: 1fr; margin: 0 1; }
    #exam-verdict { margin: 1 0 0 0; }
    #exam-answer { margin: 0 1; }
    """

    KEYS_WAIT_FOR = ("exam-check",)
    """Worker groups the next key waits for (tui.key_gate): keys typed while an answer is
    checked go to the next question, not to this one."""
    BINDINGS = [
        Binding("r", "mark(True)", "Right"),
        Binding("w", "mark(False)", "Wrong"),
        Binding("enter", "accept", "Accept mark", show=False),
        Binding("escape", "stop", "End exam"),
        Binding("f1", "help", "Keys"),  # f1, not ?: the answer box has the focus
    ]

    revealed: reactive[bool] = reactive(False, init=False)

    def __init__(self, services: Services, session: ExamSession) -> None:
        super().__init__()
        self.services = services
        self.session = session
        self._timer = services.config.monotonic or time.monotonic
        self._started = 0.0
        self._shown_at = 0.0
        self._answer_seconds = 0.0
        self._finishing = False

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="exam-top"):
            yield Static("", id="exam-progress")
            yield Static("", id="exam-clock")
        with VerticalScroll(id="exam-body"):
            yield Markdown("", id="exam-front")
            yield Static("", id="exam-verdict")
            yield Markdown("", id="exam-back")
        yield Input(id="exam-answer", max_length=MAX_ANSWER_CHARS)
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = f"Exam · {self.session.deck.title}"
        self._started = self._timer()
        self.set_interval(1.0, self.tick)
        self.show_current()

    def show_current(self) -> None:
        question = self.session.current
        if question is None:
            self.finish()
            return
        self.revealed = False
        total = len(self.session.questions)
        self.query_one("#exam-progress", Static).update(
            f"[b]Question {self.session.index + 1} of {total}[/b]  ·  {question.card.id}"
            f"  ·  right so far {sum(self.session.marks)}"
        )
        self.query_one("#exam-front", Markdown).update(question.front)
        self.query_one("#exam-back", Markdown).update("")
        self.query_one("#exam-verdict", Static).update("")
        for checklist in self.query(RubricChecklist):
            checklist.remove()
        box = self.query_one("#exam-answer", Input)
        box.value = ""
        box.disabled = False
        box.placeholder = (
            "type your answer (the engine checks it), or enter to reveal"
            if self.session.answerable
            else "type or say your answer, then enter to reveal"
        )
        box.focus()
        self._shown_at = self._timer()
        self.tick()

    def tick(self) -> None:
        now = self._timer()
        this = self._answer_seconds if self.revealed else now - self._shown_at
        self.query_one("#exam-clock", Static).update(
            f"⏱ this question {clock_text(this)}  ·  total {clock_text(now - self._started)}"
        )

    @on(Input.Submitted, "#exam-answer")
    def submitted(self, event: Input.Submitted) -> None:
        if self.revealed:
            return
        text = event.value.strip()
        if text and self.session.answerable:
            event.input.disabled = True
            self.check(text)
        else:
            self.reveal(None)

    @work(thread=True, exclusive=True, group="exam-check")
    def check(self, text: str) -> None:
        """Read and check the typed answer off the UI thread (units and formulas take a moment)."""
        result = self.session.check(text)
        self.app.call_from_thread(self.reveal, result)

    def reveal(self, result: CheckResult | None) -> None:
        box = self.query_one("#exam-answer", Input)
        if result is not None and result.verdict == "unreadable":
            self.query_one("#exam-verdict", Static).update(
                f"[b]Could not read that:[/b] {escape(without_verdict_word(result.message))}"
            )
            box.disabled = False
            box.focus()
            return
        self._answer_seconds = self._timer() - self._shown_at
        self.revealed = True
        box.disabled = True
        question = self.session.current
        assert question is not None
        self.query_one("#exam-back", Markdown).update(question.back)
        if question.card.rubric and result is None:
            self.session.cover(())
            checklist = RubricChecklist(
                [RubricPoint(p.point, p.weight, p.essential) for p in question.card.rubric]
            )
            self.query_one("#exam-body", VerticalScroll).mount(checklist, after="#exam-verdict")
            checklist.focus()
        suggested = self.session.suggested()
        if result is None and question.card.rubric:
            line = self._rubric_line()
        elif result is None:
            line = "Mark it yourself: [b]r[/b] right · [b]w[/b] wrong"
        else:
            mark = "right" if suggested else "wrong"
            said = escape(without_verdict_word(result.message))
            line = f"[b]{result.verdict.replace('_', ' ')}[/b]: {said}  →  enter marks it {mark}"
        self.query_one("#exam-verdict", Static).update(line)
        self.tick()

    def _rubric_line(self) -> str:
        mark = "right" if self.session.suggested() else "wrong"
        return f"Tick what you covered (1-6); enter marks it {mark} · or [b]r[/b] right · [b]w[/b] wrong"

    @on(RubricChecklist.Changed)
    def _ticked(self, event: RubricChecklist.Changed) -> None:
        if self.revealed:
            self.session.cover(event.checklist.ticked)
            self.query_one("#exam-verdict", Static).update(self._rubric_line())

    @on(RubricChecklist.Accepted)
    def _accepted(self, _event: RubricChecklist.Accepted) -> None:
        self.action_accept()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("mark", "accept"):
            return self.revealed
        return True

    def action_mark(self, right: bool) -> None:
        if not self.revealed or self.session.finished:
            return
        # the question's time runs until it is marked, so the result's total is the total clock's
        self.session.mark(right, self._timer() - self._shown_at)
        self.show_current()

    def action_accept(self) -> None:
        suggested = self.session.suggested()
        if self.revealed and suggested is not None:
            self.action_mark(suggested)

    def action_help(self) -> None:
        from tui.screens.help import HelpScreen

        self.app.push_screen(HelpScreen(self))

    def action_stop(self) -> None:
        self.finish()

    def finish(self) -> None:
        """Store the result (only if something was marked) and show it; SM-2 state is left alone."""
        from tui.screens.exam_result import ExamResultScreen

        if self.session.index == 0:
            self.dismiss()
            return
        from tui.store_work import run_store_command

        if self._finishing:  # stop pressed again while the result is being stored
            return
        self._finishing = True
        study = self.services.study
        now = study.now()
        record = self.session.record(now, study.clock.today(now))
        result = ExamResultScreen(self.services, self.session)
        # a result the store refused is still shown (the notice says it is not in the score history)
        run_store_command(
            self,
            lambda: study.record_exam(record),
            what="Exam result not saved",
            done=lambda _id: self.app.switch_screen(result),
            failed=lambda _error: self.app.switch_screen(result),
        )

    def watch_revealed(self, revealed: bool) -> None:
        self.refresh_bindings()


def open_exam(
    app: App[None],
    services: Services | None,
    deck_id: str | None,
    *,
    n: int | None = None,
    shuffle: bool = False,
) -> str | None:
    """Start an exam over a deck (the grill when none is chosen); returns the problem, if any."""
    from tui.cards_door import ExamError, ExamSession

    if services is None:
        return "Still opening your decks…"
    loaded = services.collection.deck(deck_id or DEFAULT_EXAM_DECK)
    if loaded is None:
        return f"No deck '{deck_id or DEFAULT_EXAM_DECK}' to take as an exam: highlight a deck first."
    try:
        session = ExamSession.start(loaded.deck, n=n, shuffle=shuffle)
    except ExamError as error:
        return str(error)
    app.push_screen(ExamScreen(services, session))
    return None
