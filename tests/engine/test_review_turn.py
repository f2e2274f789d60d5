"""The review's turn decided without a terminal: what space, enter, ctrl+g and a typed answer do now,
and which keys act (the review screen only carries the step out)."""

from __future__ import annotations

import pytest

from engine.app.review_turn import (
    Step,
    Turn,
    allows,
    on_accept,
    on_enter,
    on_show,
    on_typed,
    stays_on_show,
)
from engine.grades import Grade

CARD = Turn(bound=True, shown=True)
"""A plain card on show, its answer hidden."""
SHOWN = Turn(bound=True, shown=True, revealed=True)
DRILL = Turn(bound=True, shown=True, graded_by_answer=True, checks_typed=True)
"""A due drill on show, not yet answered."""
GRADED_DRILL = Turn(bound=True, shown=True, graded_by_answer=True, revealed=True, drill_graded=Grade(3))
GLANCE = Turn(shown=False)
"""The start-up glance's card: the decks are still opening."""


@pytest.mark.parametrize(
    ("turn", "show", "enter", "accept"),
    [
        (GLANCE, Step.WAIT, Step.WAIT, Step.NOTHING),
        (CARD, Step.REVEAL, Step.REVEAL, Step.NOTHING),
        (SHOWN, Step.REVEAL, Step.ACCEPT, Step.ACCEPT),
        (DRILL, Step.GIVE_UP, Step.NEEDS_ANSWER, Step.NOTHING),
        (GRADED_DRILL, Step.REVEAL, Step.NEXT, Step.ACCEPT),
        (Turn(bound=True, stalled=True), Step.RETRY, Step.RETRY, Step.RETRY),
        (Turn(bound=True, stalled=True, revealed=True), Step.RETRY, Step.RETRY, Step.RETRY),
    ],
    ids=["glance", "card", "answer-shown", "drill", "graded-drill", "stalled", "stalled-shown"],
)
def test_what_space_enter_and_accept_do(turn: Turn, show: Step, enter: Step, accept: Step) -> None:
    assert (on_show(turn), on_enter(turn), on_accept(turn)) == (show, enter, accept)


def test_a_stalled_turn_never_grades_again() -> None:
    """After a saved grade the next card could not be read: every key reads it again."""
    stalled = Turn(bound=True, shown=True, revealed=True, stalled=True)
    assert {on_show(stalled), on_enter(stalled), on_accept(stalled)} == {Step.RETRY}


@pytest.mark.parametrize(
    ("turn", "text", "step"),
    [
        (Turn(checks_typed=True), "1 GB", Step.WAIT),
        (Turn(bound=True, shown=True, checks_typed=True), "  1.12 TB ", Step.CHECK),
        (Turn(bound=True, shown=True, checks_typed=True), "   ", Step.REVEAL),
        (DRILL, "", Step.NEEDS_ANSWER),
        (DRILL, "80 GB", Step.CHECK),
        (CARD, "80 GB", Step.NOTHING),
        (Turn(bound=True, shown=True, checks_typed=True, revealed=True), "80 GB", Step.NOTHING),
    ],
    ids=["glance", "typed", "empty", "drill-empty", "drill-typed", "no-box", "already-shown"],
)
def test_what_enter_in_the_answer_box_does(turn: Turn, text: str, step: Step) -> None:
    assert on_typed(turn, text) is step


def test_before_the_session_only_showing_leaving_and_help_act() -> None:
    acting = {
        v
        for v in ("reveal", "reveal_or_accept", "back", "help", "grade", "undo", "flag")
        if allows(GLANCE, v)
    }
    assert acting == {"reveal", "reveal_or_accept", "back", "help"}


def test_after_a_held_reveal_space_and_digits_wait_for_the_session_too() -> None:
    """Enter, space and 4 pressed at once while the decks open: the 4 must not be dropped."""
    held = Turn(reveal_held=True)
    acting = {
        v
        for v in ("reveal", "reveal_or_accept", "accept", "back", "help", "grade", "undo", "flag")
        if allows(held, v)
    }
    assert acting == {"accept", "grade", "reveal_or_accept", "back", "help"}
    assert on_accept(held) is Step.WAIT and on_accept(GLANCE) is Step.NOTHING


def test_a_glance_with_its_answer_shows_it_at_once_and_its_grades_wait() -> None:
    """Enter, space and 4 pressed at once while the decks open, on a card whose answer the deck
    cache holds: the answer shows at once; space then accepts and digits grade, once the session is in."""
    at_hand = Turn(answer_at_hand=True)
    steps = (on_show(at_hand), on_enter(at_hand), on_accept(at_hand))
    assert steps == (Step.REVEAL, Step.REVEAL, Step.NOTHING)
    shown = Turn(answer_at_hand=True, revealed=True)
    assert (on_show(shown), on_enter(shown), on_accept(shown)) == (Step.WAIT, Step.WAIT, Step.WAIT)
    verbs = ("reveal", "reveal_or_accept", "accept", "grade", "back", "undo")
    acting = {v for v in verbs if allows(shown, v)}
    assert acting == {"accept", "grade", "reveal_or_accept", "back"}
    assert not shown.can_grade, "the grade itself waits for the session"


def test_keys_that_write_wait_while_a_write_is_pending() -> None:
    saving = Turn(bound=True, shown=True, revealed=True, saving=True, can_undo=True)
    assert not any(allows(saving, v) for v in ("grade", "accept", "undo", "suspend", "edit", "give_up"))
    assert allows(saving, "back") and allows(saving, "help")
    assert not saving.can_grade and SHOWN.can_grade


def test_grades_need_the_answer_shown_and_no_drill_grade() -> None:
    assert not allows(CARD, "grade") and allows(SHOWN, "grade") and not allows(GRADED_DRILL, "grade")
    assert allows(CARD, "reveal") and not allows(SHOWN, "reveal")
    assert not allows(CARD, "accept") and allows(SHOWN, "accept")
    assert not allows(CARD, "undo") and allows(Turn(bound=True, can_undo=True), "undo")
    assert not GRADED_DRILL.can_grade and not CARD.can_grade and not DRILL.drill_graded
    assert DRILL.drill and not GRADED_DRILL.drill and not SHOWN.drill


def test_a_flag_keeps_the_item_on_show_and_a_suspend_moves_on() -> None:
    assert stays_on_show("d/a", "d/a", "d/a")  # flagged: still the session's current item
    assert not stays_on_show("d/b", "d/a", "d/a")  # suspended: the next item is current
    assert not stays_on_show(None, "d/a", "d/a")  # the session is over
    assert not stays_on_show("d/a", "d/a", "d/b")  # undone onto another item than the one on show
