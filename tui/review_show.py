"""The review's item on show: its state in reactives, painted on the card, progress line and grade bar."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from textual import on
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Footer, Header

from engine.app.review_turn import Turn
from engine.app.values import AppError, Grade
from tui.rubric_checklist import RubricChecklist
from tui.store_work import fault_notice
from tui.widgets.due_drill import DueDrill
from tui.widgets.glance import GlanceStart
from tui.widgets.grade_save import GradeSave
from tui.widgets.review_card import ReviewCard
from tui.widgets.review_lines import GradeBar, Grading, Progress, ProgressLine
from tui.widgets.review_marks import ReviewMarks
from tui.widgets.typed_answer import AnswerBox, Verdict

if TYPE_CHECKING:
    from collections.abc import Callable

    from textual.app import ComposeResult
    from textual.await_complete import AwaitComplete
    from textual.widget import Widget

    from engine.app import Current, ReviewSession
    from tui.services import Services
    from tui.start import Glance


class ReviewShow(Screen[None]):
    """The review screen's display: the item on show and its state (revealed, suggested grade, a write
    under way), painted on the widgets it composes; with a glance, its first card shows before the
    decks are open and the session arrives with `bind` (tui.review_glance). ReviewScreen adds the
    keys and the writes."""

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
    typed_verdict: reactive[bool] = reactive(False, init=False)
    """A typed answer's verdict shows: the keys that type letters stay inert (a user still typing
    triggers nothing) until tab; digits, space and enter grade as on any revealed card."""

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
        yield GradeSave()
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

    @property
    def turn(self) -> Turn:
        """Where the item on show stands, as the keys see it (engine.app.review_turn decides)."""
        session, prompt = self.session, None if self.item is None else self.item.prompt
        # a glance's start is composed only with a glance: without one, no walk of the screen (the
        # keys ask for the turn at every binding check, ~0.5 ms a walk: a tenth of a review's CPU)
        starts = list(self.query(GlanceStart)) if self.glance is not None else []
        painting = any(start.painting for start in starts)  # held keys wait for the answer's frame
        return Turn(
            bound=session is not None and self.services is not None and not painting,
            stalled=self._stalled,
            shown=prompt is not None,
            graded_by_answer=prompt is not None and prompt.graded_by_answer,
            revealed=self.revealed,
            drill_graded=self.drill_graded,
            saving=bool(self.saving),
            can_undo=session is not None and session.can_undo,
            checks_typed=prompt is not None and prompt.check is not None,
            reveal_held=(session is None or painting) and any(start.revealing for start in starts),
            answer_at_hand=session is None and self._glance_back() is not None,
        )

    def _glance_back(self) -> str | None:
        """The glance's answer side, when it can show before the session."""
        return next((start.glance.back for start in self.query(GlanceStart)), None)

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
            self.session_over()
            return
        self.item = current
        item = current.prompt
        self.query_one(ReviewCard).show_back(item.back)
        typed = (item.hint or "") if item.check is not None else None
        self.put_front(current.key, item.front, typed, item.graded_by_answer)

    def session_over(self) -> None:
        """The session has no item left (ReviewScreen shows its summary)."""
        raise NotImplementedError

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
        self.typed_verdict = False
        self.revealed = False
        self.watch_revealed(False)
        box = card.query_one(AnswerBox)
        if hint is None or not self._focus_for_typing(box, lambda: not self.revealed):
            card.focus()
        self._update_progress()
        self._shown_at = self._timer()
        return drawn

    def _focus_for_typing(self, widget: Widget, still: Callable[[], bool]) -> bool:
        """Focus `widget` (the answer box, the rubric checklist) for the keys typed from now on;
        False when keys pressed before this card showed (held while the decks opened: enter, space,
        4) still wait: they act on the card (show, grade), never type into a box or tick a point
        the user never saw, and `widget` takes the keys after them (if `still()` wants it then)."""
        gate = getattr(self.app, "key_gate", None)
        if gate is None or not gate.unseen:
            widget.focus()
            return True
        key = self.card_key

        def after_them() -> None:
            if self.card_key == key and widget.is_attached and still():
                widget.focus()

        gate.after_unseen(after_them)
        return False

    def _update_progress(self) -> None:
        mark = self.item.mark if self.item is not None else None
        left = self.glance.left if self.glance else 0
        done, left = (self.session.done, self.session.left) if self.session else (0, left)
        self.query_one(ProgressLine).progress = Progress(done, left, self.card_key, mark, self.saving)

    def watch_revealed(self, revealed: bool) -> None:
        back = self._glance_back() if revealed and self.session is None else None
        if back is not None:  # the glance's answer, before the session: the grades follow it
            self.query_one(ReviewCard).show_back(back)
        self.query_one(ReviewCard).revealed = revealed
        self._update_grades()
        if revealed and self.session is not None:
            self._show_rubric()
            self.suggested = self.session.suggested()
        if revealed and self.query(RubricChecklist):  # 1-6 tick, enter accepts the proposed grade
            self._focus_for_typing(self.query_one(RubricChecklist), lambda: self.revealed)
        elif revealed:  # digits grade from here on; the screen's focus, not the box's has_focus (it lags)
            self.query_one("#card").focus()
        self.refresh_bindings()

    def _show_rubric(self) -> None:
        """An open question's rubric as a checklist under the front, unless a checked typed answer
        grades it; its coverage proposes the grade."""
        item = None if self.item is None else self.item.prompt
        if item is None or not item.rubric or self.query(RubricChecklist) or self.session is None:
            return
        if not self.session.was_checked():
            self.session.cover(())
            self.query_one(ReviewCard).ask_rubric(item.rubric)

    @on(RubricChecklist.Changed)
    def _ticked(self, event: RubricChecklist.Changed) -> None:
        if self.session is not None and self.revealed:
            self.session.cover(event.checklist.ticked)
            self.suggested = self.session.suggested()

    def on_resize(self) -> None:
        self._update_grades()  # the grade bar breaks its lines between grades, for this width

    def watch_suggested(self, _suggested: Grade | None) -> None:
        self._update_grades()

    def watch_typed_verdict(self, _typed: bool) -> None:
        self._update_grades()
        self.refresh_bindings()

    def watch_drill_graded(self, _graded: Grade | None) -> None:
        self._update_grades()
        self.refresh_bindings()

    def watch_saving(self, _saving: str | None) -> None:
        self._update_progress()
        self.refresh_bindings()

    def _update_grades(self) -> None:
        item = self.item
        self.query_one(GradeBar).grading = Grading(
            revealed=self.revealed,
            outcomes=None if item is None else item.outcomes,
            suggested=self.suggested,
            layout=self._layout(),
            accept="enter" if self.query(RubricChecklist) else "space/enter",
            drill=self.turn.drill,
            drill_graded=self.drill_graded,
            typed=self.query_one(AnswerBox).display,
            letters_off=self.typed_verdict,
        )
        if self.revealed and item is None:  # the glance's answer shows: its grades need the session
            self.query_one(GradeBar).grades_follow()

    def _layout(self) -> str:
        """The grade key layout in use (setting grade_keys)."""
        config = getattr(self.app, "config", None)
        return config.settings.grade_keys if config is not None else "flopcards"
