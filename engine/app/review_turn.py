"""The review's turn as a value: what a key does now, and which keys act (pure; no terminal, no store)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from engine.grades import Grade

WRITES = frozenset(
    {"grade", "accept", "reveal", "reveal_or_accept", "give_up", "undo", "suspend", "bury", "flag", "edit"}
)
"""Verbs that write (or move past an item being written): they wait while a write is pending."""
BEFORE_SESSION = frozenset({"reveal", "reveal_or_accept", "back", "help"})
"""Verbs that act before the session is bound (a glance's card): the others need the session."""
AFTER_HELD_REVEAL = frozenset({"accept", "grade", "reveal_or_accept", "back", "help"})
"""Before the session, once a key that shows the answer waits: space accepts, digits grade (each
waits in order too), so enter, space and 4 pressed at once all act when the decks open."""


class Step(Enum):
    """What a key press does on the turn."""

    WAIT = "wait"
    """The decks are still opening: the key acts once the session is bound."""
    RETRY = "retry"
    """The next card could not be read: read it again (the grade before was saved; never grade again)."""
    NEXT = "next"
    """A due drill was graded by its answer: on to the next item."""
    NEEDS_ANSWER = "needs_answer"
    """A due drill: only its answer (or giving up) grades it."""
    GIVE_UP = "give_up"
    """A due drill given up: its solution shows, graded 0."""
    REVEAL = "reveal"
    ACCEPT = "accept"
    """Grade with the suggested grade (or the one whose save failed)."""
    CHECK = "check"
    """Check the typed answer."""
    NOTHING = "nothing"


@dataclass(frozen=True)
class Turn:
    """Where the item on show stands, as the keys see it."""

    bound: bool = False
    """The decks are open: the session is there (before it, a glance's card shows)."""
    stalled: bool = False
    """The next card could not be read after an answer was saved."""
    shown: bool = False
    """An item of the session is on show."""
    graded_by_answer: bool = False
    """The item on show is a due drill: its checked answer (or giving up) grades it."""
    revealed: bool = False
    drill_graded: Grade | None = None
    """The due drill on show was graded with this."""
    saving: bool = False
    """A write to the store is under way."""
    can_undo: bool = False
    checks_typed: bool = False
    """The item on show takes a typed answer (the answer box shows)."""
    reveal_held: bool = False
    """Before the session: a key that shows the answer waits for it (the keys after it grade)."""
    answer_at_hand: bool = False
    """Before the session: the glance's card can show its answer (the keys that grade still wait)."""

    @property
    def grades_next(self) -> bool:
        """Before the session: the answer shows or a key that shows it waits, so space accepts and
        digits grade (each waiting for the session, in order)."""
        return self.reveal_held or (self.revealed and self.answer_at_hand)

    @property
    def drill(self) -> bool:
        """A due drill on show, not yet graded: only its answer (or giving up) grades it."""
        return self.graded_by_answer and self.drill_graded is None

    @property
    def can_grade(self) -> bool:
        """A grade key (or accept) grades now: the answer shows, nothing pending, not a drill's."""
        return self.bound and self.shown and self.revealed and self.drill_graded is None and not self.saving


def on_show(turn: Turn) -> Step:
    """Space or ctrl+g: show the answer; a due drill is given up by showing its solution."""
    if not turn.bound:
        return Step.REVEAL if turn.answer_at_hand and not turn.revealed else Step.WAIT
    if turn.stalled:
        return Step.RETRY
    return Step.GIVE_UP if turn.drill else Step.REVEAL


def on_enter(turn: Turn) -> Step:
    """Enter: show the answer, then accept its grade; a graded due drill moves on."""
    if not turn.bound:
        return Step.REVEAL if turn.answer_at_hand and not turn.revealed else Step.WAIT
    if turn.stalled:
        return Step.RETRY
    if turn.drill_graded is not None:
        return Step.NEXT
    if turn.drill:
        return Step.NEEDS_ANSWER
    return Step.ACCEPT if turn.revealed else Step.REVEAL


def on_accept(turn: Turn) -> Step:
    """Space once the answer shows: accept the suggested grade (after a held reveal, once bound)."""
    if not turn.bound:
        return Step.WAIT if turn.grades_next else Step.NOTHING
    if turn.stalled:
        return Step.RETRY
    return Step.ACCEPT if turn.revealed else Step.NOTHING


def on_typed(turn: Turn, text: str) -> Step:
    """Enter in the answer box: check what was typed; empty shows the answer, except for a due drill,
    which needs one."""
    if not turn.bound:
        return Step.WAIT
    if not turn.checks_typed or turn.revealed:
        return Step.NOTHING
    if text.strip():
        return Step.CHECK
    return Step.NEEDS_ANSWER if turn.graded_by_answer else Step.REVEAL


def allows(turn: Turn, verb: str) -> bool:
    """Whether the key doing `verb` acts now (the footer shows only those)."""
    if not turn.bound:
        return verb in (AFTER_HELD_REVEAL if turn.grades_next else BEFORE_SESSION)
    if turn.saving and verb in WRITES:
        return False
    if verb == "grade":
        return turn.revealed and turn.drill_graded is None
    if verb == "reveal":
        return not turn.revealed
    if verb == "accept":
        return turn.revealed
    if verb == "undo":
        return turn.can_undo
    return True


def stays_on_show(current: str | None, changed: str, shown: str | None) -> bool:
    """After a mark (or its undo) on `changed`: the item on show stays as it is (a flag, answer still
    showing) when the session's current item is still that one; otherwise the next one shows."""
    return current is not None and current == changed == shown
