"""Drill screen: a timed sitting, Zetamac style. A correct answer moves on at once; a miss shows the
verdict, the named slip and the worked solution; give up, hint, and "again, new numbers" are keys."""

from __future__ import annotations

import math
import time
from typing import TYPE_CHECKING

from rich.markdown import Markdown
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.reactive import reactive
from textual.widgets import Footer, Header, Input, Static

from tui.drill_answer import DrillAnswering, Phase
from tui.drill_text import answer_placeholder
from tui.drills_door import Sitting, question_markdown
from tui.screens.drill_summary import DrillSummaryScreen
from tui.screens.help import HelpScreen
from tui.store_work import WriteQueue

if TYPE_CHECKING:
    from tui.drills_door import Drill
    from tui.services import Services


TICK_SECONDS = 0.2
MAX_SKIPS = 20


class DrillScreen(DrillAnswering):
    """One timed sitting; it ends with the summary screen."""

    KEYS_WAIT_FOR = ("drill-check",)
    """Worker groups the next key waits for (tui.key_gate): keys typed while an answer is
    checked go to the next question, not to this one."""
    BINDINGS = [
        # short words: at 80 columns the key bar holds every key, f1 Keys last, only with them
        Binding("enter", "next", "Next"),
        Binding("n", "next", "Next", show=False),
        Binding("a", "again", "Again, new numbers"),
        Binding("ctrl+g", "give_up", "Give up"),
        Binding("ctrl+o", "hint", "Hint (−1 grade)"),
        Binding("escape", "finish", "End"),
        # priority: the answer box has the focus and would take page keys for itself
        Binding("pageup", "scroll_body('up')", "Scroll", key_display="pgup/pgdn", priority=True),
        Binding("pagedown", "scroll_body('down')", "Scroll", show=False, priority=True),
        Binding("f1", "help", "Keys"),
    ]
    WIDGET_KEYS = [("enter", "Check the answer")]
    """Handled by the answer box (listed by the help screen and the README)."""

    remaining: reactive[float] = reactive(0.0, init=False)
    """Seconds left for the drill on screen (capped by the session clock)."""

    def __init__(self, services: Services, sitting: Sitting) -> None:
        super().__init__()
        self.services = services
        self.sitting = sitting
        self.session = sitting.session
        self.limit = sitting.per_drill
        self._timer = services.config.monotonic or time.monotonic
        self._started = 0.0
        self._shown_at = 0.0
        self._cap = self.limit
        self.drill: Drill | None = None
        self._pending: str | None = None  # typed, to check unasked once typing pauses
        self._typed_at = 0.0
        self.last_kind: str | None = None
        self._over = False
        self.saves = WriteQueue(self, services.record_drill, what="Attempt not saved")
        """Attempts being stored, in order, off the UI thread; a failed one is saved again later."""

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="drill-top"):
            yield Static("", id="drill-progress")
            yield Static("", id="drill-score")
            yield Static("", id="drill-clock")
        yield Static("", id="drill-flash", markup=False)
        with VerticalScroll(id="drill-body"):
            yield Static("", id="drill-question")
            yield Static("", id="drill-hint", markup=False)
            yield Static("", id="drill-verdict")
            yield Static("", id="drill-solution")
        yield Input(id="drill-answer", placeholder="your answer (enter checks)")
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = f"Drills · {self.session.plan.describe}"
        self._started = self._timer()
        self.set_interval(TICK_SECONDS, self.tick)
        self.show_next()

    def show_next(self) -> None:
        """Draw and show the next drill, or end the sitting with the summary."""
        for _ in range(MAX_SKIPS):
            item = self.sitting.next_item(self._elapsed())
            if item is None:
                break
            try:
                drill = self.services.drill(item.kind, item.seed)
            except ValueError as error:  # DrillError: the one-line reason it cannot be drawn
                self.notify(f"Skipped a drill: {error}", severity="warning")
                continue
            self._show(drill)
            return
        self.action_finish()

    def _show(self, drill: Drill) -> None:
        self.drill = drill
        number = self.session.drawn
        of = f" of {self.session.plan.count}" if self.session.plan.count else ""
        # the title heads the question below, where it wraps instead of being cut at 80 columns
        self.query_one("#drill-progress", Static).update(
            Text.assemble((f"Drill {number}{of}", "bold"), f"  ·  {drill.level}")
        )
        # rich's Markdown in a Static: one widget to lay out, where Textual's Markdown mounts one per block
        self.query_one("#drill-question", Static).update(Markdown(question_markdown(drill)))
        self.query_one("#drill-hint", Static).update("")
        self._set_verdict(Text(""))
        self.query_one("#drill-solution", Static).update("")
        box = self.query_one("#drill-answer", Input)
        box.value = ""
        box.placeholder = answer_placeholder(drill)  # its example is in the unit the question asks for
        box.disabled = False
        box.focus()
        self.query_one("#drill-body", VerticalScroll).scroll_home(animate=False)
        self.hinted = False
        self._pending = None
        self.phase = Phase.ASKING
        self._shown_at = self._timer()
        self._cap = self.sitting.limit(self._elapsed())
        self.remaining = self._cap
        self._update_score()

    def tick(self) -> None:
        """Advance the clocks: the session clock ends the sitting, the drill's clock times it out."""
        if self._over:
            return
        self._update_score()
        left = self.sitting.time_left(self._elapsed())
        if left is not None and left <= 0 and self.phase != Phase.CHECKING:
            self.action_finish()  # the sprint is over; a drill still unanswered is not graded
            return
        if self.phase != Phase.ASKING or self.drill is None:
            return
        self.remaining = max(0.0, self._cap - (self._timer() - self._shown_at))
        if self.remaining <= 0 and (left is None or left > 0):
            self._finish_drill(None, "", self._cap)
        else:
            self._peek_if_paused()

    def watch_remaining(self, left: float) -> None:
        clock = self.query_one("#drill-clock", Static)
        whole = math.ceil(left)
        clock.update(f"  ⏱ {whole // 60}:{whole % 60:02d} left")
        clock.set_class(left <= min(10.0, self.limit / 4), "low")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Keys that do nothing now are hidden from the footer."""
        if action == "next":
            return self.phase == Phase.ANSWERED
        if action == "again":
            return self.phase == Phase.ANSWERED and self.last_kind is not None
        if action == "give_up":
            return self.phase == Phase.ASKING
        if action == "hint":
            has_hint = self.drill is not None and bool(self.drill.hint)
            return self.phase == Phase.ASKING and not self.hinted and has_hint
        return True

    def action_scroll_body(self, direction: str) -> None:
        body = self.query_one("#drill-body", VerticalScroll)
        body.scroll_page_up(animate=False) if direction == "up" else body.scroll_page_down(animate=False)

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen(self))

    def action_give_up(self) -> None:
        """Show the solution; the attempt is graded 0."""
        if self.phase == Phase.ASKING and self.drill is not None:
            self._finish_drill(None, "", self._timer() - self._shown_at, gave_up=True)

    def action_hint(self) -> None:
        """Show the shape of the formula; the attempt's grade drops one step."""
        if self.phase == Phase.ASKING and self.drill is not None and self.drill.hint:
            self.hinted = True
            hint = self.query_one("#drill-hint", Static)
            hint.update(f"Hint (costs one grade step): {self.drill.hint}")
            # at 80x24 a long question pushes the hint below the fold: bring it into view
            self.call_after_refresh(self.query_one("#drill-body").scroll_to_widget, hint, animate=False)

    def action_next(self) -> None:
        if self.phase == Phase.ANSWERED:
            self.show_next()

    def action_again(self) -> None:
        """The kind just missed, with new numbers."""
        if self.phase == Phase.ANSWERED and self.last_kind is not None:
            self.sitting.again(self.last_kind)
            self.show_next()

    def action_finish(self) -> None:
        """End the sitting (a drill not yet answered is dropped) and show the summary."""
        if self._over:
            return
        self._over = True
        self.phase = Phase.ANSWERED
        self.drill = None
        self.saves.flush()  # one more try for an attempt a store fault kept back
        self.app.push_screen(
            DrillSummaryScreen(self.sitting.lines(), self.session.plan.describe), self._after_summary
        )

    def _after_summary(self, _result: object) -> None:
        if self.saves.waiting:
            count = len(self.saves.waiting)
            self.notify(
                f"{count} attempt{'s' if count > 1 else ''} of this sitting could not be saved "
                "(see the notices before); they count in the summary only.",
                severity="error",
                timeout=15,
            )
        self.dismiss()
