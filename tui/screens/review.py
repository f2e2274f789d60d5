"""Review screen: front, optional typed answer, reveal, grade 0-5 with each grade's interval, undo."""

from __future__ import annotations

import contextlib
import time
from functools import partial
from typing import TYPE_CHECKING

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Footer, Header

from engine.app.values import AppError, Grade, grade_of_key, key_of_grade
from tui.review_text import leech_notice
from tui.rubric_checklist import RubricChecklist
from tui.screens.help import HelpScreen
from tui.screens.summary import SummaryScreen
from tui.store_work import fault_notice, run_store_command
from tui.widgets.due_drill import DueDrill
from tui.widgets.glance import GlanceStart
from tui.widgets.review_card import ReviewCard
from tui.widgets.review_lines import GradeBar, Grading, Progress, ProgressLine
from tui.widgets.review_marks import ReviewMarks
from tui.widgets.typed_answer import AnswerBox, Verdict

if TYPE_CHECKING:
    from collections.abc import Callable

    from textual.await_complete import AwaitComplete

    from engine.app import Answered, Current, ReviewSession
    from engine.app.answering import CheckResult
    from tui.services import Services
    from tui.start import Glance

SHOW, UNDO, KEYS = Binding.Group("Show answer"), Binding.Group("Undo"), Binding.Group("Keys")
WRITES = {
    *("grade", "accept", "reveal", "reveal_or_accept", "give_up"),
    *("undo", "suspend", "bury", "flag", "edit"),
}
"""Actions that write (or move past an item being written): they wait while a write is pending."""
TYPED_KEYS = {"reveal", "undo", "help", "grade", "suspend", "bury", "flag", "edit"}
"""Actions whose keys type into the answer box: hidden while it has focus."""


