"""The drill screen's texts: the verdict lines (what was wrong, the expected answer, the grade, the next keys)
and the warm-up of the Markdown its question and solution are drawn with."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.widgets import Static

from engine.app.answering import Verdict, format_percent
from tui.drills_door import answer_example, answer_text, format_seconds

if TYPE_CHECKING:
    from engine.app.answering import CheckResult
    from tui.drills_door import Drill, Result


def answer_placeholder(drill: Drill) -> str:
    """The answer box's placeholder: how to type the answer, in the unit the question asks for."""
    return f"your answer, {answer_example(drill)} (enter checks)"


def empty_answer_text(drill: Drill) -> Text:
    """What an empty enter says: type something (the same example), or give up."""
    return Text(f"Type an answer, {answer_example(drill)} (ctrl+g gives up).", style="italic")


VERDICT_LABELS = {
    Verdict.CORRECT: "Correct",
    Verdict.CLOSE: "Close",
    Verdict.WRONG: "Wrong",
    Verdict.WRONG_UNIT: "Wrong unit",
}


def without_verdict_word(message: str) -> str:
    """The engine's message without its leading 'Correct: ' (the screen's label says it already).
    Only the unreadable message's prose gets a capital: the others start with what was typed, a
    number or a unit, whose case is its meaning ('s is a time', not 'S'; 'mb' is not 'Mb')."""
    for word in ("Correct", "Close", "Wrong unit", "Wrong", "Not quite", "Could not read that"):
        if message[: len(word) + 2].lower() == f"{word.lower()}: ":
            rest = message[len(word) + 2 :]
            return rest[:1].upper() + rest[1:] if word == "Could not read that" else rest
    return message


def verdict_text(
    drill: Drill, result: CheckResult | None, outcome: Result, *, gave_up: bool, hinted: bool, cap: float
) -> tuple[Text, str]:
    """The verdict lines and the verdict's style class ('timed-out' when `result` is None)."""
    if gave_up:
        head = Text.assemble((" GAVE UP ", "reverse bold"), " the solution is below (graded 0).")
        expected = answer_text(drill)  # '7 GPUs', '40.08 billion parameters': a count keeps its noun
    elif result is None:
        head = Text.assemble((" TIME'S UP ", "reverse bold"), f" no answer in {format_seconds(cap)}.")
        expected = answer_text(drill)
    else:
        label = VERDICT_LABELS.get(outcome.verdict, outcome.verdict.value)
        head = Text.assemble(
            (f" {label.upper()} ", "reverse bold"), " ", without_verdict_word(result.message)
        )
        expected = result.expected_text
    rel = (
        ""
        if result is None or result.relative_error is None
        else f"  ·  relative error {format_percent(result.relative_error)}"
    )
    hint = "  ·  hint used" if hinted else ""
    keys = "enter: next  ·  a: again, new numbers"
    head.append(f"\nExpected {expected}{rel}  ·  grade {int(outcome.grade)}{hint}  ·  {keys}")
    return head, "timed-out" if result is None else outcome.verdict.value


def set_verdict(box: Static, text: Text, verdict: str = "") -> None:
    """Show the verdict lines in `box`, styled by the verdict's class ('' for none)."""
    box.update(text)
    for name in ("correct", "close", "wrong", "wrong_unit", "unreadable", "timed-out"):
        box.set_class(name == verdict, f"verdict-{name}")


def warm_markdown(drill: Drill) -> None:
    """Draw a drill's question and solution once off screen (rich's Markdown and the code block's
    highlighter load on first use), so that the first drill on screen does not wait for them."""
    from io import StringIO

    from rich.console import Console
    from rich.markdown import Markdown

    from tui.drills_door import question_markdown, solution_markdown

    console = Console(file=StringIO(), width=80)
    console.print(Markdown(question_markdown(drill)), Markdown(solution_markdown(drill)))
