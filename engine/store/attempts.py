"""Stored attempts at timed questions (drills), as plain data; ORM rows stay in here."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

import sqlalchemy as sa
import sqlalchemy.orm as so

from engine.answers import Verdict
from engine.store.database import Store
from engine.store.models import DrillAttemptRow

MAX_GIVEN_CHARS = 500


@dataclass(frozen=True)
class StoredAttempt:
    """One answered (or timed-out) question: what was asked (kind, seed, params) and how it went."""

    kind: str
    seed: int
    params: dict[str, Any]
    given: str
    verdict: Verdict
    expected: float
    unit: str
    relative_error: float | None
    seconds: float
    timed_out: bool
    grade: int
    attempted_at: datetime
    study_day: date
    slip: str | None = None
    """The named slip that explains a wrong answer ('k-only'), if one did."""
    gave_up: bool = False
    hinted: bool = False


def delete_attempt(session: so.Session, attempt_id: int | None) -> None:
    """Stage the removal of an attempt's row (its answer is being undone; None: there is none)."""
    row = None if attempt_id is None else session.get(DrillAttemptRow, attempt_id)
    if row is not None:
        session.delete(row)


def attempt_values(attempt: StoredAttempt) -> dict[str, Any]:
    """The drill_attempt columns of an attempt (the answer given cut to MAX_GIVEN_CHARS)."""
    return {
        "kind": attempt.kind,
        "seed": attempt.seed,
        "params": attempt.params,
        "given": attempt.given[:MAX_GIVEN_CHARS],
        "verdict": attempt.verdict.value,
        "expected": attempt.expected,
        "unit": attempt.unit,
        "relative_error": attempt.relative_error,
        "seconds": round(attempt.seconds, 3),
        "timed_out": attempt.timed_out,
        "grade": int(attempt.grade),
        "attempted_at": attempt.attempted_at,
        "study_day": attempt.study_day,
        "slip": attempt.slip,
        "gave_up": attempt.gave_up,
        "hinted": attempt.hinted,
    }


def read_attempts(store: Store, kind: str | None = None) -> list[StoredAttempt]:
    """Stored attempts (optionally of one kind), oldest first."""
    query = sa.select(DrillAttemptRow).order_by(DrillAttemptRow.id)
    if kind is not None:
        query = query.where(DrillAttemptRow.kind == kind)
    with store.reading() as session:
        return [
            StoredAttempt(
                r.kind,
                r.seed,
                r.params,
                r.given,
                Verdict(r.verdict),
                r.expected,
                r.unit,
                r.relative_error,
                r.seconds,
                r.timed_out,
                r.grade,
                r.attempted_at,
                r.study_day,
                r.slip,
                r.gave_up,
                r.hinted,
            )
            for r in session.scalars(query)
        ]
