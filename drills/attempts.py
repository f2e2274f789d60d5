"""Drill attempts: judging one (verdict, time -> grade), storing it, and scheduling its kind.

Each drill kind is scheduled like a card under the key `drills/<kind>` (deck `drills`), so the daily
review brings back the kinds you are weak at. The grade an attempt earns is engine.grades' table
(correct within half the limit 5, slower 4, close 3, wrong 1, timed out or given up 0), one step
less when the hint was opened; an unreadable answer is not an attempt. `record_attempt` is the one
call that grades and stores an attempt, from a drill session or from the daily review.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.answers import CheckResult, Verdict
from engine.grades import Grade, grade_for

if TYPE_CHECKING:
    from drills.drill import Drill
    from engine.app.scheduler import Moment
    from engine.app.session import ReviewSession
    from engine.app.study import Study
    from engine.store.attempts import StoredAttempt
    from engine.store.database import Store

DRILL_DECK = "drills"


def drill_key(kind: str) -> str:
    return f"{DRILL_DECK}/{kind}"


@dataclass(frozen=True)
class Result:
    """What one attempt gave (unreadable answers are not attempts and never get here)."""

    kind: str
    seed: int
    verdict: Verdict
    seconds: float
    timed_out: bool = False
    grade: Grade = Grade.BLACKOUT
    relative_error: float | None = None
    slip: str | None = None
    gave_up: bool = False
    hinted: bool = False

    @property
    def correct(self) -> bool:
        return self.verdict is Verdict.CORRECT and not self.timed_out


def hinted_grade(grade: Grade) -> Grade:
    """Opening the hint costs one grade step."""
    return Grade(max(0, int(grade) - 1))


def judge(
    drill: Drill,
    result: CheckResult | None,
    seconds: float,
    limit: float,
    *,
    gave_up: bool = False,
    hinted: bool = False,
) -> Result:
    """The attempt's outcome: `result` None means the clock ran out (a timed-out 'wrong') or, with
    `gave_up`, that the user asked for the solution (graded 0)."""
    if result is not None and result.verdict is Verdict.UNREADABLE:
        raise ValueError("an unreadable answer is not an attempt")
    timed_out = result is None and not gave_up
    verdict = Verdict.WRONG if result is None else result.verdict
    grade = Grade.BLACKOUT if gave_up else grade_for(verdict, seconds, limit, timed_out=timed_out)
    if hinted:
        grade = hinted_grade(grade)
    rel = None if result is None else result.relative_error
    slip = None if result is None else result.slip
    return Result(drill.kind, drill.seed, verdict, seconds, timed_out, grade, rel, slip, gave_up, hinted)


@dataclass(frozen=True)
class Attempt:
    """One attempt as it was made: the drill, what was typed and how it read (`result` None: the clock
    ran out, or the user gave up), the seconds it took against the `limit`, and whether the hint was open."""

    drill: Drill
    given: str
    result: CheckResult | None
    seconds: float
    limit: float
    gave_up: bool = False
    hinted: bool = False

    def judged(self) -> Result:
        return judge(
            self.drill, self.result, self.seconds, self.limit, gave_up=self.gave_up, hinted=self.hinted
        )


def to_attempt(drill: Drill, given: str, outcome: Result, at: Moment) -> StoredAttempt:
    """The row to store for one attempt: what was asked (kind, seed, params) and how it went."""
    from engine.store.attempts import StoredAttempt  # SQLAlchemy: not for a review's first card

    return StoredAttempt(
        kind=drill.kind,
        seed=drill.seed,
        params={p.name: {"value": p.value, "unit": p.unit} for p in drill.params},
        given=given,
        verdict=outcome.verdict,
        expected=drill.expected,
        unit=drill.unit,
        relative_error=outcome.relative_error,
        seconds=outcome.seconds,
        timed_out=outcome.timed_out,
        grade=outcome.grade,
        attempted_at=at.now,
        study_day=at.today,
        slip=outcome.slip,
        gave_up=outcome.gave_up,
        hinted=outcome.hinted,
    )


def record_attempt(study: Study, attempt: Attempt, *, review: ReviewSession | None = None) -> Result:
    """Judge one attempt, store it and advance its kind's schedule in one transaction, at one `now`.

    With `review`, the attempt answers that session's current item (a due drill kind) and the
    session moves on; otherwise it is a drill session's attempt."""
    outcome = attempt.judged()
    at = study.moment()
    row = to_attempt(attempt.drill, attempt.given, outcome, at)
    if review is not None:
        review.answer(outcome.grade, attempt.seconds, attempt=row, at=at)
    else:
        study.answer(drill_key(attempt.drill.kind), outcome.grade, attempt.seconds, at=at, attempt=row)
    return outcome


def attempts(store: Store, kind: str | None = None) -> list[StoredAttempt]:
    """Stored attempts (optionally of one kind), oldest first."""
    from engine.store.attempts import read_attempts

    return read_attempts(store, kind)
