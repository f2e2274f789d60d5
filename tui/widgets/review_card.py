"""The review's card: its front, the typed answer and its verdict, the back once it shows, and an
open question's rubric checklist."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.await_complete import AwaitComplete
from textual.containers import VerticalScroll
from textual.reactive import reactive
from textual.widgets import Markdown, Rule

from tui.rubric_checklist import RubricChecklist
from tui.widgets.typed_answer import AnswerBox, Verdict

if TYPE_CHECKING:
    from collections.abc import Sequence

    from textual.app import ComposeResult

    from engine.app.answering import RubricPoint


class ReviewCard(VerticalScroll):
    """The item on show; the screen hands it the texts and says when the answer shows."""

    revealed: reactive[bool] = reactive(False, always_update=True, init=False)
    """The back (under a rule) shows."""

    def compose(self) -> ComposeResult:
        yield Markdown("", id="front")
        yield AnswerBox(id="answer")
        yield Verdict("", id="verdict")
        yield Rule(id="divider")
        yield Markdown("", id="back")

    def show_front(self, front: str, hint: str | None, graded_by_answer: bool) -> AwaitComplete:
        """A new item's front, its answer box shown when `hint` asks for a typed answer; done
        (awaitable) once the front's text is mounted."""
        drawn = self.query_one("#front", Markdown).update(front)
        box = self.query_one(AnswerBox)
        box.expect(hint, graded_by_answer)
        for checklist in self.query(RubricChecklist):
            checklist.remove()
        self.query_one(Verdict).update("")
        if hint is None:
            return drawn

        async def box_in_view() -> None:
            """Under a front taller than the card (a drill's question at 80x24) the box was below
            the fold, focused but unseen: scroll just enough to show it once the front is drawn."""
            await drawn
            self.call_after_refresh(self.scroll_to_widget, box, animate=False)

        return AwaitComplete(box_in_view())

    def show_back(self, back: str) -> AwaitComplete:
        """The answer's text (shown once revealed); done (awaitable) once it is mounted."""
        return self.query_one("#back", Markdown).update(back)

    def watch_revealed(self, revealed: bool) -> None:
        self.query_one("#back").display = revealed
        self.query_one("#divider").display = revealed

    def ask_rubric(self, rubric: Sequence[RubricPoint]) -> None:
        """The rubric as a checklist under the verdict: ticking it proposes the grade."""
        self.mount(RubricChecklist(rubric), after="#verdict")
