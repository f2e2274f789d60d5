"""Review screen: front, optional typed answer, reveal, grade 0-5 with each grade's interval, undo."""

from __future__ import annotations

import contextlib
import time
from functools import partial
from typing import TYPE_CHECKING

from rich.markup import escape
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Footer, Header, Input, Markdown, Rule, Static

from engine.app.values import AppError, Grade, grade_of_key, key_of_grade
from tui.drill_text import without_verdict_word
from tui.review_drill import DueDrill
from tui.review_glance import GlanceStart
from tui.review_marks import MarkActions
from tui.review_text import grade_bar, hint_line, leech_notice, placeholder, progress_line
from tui.rubric_checklist import RubricChecklist
from tui.screens.help import HelpScreen
from tui.screens.summary import SummaryScreen
from tui.store_work import fault_notice, run_store_command

if TYPE_CHECKING:
    from textual.await_complete import AwaitComplete

    from engine.app import Answered, Current, ReviewSession
    from tui.services import Services
    from tui.start import Glance

MAX_ANSWER_CHARS = 500
SHOW, UNDO, KEYS = Binding.Group("Show answer"), Binding.Group("Undo"), Binding.Group("Keys")
WRITES = {
    *("grade", "accept", "reveal", "reveal_or_accept", "give_up"),
    *("undo", "suspend", "bury", "flag", "edit"),
}
"""Actions that write (or move past an item being written): they wait while a write is pending."""
TYPED_KEYS = {"reveal", "undo", "help", "grade", "suspend", "bury", "flag", "edit"}
"""Actions whose keys type into the answer box: hidden while it has focus."""


