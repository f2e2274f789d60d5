"""The review's typed answer: the answer box and the verdict line under it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.markup import escape
from textual.reactive import reactive
from textual.widgets import Input, Static

from tui.review_text import placeholder

if TYPE_CHECKING:
    from engine.app.answering import CheckResult
    from engine.app.values import Grade

MAX_ANSWER_CHARS = 500


class AnswerBox(Input):
    """Where an answer is typed: shown for an item that checks one; its placeholder says what to type
    (a due drill: that only its answer grades it). Enter posts Input.Submitted to the screen."""

    hint: reactive[str | None] = reactive(None, init=False)
    """What to type ("a number with its unit"); None: the item takes no typed answer."""
    graded_by_answer: reactive[bool] = reactive(False, init=False)

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, max_length=MAX_ANSWER_CHARS)

    def expect(self, hint: str | None, graded_by_answer: bool) -> None:
        """A new item: the box emptied, shown when it takes a typed answer."""
        self.value = ""
        self.display = hint is not None
        self.describe(hint, graded_by_answer)

    def describe(self, hint: str | None, graded_by_answer: bool) -> None:
        self.hint, self.graded_by_answer = hint, graded_by_answer
        self.placeholder = placeholder(hint, graded_by_answer)


class Verdict(Static):
    """The line under the answer box: the checked answer's verdict, or why nothing was saved."""

    def _say(self, text: str) -> None:
        """Show `text`, scrolled into view: under a long front (a drill's question at 80x24) the
        line is below the card's fold, and a verdict nobody sees is no verdict."""
        self.update(text)
        self.call_after_refresh(self.scroll_visible, animate=False)

    def checked(self, result: CheckResult) -> None:
        from tui.drill_text import without_verdict_word  # with the drills door: not on a first card's path

        said = escape(without_verdict_word(result.message))
        self._say(f"[b]{result.verdict.value.replace('_', ' ')}[/b] — {said}")

    def unread(self, result: CheckResult) -> None:
        """Could not read that: the box stays for another try."""
        self._say(f"[b]{escape(result.message)}[/b]")

    def drill_answered(self, result: CheckResult | None) -> None:
        """A due drill's attempt saved: its verdict, or that it was given up."""
        if result is None:
            self._say("[b]gave up[/b] — the solution is below (graded 0).")
        else:
            self.checked(result)

    def drill_needs_answer(self) -> None:
        self._say("A drill is graded by its answer: type one, or ctrl+g to give up and see the solution.")

    def drill_not_saved(self) -> None:
        self._say("[b]This attempt was not saved[/b] — press enter (or ctrl+g to give up) to try again.")

    def grade_not_saved(self, grade: Grade, key: int) -> None:
        self._say(f"[b]Grade {int(grade)} was not saved[/b] — press {key} or space to try again.")

    def stalled(self) -> None:
        self._say("The next card could not be read: press space to try again.")