class ReviewScreen(Screen[None]):
    """One review session over a deck (or all decks); with a glance, its first card shows before the
    decks are open and the session arrives with `bind`. The screen holds the session's turn (show,
    check, reveal, grade) and the keys; it composes the progress line, the card (front, typed answer
    and verdict, back, rubric), the grade bar, and the widgets that write a due drill's attempt and
    the marks (they report back in messages) or hold the glance's waiting key."""

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
        yield ProgressLine("", id="progress")
        yield ReviewCard(id="card")
        yield GradeBar("", id="grades")
        yield DueDrill()
        yield ReviewMarks()
        if self.glance is None:
            yield Footer()
        else:  # the key bar is mounted once the glance's card is painted
            yield GlanceStart(self.glance)

    def on_mount(self) -> None:
        glanced = self.glance.deck_title if self.glance else ""
        self.sub_title = self.services.deck_title(self.deck_id) if self.services else glanced
        self.show_current()
        if self.glance is not None:
            self.call_after_refresh(self.query_one(GlanceStart).add_footer)

    def show_current(self) -> None:
        """Put the session's current item on screen, front only (before the session: the glance's)."""
        if self.session is None:
            for start in self.query(GlanceStart):
                glance = start.glance
                start.front_drawn = self.put_front(glance.key, glance.front, glance.hint)
            return
        try:
            current = self.session.current()
        except AppError as error:  # the answer before was saved; the next card's state was not read
            self.notify(fault_notice("Cannot show the next card", error), severity="error", timeout=15)
            self.query_one(Verdict).stalled()
            self._stalled = True
            return
        self._stalled = False
        if current is None:
            self.app.push_screen(SummaryScreen(self.session.summary), self._after_summary)
            return
        self.item = current
        item = current.prompt
        self.query_one(ReviewCard).show_back(item.back)
        typed = (item.hint or "") if item.check is not None else None
        self.put_front(current.key, item.front, typed, item.graded_by_answer)

    def put_front(
        self, key: str, front: str, hint: str | None, graded_by_answer: bool = False
    ) -> AwaitComplete:
        """The front of a new item, its answer box shown when `hint` asks for a typed answer; done
        (awaitable) once the front's text is mounted."""
        self.card_key = key
        card = self.query_one(ReviewCard)
        drawn = card.show_front(front, hint, graded_by_answer)
        self.drill_graded = None
        self.unsaved = None
        self.suggested = None
        self.revealed = False
        self.watch_revealed(False)
        (card.query_one(AnswerBox) if hint is not None else card).focus()
        self._update_progress()
        self._shown_at = self._timer()
        return drawn

    def _update_progress(self) -> None:
        mark = self.item.mark if self.item is not None else None
        left = self.glance.left if self.glance else 0
        done, left = (self.session.done, self.session.left) if self.session else (0, left)
        self.query_one(ProgressLine).progress = Progress(done, left, self.card_key, mark, self.saving)

    def watch_revealed(self, revealed: bool) -> None:
        self.query_one(ReviewCard).revealed = revealed
        self._update_grades()
        if revealed and self.session is not None:
            self._show_rubric()
            self.suggested = self.session.suggested()
        if revealed and self.query(RubricChecklist):
            self.query_one(RubricChecklist).focus()  # 1-6 tick, enter accepts the proposed grade
        elif revealed and self.query_one(AnswerBox).has_focus:
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
        self.query_one(ReviewCard).ask_rubric(item.rubric)

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
        item = self.item
        self.query_one(GradeBar).grading = Grading(
            revealed=self.revealed,
            outcomes=None if item is None else item.outcomes,
            suggested=self.suggested,
            layout=self._layout(),
            accept="enter" if item is not None and item.prompt.rubric else "space/enter",
            drill=self._is_drill(),
            drill_graded=self.drill_graded,
            typed=self.query_one(AnswerBox).display,
        )

    @on(AnswerBox.Submitted, "#answer")
    def check_answer(self, event: AnswerBox.Submitted) -> None:
        """Check the typed answer; 'could not read that' keeps the box for another try."""
        self.check_text(event.value)

    def check_text(self, typed: str) -> None:
        if self.session is None:
            self.wait_for_decks(lambda: self.check_text(typed))
            return
        if self.services is None:
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
        verdict = self.query_one(Verdict)
        if checked.suggested is None:
            verdict.unread(result)
            return
        if item.graded_by_answer:
            self._grade_drill(text, result, seconds)
            return
        verdict.checked(result)
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
        if self.session is None:  # the glance's card: keys wait for the session (the others need it)
            if self._reveal_held():  # the answer shows first: space accepts, digits grade then
                return action in {"accept", "grade", "reveal_or_accept", "back", "help"}
            return action in {"reveal", "reveal_or_accept", "back", "help"}
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
        return not self.revealed and self.query_one(AnswerBox).has_focus

    def on_descendant_focus(self) -> None:
        self.refresh_bindings()

    def on_descendant_blur(self) -> None:
        self.refresh_bindings()

    def action_reveal(self) -> None:
        """Show the answer; a due drill is given up (graded 0) by showing its solution."""
        if self.session is None:
            self.wait_for_decks(self.action_reveal, reveals=True)
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
            self.wait_for_decks(self.action_reveal_or_accept, reveals=True)
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
        if self.session is None:  # after a held reveal (space twice while the decks open)
            self.wait_for_decks(self.action_accept)
            return
        if self._stalled:  # the grade before was saved: space shows the next card, never grades again
            self.show_current()
        elif self.revealed and self.session is not None:
            self._answer(self.unsaved if self.unsaved is not None else self.session.suggested())

    def _layout(self) -> str:
        """The grade key layout in use (setting grade_keys)."""
        config = getattr(self.app, "config", None)
        return config.settings.grade_keys if config is not None else "flopcards"

    def action_grade(self, key: int) -> None:
        """A digit key: the grade it gives in the layout in use (Anki's: 1-4 only), if any."""
        if self.session is None:  # after a held reveal: enter, space, 4 pressed while the decks open
            self.wait_for_decks(partial(self.action_grade, key))
            return
        grade = grade_of_key(self._layout(), key)
        if grade is not None:
            self._answer(grade)

    def _answer(self, grade: int) -> None:
        if not self.revealed or self.item is None or self.drill_graded is not None or self.saving:
            return
        if self.session is None:
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
        self.query_one(Verdict).grade_not_saved(grade, key_of_grade(self._layout(), grade)[0])

    def watch_saving(self, _saving: str | None) -> None:
        self._update_progress()
        self.refresh_bindings()

    def action_back(self) -> None:
        self.dismiss()

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen(self))

    def _after_summary(self, _result: object) -> None:
        self.dismiss()

    # A due drill: graded by its checked answer (or a give-up), stored by the DueDrill widget

    def _is_drill(self) -> bool:
        """A due drill kind on show, not yet graded: only its answer (or giving up) grades it."""
        return self.item is not None and self.item.prompt.graded_by_answer and self.drill_graded is None

    def _drill_needs_answer(self) -> None:
        self.query_one(Verdict).drill_needs_answer()

    def _grade_drill(self, text: str, result: CheckResult | None, seconds: float) -> None:
        """Store the due drill's attempt off the UI thread, then show its verdict; when it was not
        saved, the answer stays in its box to be sent again."""
        if self.saving or self.session is None or self.services is None:  # enter pressed again meanwhile
            return
        self.saving = "saving the attempt…"
        self.query_one(DueDrill).attempt(self.services, self.session, text, result, seconds)

    @on(DueDrill.Graded)
    def _drill_saved(self, event: DueDrill.Graded) -> None:
        self.saving = None
        self.query_one(Verdict).drill_answered(event.result)
        self.drill_graded = event.grade
        self.revealed = True

    @on(DueDrill.NotSaved)
    def _drill_not_saved(self) -> None:
        self.saving = None
        self.query_one(Verdict).drill_not_saved()

    # Suspend, bury, flag, edit and undo: written by the ReviewMarks widget

    def action_suspend(self) -> None:
        self._mark(ReviewMarks.suspend)

    def action_bury(self) -> None:
        self._mark(ReviewMarks.bury)

    def action_flag(self) -> None:
        self._mark(ReviewMarks.flag)

    def _mark(self, write: Callable[[ReviewMarks, ReviewSession], None]) -> None:
        if self.session is not None:
            self.saving = "saving…"
            write(self.query_one(ReviewMarks), self.session)

    def action_undo(self) -> None:
        if self.session is not None:
            self.saving = "undoing…"
            self.query_one(ReviewMarks).undo(self.session)

    def action_edit(self) -> None:
        if self.card_key is None or self.services is None or self.session is None:
            return
        if self.query_one(ReviewMarks).edit(self.services, self.card_key):
            gone = self.session.reshow()  # cards that left their deck leave the session too
            if gone:
                self.notify(f"Left this session: {', '.join(gone[:3])}{' …' if len(gone) > 3 else ''}")
            self.show_current()

    @on(ReviewMarks.Marked)
    def _marked(self, event: ReviewMarks.Marked) -> None:
        self.saving = None
        if event.refused is not None:
            self.notify(f"Not changed: {event.refused}", severity="error", timeout=8)
            return
        self.notify(event.notice)
        self._after_mark(event.key)

    @on(ReviewMarks.NotChanged)
    def _write_failed(self) -> None:
        self.saving = None

    def _after_mark(self, key: str) -> None:
        """A flag leaves the item on show as it is (answer still showing); otherwise show the next."""
        current = None if self.session is None else self.session.current()
        if current is not None and current.key == key == self.card_key:
            self.item = current
            self._update_progress()
        else:
            self.show_current()

    @on(ReviewMarks.Undone)
    def _undone(self, event: ReviewMarks.Undone) -> None:
        self.saving = None
        if event.key is None:
            return
        key = event.key
        self.notify(f"Undid the last grade of {key}." if event.answer else f"Undid the last mark of {key}.")
        if event.answer:
            self.show_current()
        else:
            self._after_mark(key)

    # The glance: its first card shows while the decks open; keys that need the session wait

    def wait_for_decks(self, action: Callable[[], None], *, reveals: bool = False) -> None:
        """Run `action` once the session is bound, after the keys that wait already (a key pressed
        while the decks open is not lost); `reveals`: it shows the answer, the keys after it grade."""
        for glance in self.query(GlanceStart):
            glance.hold(action, reveals=reveals)
            self.query_one(GradeBar).opening()
        self.refresh_bindings()

    def _reveal_held(self) -> bool:
        return any(glance.revealing for glance in self.query(GlanceStart))

    def bind(self, services: Services, session: ReviewSession) -> None:
        """The decks are open: the session takes over. Its first item is normally the card on screen
        (then what was typed stays); if not (answered meanwhile on another device), it is shown."""
        self.services, self.session = services, session
        current, glance = session.current(), self.glance
        shown = None if glance is None else (glance.key, glance.front)
        if current is None or (current.key, current.prompt.front) != shown:
            for waiting in self.query(GlanceStart):
                waiting.drop()
            self.show_current()
        else:
            self.item = current
            prompt = current.prompt
            self.query_one(ReviewCard).show_back(prompt.back)
            self.query_one(AnswerBox).describe(prompt.hint, prompt.graded_by_answer)
            self._update_progress()
            self._update_grades()
        self.refresh_bindings()
        for waiting in self.query(GlanceStart):
            waiting.release()