class ReviewScreen(DueDrill, GlanceStart, MarkActions, Screen[None]):
    """One review session over a deck (or all decks); with a glance, its first card shows before the
    decks are open and the session arrives with `bind`."""

    # Keys a typed answer would swallow (space, digits, u, ?) are hidden while the answer box has
    # focus; the ctrl/f1 twins work there too, and share a footer entry with them otherwise.
    BINDINGS = [
        Binding("space", "reveal", "Show answer", group=SHOW),
        Binding(
            "space",
            "accept",
            "Accept grade",
            tooltip="Grade with the suggested grade (4, or the typed verdict's)",
        ),
        Binding("ctrl+g", "reveal_typing", "Show answer", group=SHOW),
        Binding("ctrl+g", "give_up", "Give up (graded 0)", tooltip="A due drill: see its solution, graded 0"),
        Binding("enter", "reveal_or_accept", "Show or check the answer, then accept its grade", show=False),
        Binding("0", "grade(0)", "Grade", key_display="0-5"),
        *(Binding(str(g), f"grade({g})", f"Grade {g}", show=False) for g in range(1, 6)),
        Binding("exclamation_mark", "suspend", "Suspend", show=False),
        Binding("minus", "bury", "Bury until tomorrow", show=False),
        Binding("f", "flag", "Flag", show=False),
        Binding("e", "edit", "Edit in $EDITOR", show=False),
        Binding("u", "undo", "Undo", group=UNDO),
        Binding("ctrl+z", "undo_typing", "Undo", group=UNDO),
        Binding("escape", "back", "Back"),
        Binding("question_mark", "help", "Keys", group=KEYS),
        Binding("f1", "help_typing", "Keys", group=KEYS),
    ]

    revealed: reactive[bool] = reactive(False, init=False)
    """Whether the back of the current item is showing."""
    card_key: reactive[str | None] = reactive(None, init=False)
    """Key of the item on screen."""
    suggested: reactive[Grade | None] = reactive(None, init=False)
    """Grade space/enter accepts once the answer shows (the typed verdict's, or 4); None before."""
    drill_graded: reactive[Grade | None] = reactive(None, init=False)
    """A due drill on show was answered (or given up) and graded with this; enter moves on."""
    saving: reactive[str | None] = reactive(None, init=False)
    """A write to the store is under way (shown in the progress line): the keys that write wait."""
    unsaved: reactive[Grade | None] = reactive(None, init=False)
    """The grade whose save failed: still on screen, space saves it again."""

    def __init__(
        self,
        services: Services | None,
        deck_id: str | None,
        session: ReviewSession | None,
        *,
        glance: Glance | None = None,
    ) -> None:
        super().__init__()
        self.services = services
        self.deck_id = deck_id
        self.session = session
        self.glance = glance
        self._timer = (services.config.monotonic if services else None) or time.monotonic
        self._shown_at = 0.0
        self.item: Current | None = None
        self._stalled = False

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("", id="progress")
        with VerticalScroll(id="card"):
            yield Markdown("", id="front")
            yield Input(id="answer", max_length=MAX_ANSWER_CHARS)
            yield Static("", id="verdict")
            yield Rule(id="divider")
            yield Markdown("", id="back")
        yield Static("", id="grades")
        if self.glance is None:  # else mounted once the glance's card is painted
            yield Footer()

    def on_mount(self) -> None:
        self.sub_title = self.services.deck_title(self.deck_id) if self.services else self.glance_title()
        self.show_current()
        if self.glance is not None:
            self.call_after_refresh(self.add_footer)

    def show_current(self) -> None:
        """Put the session's current item on screen, front only (before the session: the glance's)."""
        if self.session is None:
            self.show_glance()
            return
        try:
            current = self.session.current()
        except AppError as error:  # the answer before was saved; the next card's state was not read
            self.notify(fault_notice("Cannot show the next card", error), severity="error", timeout=15)
            verdict = self.query_one("#verdict", Static)
            verdict.update("The next card could not be read: press space to try again.")
            self._stalled = True
            return
        self._stalled = False
        if current is None:
            self.app.push_screen(SummaryScreen(self.session.summary), self._after_summary)
            return
        self.item = current
        item = current.prompt
        self.query_one("#back", Markdown).update(item.back)
        typed = (item.hint or "") if item.check is not None else None
        self.put_front(current.key, item.front, typed, item.graded_by_answer)

    def put_front(
        self, key: str, front: str, hint: str | None, graded_by_answer: bool = False
    ) -> AwaitComplete:
        """The front of a new item, its answer box shown when `hint` asks for a typed answer; done
        (awaitable) once the front's text is mounted."""
        self.card_key = key
        drawn = self.query_one("#front", Markdown).update(front)
        box = self.query_one("#answer", Input)
        box.value = ""
        box.display = hint is not None
        self.set_placeholder(hint, graded_by_answer)
        self.drill_graded = None
        self.unsaved = None
        for checklist in self.query(RubricChecklist):
            checklist.remove()
        self.query_one("#verdict", Static).update("")
        self.suggested = None
        self.revealed = False
        self.watch_revealed(False)
        (box if hint is not None else self.query_one("#card")).focus()
        self._update_progress()
        self._shown_at = self._timer()
        return drawn

    def set_placeholder(self, hint: str | None, graded_by_answer: bool) -> None:
        self.query_one("#answer", Input).placeholder = placeholder(hint, graded_by_answer)

    def _update_progress(self) -> None:
        mark = self.item.mark if self.item is not None else None
        done, left = (self.session.done, self.session.left) if self.session else (0, self.glance_left())
        line = progress_line(done, left, self.card_key, mark)
        self.query_one("#progress", Static).update(line + (f"  ·  {self.saving}" if self.saving else ""))

    def watch_revealed(self, revealed: bool) -> None:
        self.query_one("#back").display = revealed
        self.query_one("#divider").display = revealed
        self._update_grades()
        if revealed and self.session is not None:
            self._show_rubric()
            self.suggested = self.session.suggested()
        if revealed and self.query(RubricChecklist):
            self.query_one(RubricChecklist).focus()  # 1-6 tick, enter accepts the proposed grade
        elif revealed and self.query_one("#answer", Input).has_focus:
            self.query_one("#card").focus()  # digits grade from here on
        self.refresh_bindings()

    def _show_rubric(self) -> None:
        """An open question's rubric as a checklist under the front; its coverage proposes the grade."""
        item = None if self.item is None else self.item.prompt
        if item is None or not item.rubric or self.query(RubricChecklist) or self.session is None:
            return
        if self.session.was_checked():  # a checked typed answer grades it; the rubric is not asked
            return
        self.session.cover(())
        self.query_one("#card", VerticalScroll).mount(RubricChecklist(item.rubric), after="#verdict")

    @on(RubricChecklist.Changed)
    def _ticked(self, event: RubricChecklist.Changed) -> None:
        if self.session is not None and self.revealed:
            self.session.cover(event.checklist.ticked)
            self.suggested = self.session.suggested()

    @on(RubricChecklist.Accepted)
    def _accepted(self, _event: RubricChecklist.Accepted) -> None:
        self.action_accept()

    def on_resize(self) -> None:
        self._update_grades()  # the grade bar breaks its lines between grades, for this width

    def watch_suggested(self, _suggested: Grade | None) -> None:
        self._update_grades()

    def _update_grades(self) -> None:
        grades = self.query_one("#grades", Static)
        if self.revealed and self.item is not None and self.drill_graded is None and not self._is_drill():
            accept = "enter" if self.item.prompt.rubric else "space/enter"
            width = grades.content_size.width or self.app.size.width - 2  # 0 before the first layout
            grades.update(grade_bar(self.item.outcomes, self.suggested, self._layout(), accept, width))
        else:
            typed = self.query_one("#answer", Input).display
            grades.update(hint_line(self.drill_graded, self._is_drill(), typed))

    @on(Input.Submitted, "#answer")
    def check_answer(self, event: Input.Submitted) -> None:
        """Check the typed answer; 'could not read that' keeps the box for another try."""
        self.check_text(event.value)

    def check_text(self, typed: str) -> None:
        if self.session is None:
            self.wait_for_decks(lambda: self.check_text(typed))
            return
        item = None if self.item is None else self.item.prompt
        if item is None or item.check is None or self.revealed:
            return
        text = typed.strip()
        if not text and item.graded_by_answer:
            self._drill_needs_answer()
            return
        if not text:
            self.revealed = True
            return
        seconds = self._timer() - self._shown_at
        checked = self.session.check(text, seconds, float(self.services.config.settings.drill_seconds))
        if checked is None:
            return
        result = checked.result
        verdict = self.query_one("#verdict", Static)
        if checked.suggested is None:
            verdict.update(f"[b]{escape(result.message)}[/b]")
            return
        if item.graded_by_answer:
            self._grade_drill(text, result, seconds)
            return
        said = escape(without_verdict_word(result.message))
        verdict.update(f"[b]{result.verdict.value.replace('_', ' ')}[/b] — {said}")
        self.revealed = True

    def watch_drill_graded(self, _graded: Grade | None) -> None:
        self._update_grades()
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in TYPED_KEYS and self._typing():
            return False
        ctrl_g = action in {"reveal_typing", "give_up"} and self.session is not None
        if ctrl_g and self._is_drill() != (action == "give_up"):
            return False  # ctrl+g's footer label says what it does now: give up a drill, else show
        action = action.removesuffix("_typing")
        if self.session is None:
            return action in {"reveal", "reveal_or_accept", "back", "help"}  # the others need the session
        if self.saving and action in WRITES:
            return False
        if action == "grade":
            return self.revealed and self.drill_graded is None
        if action == "reveal":
            return not self.revealed
        if action == "accept":
            return self.revealed
        if action == "undo":
            return self.session.can_undo
        return True

    def _typing(self) -> bool:
        return not self.revealed and self.query_one("#answer", Input).has_focus

    def on_descendant_focus(self) -> None:
        self.refresh_bindings()

    def on_descendant_blur(self) -> None:
        self.refresh_bindings()

    def action_reveal(self) -> None:
        """Show the answer; a due drill is given up (graded 0) by showing its solution."""
        if self.session is None:
            self.wait_for_decks(self.action_reveal)
            return
        if self._stalled:
            self.show_current()
            return
        if self._is_drill():
            self._grade_drill("", None, self._timer() - self._shown_at)
            return
        self.revealed = True

    def action_reveal_typing(self) -> None:
        self.action_reveal()

    def action_give_up(self) -> None:
        """A due drill's ctrl+g: its solution shown, graded 0 (the hint line says so too)."""
        self.action_reveal()

    def action_undo_typing(self) -> None:
        self.action_undo()

    def action_help_typing(self) -> None:
        self.action_help()

    def action_reveal_or_accept(self) -> None:
        if self.session is None:
            self.wait_for_decks(self.action_reveal_or_accept)
            return
        if self._stalled:
            self.show_current()
            return
        if self.drill_graded is not None:
            self.show_current()
            return
        if self._is_drill():
            self._drill_needs_answer()
            return
        if not self.revealed:
            self.revealed = True
        else:
            self.action_accept()

    def action_accept(self) -> None:
        """Grade with the suggested grade: the typed verdict's, or 4 (Anki's 'Good'); after a failed
        save, the grade that was not saved."""
        if self._stalled:  # the grade before was saved: space shows the next card, never grades again
            self.show_current()
        elif self.revealed:
            self._answer(self.unsaved if self.unsaved is not None else self.session.suggested())

    def _layout(self) -> str:
        """The grade key layout in use (setting grade_keys)."""
        config = getattr(self.app, "config", None)
        return config.settings.grade_keys if config is not None else "flopcards"

    def action_grade(self, key: int) -> None:
        """A digit key: the grade it gives in the layout in use (Anki's: 1-4 only), if any."""
        grade = grade_of_key(self._layout(), key)
        if grade is not None:
            self._answer(grade)

    def _answer(self, grade: int) -> None:
        if not self.revealed or self.item is None or self.drill_graded is not None or self.saving:
            return
        seconds = max(0.0, self._timer() - self._shown_at)
        session, given = self.session, Grade(grade)

        def save() -> Answered:
            answered = session.answer(given, seconds)
            with contextlib.suppress(AppError):  # the next card read here, off the UI thread
                session.current()
            return answered

        self.saving = f"saving grade {grade}…"
        failed = partial(self._not_saved, given)
        run_store_command(self, save, what=f"Grade {grade} not saved", done=self._saved, failed=failed)

    def _saved(self, answered: Answered) -> None:
        self.saving = None
        self.unsaved = None
        if answered.leech:
            self.notify(leech_notice(answered), severity="warning", timeout=10)
        self.show_current()

    def _not_saved(self, grade: Grade, _error: AppError) -> None:
        """The card stays with its answer shown; space (or the grade's key) saves it again."""
        self.saving = None
        self.unsaved = grade
        self.suggested = grade  # the key bar says space saves this grade again
        key = key_of_grade(self._layout(), grade)[0]
        self.query_one("#verdict", Static).update(
            f"[b]Grade {int(grade)} was not saved[/b] — press {key} or space to try again."
        )

    def watch_saving(self, _saving: str | None) -> None:
        self._update_progress()
        self.refresh_bindings()

    def action_back(self) -> None:
        self.dismiss()

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen(self))

    def _after_summary(self, _result: object) -> None:
        self.dismiss()
