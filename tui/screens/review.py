"""Review screen: front, optional typed answer, reveal, grade 0-5 with each grade's interval, undo."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from textual import on
from textual.binding import Binding

from engine.app.review_turn import Step, allows, on_accept, on_enter, on_show, on_typed, stays_on_show
from engine.app.values import Grade, grade_of_key, key_of_grade
from tui.review_glance import ReviewGlance
from tui.rubric_checklist import RubricChecklist
from tui.screens.help import HelpScreen
from tui.screens.summary import SummaryScreen
from tui.widgets.due_drill import DueDrill
from tui.widgets.grade_save import GradeSave
from tui.widgets.review_marks import ReviewMarks
from tui.widgets.typed_answer import AnswerBox, Verdict

if TYPE_CHECKING:
    from collections.abc import Callable

    from engine.app import ReviewSession
    from engine.app.answering import CheckResult

SHOW, UNDO, KEYS = Binding.Group("Show answer"), Binding.Group("Undo"), Binding.Group("Keys")
TYPED_KEYS = {"reveal", "undo", "help", "grade", "suspend", "bury", "flag", "edit"}
"""Actions whose keys type into the answer box: hidden while it has focus."""
AFTER_VERDICT = {"undo", "help", "suspend", "bury", "flag", "edit"}
"""Actions whose keys a user still typing would press after a typed answer's verdict: inert (their
ctrl/f1 twins act) until tab; digits, space and enter grade, as on any card whose answer shows."""


class ReviewScreen(ReviewGlance):
    """One review session over a deck (or all decks): the keys, and what each does on the turn
    (engine.app.review_turn decides, the screen carries it out); the item on show and its painting
    are ReviewShow's (tui/review_show.py). Grades, a due drill's attempt and the marks are written
    by widgets (GradeSave, DueDrill, ReviewMarks) that report back in messages."""

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
        Binding(
            "tab",
            "letter_keys",
            "Letter keys on, after a typed answer's verdict",
            show=False,  # the grade bar says so: the footer has no room at 80 columns
        ),
        Binding("escape", "back", "Back"),
        Binding("question_mark", "help", "Keys", group=KEYS),
        Binding("f1", "help_typing", "Keys", group=KEYS),
    ]

    @on(RubricChecklist.Accepted)
    def _accepted(self, _event: RubricChecklist.Accepted) -> None:
        self.action_accept()

    # The keys: which act now, and what each does (engine.app.review_turn decides both)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in TYPED_KEYS and not self.revealed and self.query_one(AnswerBox).has_focus:
            return False
        if action == "letter_keys":
            return self.typed_verdict
        if action in AFTER_VERDICT and self.typed_verdict:
            return False  # a user still typing after the verdict: "e" must not open an editor
        if action == "grade" and isinstance(self.focused, RubricChecklist):
            return False  # its digits tick points (its footer says "1-6 Tick"); enter grades
        ctrl_g = action in {"reveal_typing", "give_up"} and self.session is not None
        if ctrl_g and self.turn.drill != (action == "give_up"):
            return False  # ctrl+g's footer label says what it does now: give up a drill, else show
        return allows(self.turn, action.removesuffix("_typing"))

    def on_descendant_focus(self) -> None:
        self.refresh_bindings()

    def on_descendant_blur(self) -> None:
        self.refresh_bindings()

    @on(AnswerBox.Submitted, "#answer")
    def check_answer(self, event: AnswerBox.Submitted) -> None:
        """Check the typed answer; 'could not read that' keeps the box for another try."""
        self.check_text(event.value)

    def check_text(self, typed: str) -> None:
        step = on_typed(self.turn, typed)
        if step is not Step.CHECK or self.session is None or self.services is None:
            self._take(step, lambda: self.check_text(typed))
            return
        text, graded_by_answer = typed.strip(), self.turn.graded_by_answer
        seconds = self._timer() - self._shown_at
        checked = self.session.check(text, seconds, float(self.services.config.settings.drill_seconds))
        if checked is None:
            return
        if checked.suggested is None:
            self.query_one(Verdict).unread(checked.result)
        elif graded_by_answer:
            self._grade_drill(text, checked.result, seconds)
        else:
            self.query_one(Verdict).checked(checked.result)
            self.typed_verdict = True
            self.revealed = True

    def action_reveal(self) -> None:
        """Show the answer; a due drill is given up (graded 0) by showing its solution."""
        self._take(on_show(self.turn), self.action_reveal, reveals=True)

    def action_reveal_typing(self) -> None:
        self.action_reveal()

    def action_give_up(self) -> None:
        """A due drill's ctrl+g: its solution shown, graded 0 (the hint line says so too)."""
        self.action_reveal()

    def action_undo_typing(self) -> None:
        self.action_undo()

    def action_help_typing(self) -> None:
        self.action_help()

    def action_letter_keys(self) -> None:
        """After a typed answer's verdict: the letter keys act again (the user stopped typing)."""
        self.typed_verdict = False

    def action_reveal_or_accept(self) -> None:
        self._take(on_enter(self.turn), self.action_reveal_or_accept, reveals=not self.revealed)

    def action_accept(self) -> None:
        """Grade with the suggested grade: the typed verdict's, or 4 (Anki's 'Good'); after a failed
        save, the grade that was not saved."""
        self._take(on_accept(self.turn), self.action_accept)

    def action_grade(self, key: int) -> None:
        """A digit key: the grade it gives in the layout in use (Anki's: 1-4 only), if any."""
        if not self.turn.bound:  # after a held reveal: enter, space and 4 pressed while the decks open
            self.wait_for_decks(partial(self.action_grade, key))
            return
        grade = grade_of_key(self._layout(), key)
        if grade is not None:
            self._answer(grade)

    def action_back(self) -> None:
        self.dismiss()

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen(self))

    def session_over(self) -> None:
        if self.session is not None:
            self.app.push_screen(SummaryScreen(self.session.summary), self._after_summary)

    def _after_summary(self, _result: object) -> None:
        self.dismiss()  # not returned: a callback's awaitable is awaited, and dismiss() refuses that

    def _take(self, step: Step, again: Callable[[], None], *, reveals: bool = False) -> None:
        """Do what a key does now; one pressed while the decks open runs `again` once they are
        (`reveals`: it shows the answer, so the keys after it grade)."""
        if step is Step.WAIT:
            self.wait_for_decks(again, reveals=reveals)
        elif step in (Step.RETRY, Step.NEXT):
            self.show_current()
        elif step is Step.NEEDS_ANSWER:
            self.query_one(Verdict).drill_needs_answer()
        elif step is Step.GIVE_UP:
            self._grade_drill("", None, self._timer() - self._shown_at)
        elif step is Step.REVEAL:
            self.revealed = True
        elif step is Step.ACCEPT and self.session is not None:
            self._answer(self.unsaved if self.unsaved is not None else self.session.suggested())

    # A grade: written by the GradeSave widget

    def _answer(self, grade: int) -> None:
        if self.turn.can_grade and self.session is not None:
            seconds = max(0.0, self._timer() - self._shown_at)
            self.saving = f"saving grade {grade}…"
            self.query_one(GradeSave).save(self.session, Grade(grade), seconds)

    @on(GradeSave.Saved)
    def _saved(self) -> None:
        self.saving = None
        self.unsaved = None
        self.show_current()

    @on(GradeSave.NotSaved)
    def _not_saved(self, event: GradeSave.NotSaved) -> None:
        """The card stays with its answer shown; space (or the grade's key) saves it again."""
        self.saving = None
        self.unsaved = event.grade
        self.suggested = event.grade  # the key bar says space saves this grade again
        self.query_one(Verdict).grade_not_saved(event.grade, key_of_grade(self._layout(), event.grade)[0])

    # A due drill: graded by its checked answer (or a give-up), stored by the DueDrill widget

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
        self.typed_verdict = event.result is not None
        self.revealed = True

    @on(DueDrill.NotSaved)
    def _drill_not_saved(self) -> None:
        self.saving = None
        self.query_one(Verdict).drill_not_saved()

    # Suspend, bury, flag, edit and undo: written by the ReviewMarks widget

    def action_suspend(self) -> None:
        self._mark(ReviewMarks.suspend, "saving…")

    def action_bury(self) -> None:
        self._mark(ReviewMarks.bury, "saving…")

    def action_flag(self) -> None:
        self._mark(ReviewMarks.flag, "saving…")

    def action_undo(self) -> None:
        self._mark(ReviewMarks.undo, "undoing…")

    def _mark(self, write: Callable[[ReviewMarks, ReviewSession], None], saying: str) -> None:
        if self.session is not None:
            self.saving = saying
            write(self.query_one(ReviewMarks), self.session)

    def action_edit(self) -> None:
        if self.card_key is None or self.services is None or self.session is None:
            return
        if self.query_one(ReviewMarks).edit(self.services, self.session, self.card_key):
            self.show_current()

    @on(ReviewMarks.Changed)
    def _marked(self, event: ReviewMarks.Changed) -> None:
        """A flag leaves the item on show as it is (answer still showing); otherwise show the next."""
        self.saving = None
        if event.key is None:
            return
        current = None if self.session is None or event.answer else self.session.current()
        if stays_on_show(None if current is None else current.key, event.key, self.card_key):
            self.item = current
            self._update_progress()
        else:
            self.show_current()
