"""SM-2 spaced-repetition scheduling as pure functions over frozen dataclasses.

This follows SuperMemo's own description and reference implementation of SM-2 (P. A. Wozniak,
"Optimization of learning", 1990, "Algorithm SM-2"):

* a new item starts with E-Factor 2.5;
* after every answer (failures included) EF' = EF + (0.1 - (5-q)(0.08 + (5-q)*0.02)), floor 1.3;
* I(1) = 1 day, I(2) = 6 days, I(n) = I(n-1) * EF for n > 2, where EF is the E-Factor from
  *before* this answer, rounded half to even as the reference code does (45 * 2.9 = 130.5 -> 130);
* a grade q < 3 restarts the repetitions (next interval 1 day) without touching the EF rule;
* an item graded below 4 comes back in the same session until it scores at least 4.

The same-day rule: an item's SM-2 state changes at most once per study day. The first graded answer
of the day is the SM-2 review; every later answer that day (a relearning repeat, studying ahead,
another drill of the same kind) is logged in full but changes neither EF nor interval, except that a
failure (q < 3) later the same day still brings the item back today. An item already coming back
today (graded below 4 earlier) keeps coming back until it scores at least 4.

The state also carries the FSRS memory (engine.fsrs_scheduler) for collections that switch
schedulers; an SM-2 answer drops it, because it no longer reflects every answer (switching to FSRS
rebuilds it from the review log).

EF moves in steps of 0.01, so it is held as an integer number of hundredths: exact, no binary
float drift.

Every interval stops at a ceiling (`max_interval`, 36,500 days by default, as Anki and py-fsrs):
uncapped, an item answered right once a day (studied ahead) reaches a due day past the year 9999
within two weeks and date arithmetic overflows. A state read from an older database with an
interval or due day past the ceiling is clamped (`clamped`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date, datetime, timedelta
from fractions import Fraction
from typing import Any

from engine.fsrs_scheduler import FsrsState

INITIAL_EF_CENTI = 250
MIN_EF_CENTI = 130
GRADES = range(6)
PASSING_GRADE = 3
"""Grades below this restart the repetitions."""
SAME_DAY_TARGET = 4
MAX_INTERVAL_DAYS = 36_500
"""The longest interval any item gets (the `max_interval_days` setting's default; Anki's too)."""
"""Grades below this bring the item back later the same study day."""

GRADE_LABELS: dict[int, str] = {
    0: "blackout",
    1: "not at all",
    2: "barely",
    3: "with effort",
    4: "well",
    5: "perfectly",
}
"""Labels as the seed flashcards label their 1-5 scale, plus SuperMemo's 0 (blackout)."""


