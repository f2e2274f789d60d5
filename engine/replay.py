"""Replaying a card's answers through SM-2: the log records and the state it ends in (for imports)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import date, datetime

from engine import sm2
from engine.studyday import StudyClock


@dataclass(frozen=True)
class TimedRecord:
    """One replayed answer and the seconds it took."""

    record: sm2.ReviewRecord
    seconds: float


def replay_sm2(
    answers: Sequence[tuple[datetime, int, float]], clock: StudyClock
) -> tuple[sm2.CardState, list[TimedRecord]]:
    """Run (UTC instant, grade 0-5, seconds) answers, oldest first, through SM-2 from a new card."""
    state = sm2.CardState()
    out: list[TimedRecord] = []
    for when, grade, seconds in sorted(answers, key=lambda answer: answer[0]):
        state, record = sm2.review(state, grade, now=when, today=clock.today(when))
        out.append(TimedRecord(record, seconds))
    return state, out


def with_schedule(
    state: sm2.CardState, *, due: date, interval_days: int, ef_centi: int | None
) -> sm2.CardState:
    """The replayed state, with the due day, interval and ease another scheduler had already given it."""
    ef = state.ef_centi if not ef_centi else max(sm2.MIN_EF_CENTI, ef_centi)
    return replace(state, due=due, interval_days=max(1, interval_days), ef_centi=ef, repeat_today=False)
