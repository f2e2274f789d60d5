"""One review sitting, shaped like Anki's: `current()` shows an item with every grade's outcome,
`answer(grade)` schedules and commits it, `undo()` takes the last answer back."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from engine.answers import CheckResult, Verdict
from engine.app.items import Prompt
from engine.grades import Grade, grade_for
from engine.sm2 import ReviewRecord
from engine.store import repo

if TYPE_CHECKING:
    from engine.app.study import Study


@dataclass(frozen=True)
class Current:
    """The item on show and what each grade would do to it, computed once."""

    key: str
    prompt: Prompt
    outcomes: Mapping[Grade, int | None]
    """Interval in days each grade would give (None: again today)."""


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


@dataclass
class SessionSummary:
    """What a session did."""

    answered: int = 0
    grades: Counter[int] = field(default_factory=Counter)
    seconds: float = 0.0
    new_cards: int = 0


class ReviewSession:
    """A queue of item keys, answered one at a time, each answer committed at once."""

    def __init__(self, study: Study, queue: list[str]) -> None:
        self.study = study
        self.queue = list(queue)
        self.done = 0
        self.summary = SessionSummary()
        self._history: list[tuple[Answered, list[str], float]] = []
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
            outcomes = self.study.scheduler.preview(self.study.state(key), self.study.moment())
            self._current = Current(key, self.study.prompt(key, seed), outcomes)
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

    def suggested(self) -> Grade:
        """The grade space/enter accepts once the answer shows: the typed verdict's, or 4 (Anki's Good)."""
        current = self.current()
        if current is not None and self._checked is not None and self._checked[0] == current.key:
            return self._checked[1]
        return Grade.WELL

    @property
    def left(self) -> int:
        return len(self.queue)

    def answer(self, grade: Grade, seconds: float) -> Answered:
        """Grade the current item, commit it, and move on; failed items come back at the end."""
        if not self.queue:
            raise LookupError("the session has no card left")
        key = self.queue[0]
        before_queue = list(self.queue)
        applied = self.study.answer(key, Grade(grade), seconds)
        record = applied.record
        self.queue.pop(0)
        if record.after.repeat_today:
            self.queue.append(key)
        self._current = None
        self._checked = None
        self.done += 1
        self.summary.answered += 1
        self.summary.grades[record.grade] += 1
        self.summary.seconds += seconds
        self.summary.new_cards += int(record.was_new)
        answered = Answered(key, applied.log_id, record)
        self._history.append((answered, before_queue, seconds))
        return answered

    def undo(self) -> str | None:
        """Take back the last answer (state and log row); returns the key shown again."""
        if not self._history:
            return None
        answered, before_queue, seconds = self._history.pop()
        repo.undo_answer(self.study.store, answered.log_id)
        self.queue = before_queue
        self._current = None
        self._checked = None
        self.done -= 1
        self.summary.answered -= 1
        self.summary.grades[answered.record.grade] -= 1
        self.summary.seconds -= seconds
        self.summary.new_cards -= int(answered.record.was_new)
        return answered.key

    @property
    def can_undo(self) -> bool:
        return bool(self._history)