@dataclass(frozen=True)
class CardState:
    """Scheduling state of one card. A card never reviewed is `CardState()`."""

    repetitions: int = 0
    """Successful (q >= 3) scheduled reviews in a row: SM-2's n."""
    ef_centi: int = INITIAL_EF_CENTI
    """E-Factor in hundredths (250 means 2.50)."""
    interval_days: int = 0
    """Last interval given; 0 for a new card."""
    due: date | None = None
    """Study day the card is next due; None for a new card."""
    last_review: datetime | None = None
    """UTC time of the last answer."""
    last_day: date | None = None
    """Study day of the last answer."""
    repeat_today: bool = False
    """Comes back later today: graded below 4 in today's review, or failed (< 3) after it."""
    fsrs: FsrsState | None = None
    """FSRS memory (stability, difficulty) kept alongside, None until FSRS has seen every answer."""

    @property
    def is_new(self) -> bool:
        return self.due is None

    @property
    def ef(self) -> Fraction:
        return Fraction(self.ef_centi, 100)

    def to_dict(self) -> dict[str, Any]:
        return {
            "repetitions": self.repetitions,
            "ef_centi": self.ef_centi,
            "interval_days": self.interval_days,
            "due": self.due.isoformat() if self.due else None,
            "last_review": self.last_review.isoformat() if self.last_review else None,
            "last_day": self.last_day.isoformat() if self.last_day else None,
            "repeat_today": self.repeat_today,
            **({"fsrs": self.fsrs.to_dict()} if self.fsrs is not None else {}),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> CardState:
        return clamped(
            cls(
                repetitions=int(data["repetitions"]),
                ef_centi=int(data["ef_centi"]),
                interval_days=int(data["interval_days"]),
                due=date.fromisoformat(data["due"]) if data.get("due") else None,
                last_review=datetime.fromisoformat(data["last_review"]) if data.get("last_review") else None,
                last_day=date.fromisoformat(data["last_day"]) if data.get("last_day") else None,
                repeat_today=bool(data.get("repeat_today", False)),
                fsrs=FsrsState.from_dict(data["fsrs"]) if isinstance(data.get("fsrs"), dict) else None,
            )
        )


def add_days(day: date, days: int) -> date:
    """`day` plus `days`, stopping at the last and first dates Python can hold instead of raising."""
    try:
        return day + timedelta(days=days)
    except OverflowError:
        return date.max if days > 0 else date.min


def clamped(state: CardState, max_interval: int = MAX_INTERVAL_DAYS) -> CardState:
    """`state` with its interval and due day within the ceiling (a state from an older database)."""
    anchor = state.last_day or state.due
    latest = add_days(anchor, max_interval) if anchor is not None else None
    if state.interval_days <= max_interval and (state.due is None or latest is None or state.due <= latest):
        return state
    due = state.due if state.due is None or latest is None else min(state.due, latest)
    return replace(state, interval_days=min(state.interval_days, max_interval), due=due)


@dataclass(frozen=True)
class ReviewRecord:
    """What one answer did: enough to log it and to undo it."""

    grade: int
    reviewed_at: datetime
    study_day: date
    before: CardState
    after: CardState
    same_day_repeat: bool

    @property
    def was_new(self) -> bool:
        return self.before.is_new and not self.same_day_repeat


def next_ef_centi(ef_centi: int, grade: int) -> int:
    """SM-2's E-Factor update, in exact hundredths, floored at 1.3."""
    miss = 5 - grade
    delta = 10 - miss * (8 + miss * 2)
    return max(MIN_EF_CENTI, ef_centi + delta)


def next_interval(
    repetitions: int, previous_interval: int, ef_centi: int, max_interval: int = MAX_INTERVAL_DAYS
) -> int:
    """Interval in days for the repetition numbered `repetitions` (1-based), SM-2 style, at most
    `max_interval`."""
    if repetitions <= 1:
        return 1
    if repetitions == 2:
        return min(6, max_interval)
    return max(1, min(max_interval, round(Fraction(min(previous_interval, max_interval) * ef_centi, 100))))


def is_same_day_repeat(state: CardState, today: date) -> bool:
    """True when the item was already answered on this study day: a new answer is logged only."""
    return state.last_day == today


def comes_back_today(state: CardState, grade: int) -> bool:
    """Whether a later answer the same day brings the item back today (see the same-day rule)."""
    return grade < PASSING_GRADE or (state.repeat_today and grade < SAME_DAY_TARGET)


def review(
    state: CardState, grade: int, *, now: datetime, today: date, max_interval: int = MAX_INTERVAL_DAYS
) -> tuple[CardState, ReviewRecord]:
    """Apply one answer: returns the new state and the record of it. Pure; `state` is unchanged.
    No interval exceeds `max_interval` days."""
    if max_interval < 1:
        raise ValueError(f"max_interval must be at least 1 day, got {max_interval!r}")
    if grade not in GRADES:
        raise ValueError(f"grade must be 0-5, got {grade!r}")
    if now.tzinfo is None or now.utcoffset() != timedelta(0):
        raise ValueError("now must be a timezone-aware UTC datetime")
    if is_same_day_repeat(state, today):
        after = replace(
            state, last_review=now, last_day=today, repeat_today=comes_back_today(state, grade), fsrs=None
        )
        return after, ReviewRecord(grade, now, today, state, after, same_day_repeat=True)

    if grade < PASSING_GRADE:
        repetitions = 1
        interval = 1
    else:
        repetitions = state.repetitions + 1
        interval = next_interval(repetitions, state.interval_days, state.ef_centi, max_interval)
    after = CardState(
        repetitions=0 if grade < PASSING_GRADE else repetitions,
        ef_centi=next_ef_centi(state.ef_centi, grade),
        interval_days=interval,
        due=add_days(today, interval),
        last_review=now,
        last_day=today,
        repeat_today=grade < SAME_DAY_TARGET,
    )
    return after, ReviewRecord(grade, now, today, state, after, same_day_repeat=False)


def preview(state: CardState, *, today: date, max_interval: int = MAX_INTERVAL_DAYS) -> dict[int, int | None]:
    """Days until the item is next due after each grade; None where it comes back today. What
    `review` schedules, read off its rules rather than six states built (a card shown computes it:
    building them took ~0.15 ms)."""
    if max_interval < 1:
        raise ValueError(f"max_interval must be at least 1 day, got {max_interval!r}")
    if is_same_day_repeat(state, today):  # the due day stays; some grades bring it back today
        due = None if state.due is None else (state.due - today).days
        return {grade: None if comes_back_today(state, grade) else due for grade in GRADES}
    interval = next_interval(state.repetitions + 1, state.interval_days, state.ef_centi, max_interval)
    days = (add_days(today, interval) - today).days  # the same for every passing grade
    return {grade: None if grade < SAME_DAY_TARGET else days for grade in GRADES}


def is_due(state: CardState, today: date) -> bool:
    """Due for review on `today`: scheduled on or before it, or still to repeat today."""
    if state.due is None:
        return False
    return state.due <= today or (state.repeat_today and state.last_day == today)


def format_interval(days: int | None) -> str:
    """Short label for a grade button: 'again', '1d', '6d', '4mo', '1.2y'."""
    if days is None:
        return "again"
    if days < 30:
        return f"{days}d"
    if days < 365:
        return f"{days / 30:.0f}mo"
    return f"{days / 365:.1f}y"
