"""Mock interview screen: an open question, its rubric checklist, then its drills, under one clock."""

from __future__ import annotations

import time
from enum import Enum
from typing import TYPE_CHECKING

from rich.markup import escape
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Footer, Header, Input, Markdown, Static

from engine.app.interviews import DrillOutcome, InterviewSession, Plan
from tui.clock_text import clock_text
from tui.drill_text import without_verdict_word
from tui.drills_door import question_markdown, solution_markdown
from tui.rubric_checklist import RubricChecklist
from tui.store_work import fault_notice, run_store_command

if TYPE_CHECKING:
    from engine.app.answering import CheckResult
    from engine.app.interviews import InterviewRecord
    from tui.drills_door import Drill
    from tui.services import Services

MAX_NOTES = 2000


class Stage(Enum):
    ASK = "ask"
    RUBRIC = "rubric"
    DRILL = "drill"
    SOLVED = "solved"


class InterviewScreen(Screen[None]):
    """enter reveals the rubric, ticks are accepted with enter, drills are checked with enter."""

    DEFAULT_CSS = """
    #iv-top { height: 2; margin: 0 1; }
    #iv-progress, #iv-clock { height: 1; }
    #iv-body { height: 1fr; margin: 0 1; }
    #iv-verdict { height: auto; max-height: 4; margin: 0 1; }
    #iv-box { margin: 0 1; }
    """

    KEYS_WAIT_FOR = ("interview-check",)
    """Worker groups the next key waits for (tui.key_gate): keys typed while an answer is
    checked go to the next question, not to this one."""
    BINDINGS = [
        Binding("ctrl+n", "skip", "Skip question"),
        Binding("ctrl+g", "give_up", "Give up drill"),
        Binding("escape", "stop", "End interview"),
        Binding("f1", "help", "Keys"),
    ]
    WIDGET_KEYS = [
        ("enter", "Show the rubric, accept its grade, check a drill, next"),
        ("1-6/space", "Tick a rubric point"),
        ("↑/↓", "Move in the rubric"),
    ]

    stage: reactive[Stage] = reactive(Stage.ASK, init=False)

    def __init__(self, services: Services, plan: Plan) -> None:
        super().__init__()
        self.services = services
        self.session = InterviewSession(plan)
        self._timer = services.config.monotonic or time.monotonic
        self._started = self._shown_at = self._drill_at = 0.0
        self._notes = ""
        self.drill: Drill | None = None

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(id="iv-top"):
            yield Static("", id="iv-progress")
            yield Static("", id="iv-clock")
        with VerticalScroll(id="iv-body"):
            yield Markdown("", id="iv-front")
            yield Markdown("", id="iv-back")
        yield Static("", id="iv-verdict")
        yield Input(id="iv-box", max_length=MAX_NOTES)
        yield Footer()

    def on_mount(self) -> None:
        plan = self.session.plan
        self.sub_title = f"Mock interview · {plan.track.label} · {plan.minutes} min"
        self._started = self._timer()
        self.set_interval(1.0, self.tick)
        self.ask()

    def ask(self) -> None:
        q = self.session.current
        if q is None:
            self.finish()
            return
        self.stage = Stage.ASK
        self._shown_at = self._timer()
        n, total = len(self.session.outcomes) + 1, len(self.session.plan.questions)
        self.query_one("#iv-progress", Static).update(
            f"[b]Question {n} of {total}[/b]  ·  {q.question.topic}"
        )
        self.query_one("#iv-front", Markdown).update(q.question.front)
        self.query_one("#iv-back", Markdown).update("")
        self._say("Answer aloud or type notes below; enter shows the rubric, ctrl+n skips.")
        self._drop_checklist()
        self._box("notes on your answer (kept with the result), then enter")
        self.tick()

    def tick(self) -> None:
        now = self._timer()
        left = self.session.plan.minutes * 60 - (now - self._started)
        total = f"{clock_text(left)} left" if left >= 0 else f"[b]{clock_text(-left)} over time[/b]"
        q = self.session.current
        guide = "" if q is None else f" of {clock_text(q.guide_seconds)} guide"
        self.query_one("#iv-clock", Static).update(
            f"⏱ this question {clock_text(now - self._shown_at)}{guide}  ·  interview {total}"
        )

    @on(Input.Submitted, "#iv-box")
    def submitted(self, event: Input.Submitted) -> None:
        if self.stage is Stage.ASK:
            self._notes = event.value
            self.reveal()
        elif self.stage is Stage.DRILL and self.drill is not None:
            if not event.value.strip():
                self._say("Type an answer, or ctrl+g to give up and see the solution.")
                return
            event.input.disabled = True
            self.check(self.drill, event.value)
        elif self.stage is Stage.SOLVED:
            self.next_step()

    def reveal(self) -> None:
        q = self.session.current
        assert q is not None
        self.stage = Stage.RUBRIC
        self.query_one("#iv-back", Markdown).update(q.question.back)
        self._say("")
        checklist = RubricChecklist(q.question.rubric, id="iv-rubric")
        self.query_one("#iv-body", VerticalScroll).mount(checklist, after="#iv-front")
        box = self.query_one("#iv-box", Input)
        box.disabled = True
        checklist.focus()
        checklist.scroll_visible()

    @on(RubricChecklist.Accepted)
    def accept(self, event: RubricChecklist.Accepted) -> None:
        if self.stage is not Stage.RUBRIC:
            return
        for i in sorted(event.checklist.ticked):
            self.session.toggle(i)
        self.session.answer(self._timer() - self._shown_at, self._notes)
        self.next_step()

    def next_step(self) -> None:
        pending = self.session.pending_drill
        if pending is None:
            self.ask()
            return
        kind, seed = pending
        self.drill = self.services.drill(kind, seed)
        self.stage = Stage.DRILL
        self._drill_at = self._timer()
        q = self.session.current
        if q is not None:
            i, n = len(self.session.drills_done) + 1, len(q.drills)
            self.query_one("#iv-progress", Static).update(
                f"[b]Question {len(self.session.outcomes) + 1} of {len(self.session.plan.questions)}[/b]"
                f"  ·  follow-up {i} of {n}: {kind}"
            )
        self._drop_checklist()
        self.query_one("#iv-front", Markdown).update(question_markdown(self.drill))
        self.query_one("#iv-back", Markdown).update("")
        self._say("The follow-up calculation: enter checks, ctrl+g gives up.")
        self._box("your answer, with its unit (enter checks)")

    @work(thread=True, exclusive=True, group="interview-check")
    def check(self, drill: Drill, text: str) -> None:
        """Units and formulas take a moment the first time: off the UI thread."""
        result = self.services.check_drill(drill, text)
        self.app.call_from_thread(self.checked, drill, result)

    def checked(self, drill: Drill, result: CheckResult | None) -> None:
        box = self.query_one("#iv-box", Input)
        if result is not None and result.verdict == "unreadable":
            self._say(f"[b]Could not read that:[/b] {escape(without_verdict_word(result.message))}")
            box.disabled = False
            box.focus()
            return
        verdict = "gave_up" if result is None else result.verdict.value
        slip = None if result is None else result.slip
        self.session.drill_done(DrillOutcome(drill.kind, verdict, self._timer() - self._drill_at, slip))
        self.stage = Stage.SOLVED
        head = "Gave up: the solution is below." if result is None else escape(result.message)
        self._say(f"{head}  ·  enter: next")
        self.query_one("#iv-back", Markdown).update(solution_markdown(drill))
        box.value, box.disabled, box.placeholder = "", False, "enter: next"
        box.focus()

    def action_give_up(self) -> None:
        if self.stage is Stage.DRILL and self.drill is not None:
            self.checked(self.drill, None)

    def action_skip(self) -> None:
        if self.stage in (Stage.ASK, Stage.RUBRIC):
            self.session.skip(self._timer() - self._shown_at, self.query_one("#iv-box", Input).value)
            self.ask()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "skip":
            return self.stage in (Stage.ASK, Stage.RUBRIC)
        if action == "give_up":
            return self.stage is Stage.DRILL
        return True

    def watch_stage(self) -> None:
        self.refresh_bindings()

    def action_help(self) -> None:
        from tui.screens.help import HelpScreen

        self.app.push_screen(HelpScreen(self))

    def action_stop(self) -> None:
        self.finish()

    def finish(self) -> None:
        """Store what was answered (off the UI thread) and show the report; nothing answered: back."""
        if not self.session.outcomes:
            self.dismiss()
            return
        self.stage = Stage.SOLVED
        self._say("Saving the interview…")
        record = self.services.interview_record(self.session, self._timer() - self._started)
        unsaved = "This interview was not saved"
        run_store_command(
            self,
            lambda: self.services.save_interview(record),
            what=unsaved,
            done=lambda earlier: self._report(record, earlier, None),
            failed=lambda error: self._report(record, (), fault_notice(unsaved, error)),
        )

    def _report(
        self, record: InterviewRecord, earlier: tuple[InterviewRecord, ...], problem: str | None
    ) -> None:
        from tui.screens.interview_report import InterviewReportScreen

        self.app.switch_screen(InterviewReportScreen(self.services, record, earlier, problem))

    def _say(self, text: str) -> None:
        self.query_one("#iv-verdict", Static).update(text)

    def _box(self, placeholder: str) -> None:
        box = self.query_one("#iv-box", Input)
        box.value, box.placeholder, box.disabled = "", placeholder, False
        box.focus()

    def _drop_checklist(self) -> None:
        for old in self.query("#iv-rubric"):
            old.remove()
