"""Drill attempts: judging one (verdict, time -> grade), storing it, and scheduling its kind.

Each drill kind is scheduled like a card under the key `drills/<kind>` (deck `drills`), so the daily
review brings back the kinds you are weak at. The grade an attempt earns is engine.grades' table
(correct within half the limit 5, slower 4, close 3, wrong 1, timed out 0); an unreadable answer is
not an attempt.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.answers import CheckResult, Verdict
from engine.grades import Grade, grade_for
from engine.store.attempts import StoredAttempt, read_attempts
from engine.store.database import Store

if TYPE_CHECKING:
    from drills.drill import Drill
    from engine.app.scheduler import Moment
    from engine.app.study import Study

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

    @property
    def correct(self) -> bool:
        return self.verdict is Verdict.CORRECT and not self.timed_out


def judge(drill: Drill, result: CheckResult | None, seconds: float, limit: float) -> Result:
    """The attempt's outcome: `result` None means the clock ran out (a timed-out 'wrong')."""
    if result is not None and result.verdict is Verdict.UNREADABLE:
        raise ValueError("an unreadable answer is not an attempt")
    timed_out = result is None
    verdict = Verdict.WRONG if result is None else result.verdict
    grade = grade_for(verdict, seconds, limit, timed_out=timed_out)
    rel = None if result is None else result.relative_error
    return Result(drill.kind, drill.seed, verdict, seconds, timed_out, grade, rel)


def to_attempt(drill: Drill, given: str, outcome: Result, at: Moment) -> StoredAttempt:
    """The row to store for one attempt: what was asked (kind, seed, params) and how it went."""
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
    )


def record_attempt(
    study: Study, drill: Drill, given: str, result: CheckResult | None, seconds: float, limit: float
) -> Result:
    """Judge one attempt, store it and advance its kind's schedule in one transaction, at one `now`."""
    outcome = judge(drill, result, seconds, limit)
    at = study.moment()
    study.answer(
        drill_key(drill.kind), outcome.grade, seconds, at=at, attempt=to_attempt(drill, given, outcome, at)
    )
    return outcome


def attempts(store: Store, kind: str | None = None) -> list[StoredAttempt]:
    """Stored attempts (optionally of one kind), oldest first."""
    return read_attempts(store, kind)
