"""One review sitting, shaped like Anki's: `current()` shows an item with every grade's outcome,
`answer(grade)` schedules and commits it, `undo()` takes the last answer back."""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from engine.answers import CheckResult, Verdict
from engine.app.answerer import Answering
from engine.app.items import Prompt
from engine.grades import Grade, grade_for
from engine.rubric import Coverage, coverage
from engine.sm2 import ReviewRecord
from engine.store.attempts import StoredAttempt
from engine.store.marks import Mark, MarkChange

if TYPE_CHECKING:
    from engine.app.scheduler import Moment


@dataclass(frozen=True)
class Current:
    """The item on show and what each grade would do to it, computed once."""

    key: str
    prompt: Prompt
    outcomes: Mapping[Grade, int | None]
    """Interval in days each grade would give (None: again today)."""
    mark: Mark = field(default_factory=Mark)
    """Flagged, leech, lapses (a card on show is neither suspended nor buried, unless just now)."""


@dataclass(frozen=True)
class Checked:
    """A typed answer checked: the verdict, and the grade it suggests (None: could not read it)."""

    result: CheckResult
    suggested: Grade | None


@dataclass(frozen=True)
class Answered:
    """The outcome of one answer, as the UI needs it."""

    key: str
    log_id: int
    record: ReviewRecord
    mark: MarkChange | None = None
    """The lapse this answer counted, if it was one."""
    attempt_id: int | None = None
    """The drill attempt row this answer stored, if it answered a drill (undo removes it too)."""

    @property
    def leech(self) -> bool:
        """This answer made the card a leech (it is now suspended)."""
        return self.mark is not None and self.mark.after.leech and not self.mark.before.leech


@dataclass(frozen=True)
class _Step:
    """One undoable step: an answer or a mark change, and the queue before it."""

    queue: list[str]
    answered: Answered | None = None
    seconds: float = 0.0
    change: MarkChange | None = None


@dataclass
class SessionSummary:
    """What a session did."""

    answered: int = 0
    grades: Counter[int] = field(default_factory=Counter)
    seconds: float = 0.0
    new_cards: int = 0


