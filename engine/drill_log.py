"""Drill attempts: the verdict-and-time -> SM-2 grade mapping, and storing an attempt with its schedule.

Each drill kind is scheduled like a card under the key `drills/<kind>`, so the daily review brings back
the kinds you are weak at. The grade an attempt gives (documented in the README):

| attempt                                   | grade |
|-------------------------------------------|-------|
| correct within half the time limit        | 5     |
| correct, slower                           | 4     |
| close (within the wider band)             | 3     |
| wrong, or wrong unit                      | 1     |
| no answer before the clock ran out        | 0     |

An unreadable answer is not an attempt: the user is told "could not read that" and may type again.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from engine import sm2
from engine.store import repo
from engine.store.database import Store
from engine.store.models import DrillAttemptRow

DRILL_DECK = "drills"
FAST_SHARE = 0.5


def drill_key(kind: str) -> str:
    return f"{DRILL_DECK}/{kind}"


def grade_for(verdict: str, seconds: float, limit: float, *, timed_out: bool = False) -> int:
    """SM-2 grade of one drill attempt (see the table in this module's docstring)."""
    if timed_out:
        return 0
    if verdict == "correct":
        return 5 if seconds <= FAST_SHARE * limit else 4
    if verdict == "close":
        return 3
    if verdict in ("wrong", "wrong_unit"):
        return 1
    raise ValueError(f"'{verdict}' is not a gradable verdict")


@dataclass(frozen=True)
class Attempt:
    """One answered (or timed-out) drill, as plain data."""

    kind: str
    seed: int
    params: dict[str, Any]
    given: str
    verdict: str
    expected: float
    unit: str
    relative_error: float | None
    seconds: float
    timed_out: bool
    grade: int
    attempted_at: datetime
    study_day: date


def record_attempt(store: Store, attempt: Attempt) -> int:
    """Store the attempt and advance the kind's SM-2 schedule, in one transaction; returns its id."""
    key = drill_key(attempt.kind)
    state = repo.load_state(store, key)
    _, record = sm2.review(state, attempt.grade, now=attempt.attempted_at, today=attempt.study_day)
    with store.sessions.begin() as session:
        row = DrillAttemptRow(
            kind=attempt.kind,
            seed=attempt.seed,
            params=attempt.params,
            given=attempt.given[:500],
            verdict=attempt.verdict,
            expected=attempt.expected,
            unit=attempt.unit,
            relative_error=attempt.relative_error,
            seconds=round(attempt.seconds, 3),
            timed_out=attempt.timed_out,
            grade=attempt.grade,
            attempted_at=attempt.attempted_at,
            study_day=attempt.study_day,
        )
        session.add(row)
        repo.write_answer(session, card_key=key, deck_id=DRILL_DECK, record=record, seconds=attempt.seconds)
        session.flush()
        return row.id


def attempts(store: Store, kind: str | None = None) -> list[Attempt]:
    """Stored attempts, oldest first."""
    import sqlalchemy as sa

    query = sa.select(DrillAttemptRow).order_by(DrillAttemptRow.id)
    if kind is not None:
        query = query.where(DrillAttemptRow.kind == kind)
    with store.sessions() as session:
        return [
            Attempt(
                r.kind,
                r.seed,
                r.params,
                r.given,
                r.verdict,
                r.expected,
                r.unit,
                r.relative_error,
                r.seconds,
                r.timed_out,
                r.grade,
                r.attempted_at,
                r.study_day,
            )
            for r in session.scalars(query)
        ]