class ReviewSession:
    """A queue of item keys, answered one at a time, each answer committed at once."""

    def __init__(self, study: Answering, queue: list[str]) -> None:
        self.study = study
        self.queue = list(queue)
        self.done = 0
        self.summary = SessionSummary()
        self._history: list[_Step] = []
        self._current: Current | None = None
        self._checked: tuple[str, Grade] | None = None
        """(key, grade) the last typed answer suggested for the item on show."""

    def current(self) -> Current | None:
        """The item to show now (None when the session is over); a drill is generated once per turn."""
        if not self.queue:
            return None
        key = self.queue[0]
        if self._current is None or self._current.key != key:
            seed = int(self.study.now().timestamp()) + self.done
            state, mark = self.study.shown(key)
            outcomes = self.study.scheduler.preview(state, self.study.moment())
            self._current = Current(key, self.study.prompt(key, seed), outcomes, mark)
        return self._current

    def check(self, text: str, seconds: float, limit: float) -> Checked | None:
        """Check a typed answer to the current item (None: it is not answered by typing)."""
        current = self.current()
        if current is None or current.prompt.check is None:
            return None
        result = current.prompt.check(text)
        if result.verdict is Verdict.UNREADABLE:
            return Checked(result, None)
        grade = grade_for(result.verdict, seconds, limit)
        self._checked = (current.key, grade)
        return Checked(result, grade)

    def was_checked(self) -> bool:
        """Whether a typed answer to the current item was read and checked (its verdict grades it)."""
        current = self.current()
        return current is not None and self._checked is not None and self._checked[0] == current.key

    def cover(self, ticked: Collection[int]) -> Coverage | None:
        """Score the ticked rubric points of the current item; its proposed grade becomes the one
        space/enter accepts (None: the item has no rubric)."""
        current = self.current()
        if current is None or not current.prompt.rubric:
            return None
        result = coverage(current.prompt.rubric, ticked)
        self._checked = (current.key, result.grade)
        return result

    def suggested(self) -> Grade:
        """The grade space/enter accepts once the answer shows: the typed verdict's, or 4 (Anki's Good)."""
        current = self.current()
        if current is not None and self._checked is not None and self._checked[0] == current.key:
            return self._checked[1]
        return Grade.WELL

    @property
    def left(self) -> int:
        return len(self.queue)

    def answer(
        self, grade: Grade, seconds: float, *, attempt: StoredAttempt | None = None, at: Moment | None = None
    ) -> Answered:
        """Grade the current item, commit it (with its attempt, for a drill), and move on; failed
        items come back at the end. An item graded by its answer is refused without an attempt."""
        if not self.queue:
            raise LookupError("the session has no card left")
        key = self.queue[0]
        current = self._current
        if attempt is None and current is not None and current.key == key and current.prompt.graded_by_answer:
            raise ValueError("a drill is graded by its answer: answer it or give up")
        before_queue = list(self.queue)
        applied = self.study.answer(key, Grade(grade), seconds, at=at, attempt=attempt)
        record = applied.record
        answered = Answered(key, applied.log_id, record, applied.mark, applied.attempt_id)
        self.queue.pop(0)
        if record.after.repeat_today and not answered.leech:  # a new leech is suspended
            self.queue.append(key)
        self._current = None
        self._checked = None
        self.done += 1
        self.summary.answered += 1
        self.summary.grades[record.grade] += 1
        self.summary.seconds += seconds
        self.summary.new_cards += int(record.was_new)
        self._history.append(_Step(before_queue, answered, seconds))
        return answered

    def suspend(self) -> MarkChange:
        """Suspend the current item: out of every session and count until unsuspended."""
        return self._hold(suspended=True)

    def bury(self) -> MarkChange:
        """Bury the current item until the next study day."""
        return self._hold(buried_until=self.study.tomorrow())

    def _hold(self, **changes: object) -> MarkChange:
        if not self.queue:
            raise LookupError("the session has no card left")
        key = self.queue[0]
        change = self.study.change_mark(key, **changes)
        self._history.append(_Step(list(self.queue), change=change))
        self.queue = [k for k in self.queue if k != key]
        self._current = None
        self._checked = None
        return change

    def toggle_flag(self) -> MarkChange:
        """Flag the current item (or take the flag off); it stays on show."""
        current = self.current()
        if current is None:
            raise LookupError("the session has no card left")
        change = self.study.change_mark(current.key, flagged=not current.mark.flagged)
        self._history.append(_Step(list(self.queue), change=change))
        self._current = replace(current, mark=change.after)
        return change

    def undo(self) -> str | None:
        """Take back the last answer (state, log row, a lapse it counted) or mark change; returns
        the key shown again."""
        if not self._history:
            return None
        step = self._history[-1]
        if step.answered is None:
            assert step.change is not None
            change = step.change
            self.study.undo_mark(change)
            self._history.pop()
            if self._current is not None and self._current.key == change.key and step.queue == self.queue:
                self._current = replace(self._current, mark=change.before)  # a flag: same item on show
                return change.key
            self.queue = step.queue
            self._current = None
            self._checked = None
            return change.key
        answered, seconds = step.answered, step.seconds
        self.study.undo_answer(answered.log_id, answered.mark, answered.attempt_id)
        self._history.pop()
        self.queue = step.queue
        self._current = None
        self._checked = None
        self.done -= 1
        self.summary.answered -= 1
        self.summary.grades[answered.record.grade] -= 1
        self.summary.seconds -= seconds
        self.summary.new_cards -= int(answered.record.was_new)
        return answered.key

    def reshow(self) -> list[str]:
        """Build the item on show again (its deck was edited and reloaded); items that left their
        deck (id renamed, card removed, deck skipped) leave the queue, so none is graded as a ghost.
        Returns the keys dropped."""
        self._current = None
        self._checked = None
        gone = [key for key in dict.fromkeys(self.queue) if not self.study.has(key)]
        self.queue = [key for key in self.queue if key not in gone]
        return gone

    @property
    def undoes_answer(self) -> bool:
        """Whether undo() would take back an answer (rather than a suspend, bury or flag)."""
        return bool(self._history) and self._history[-1].answered is not None

    @property
    def can_undo(self) -> bool:
        return bool(self._history)
