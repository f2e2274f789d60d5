"""The figures of the stats screen as plain frozen dataclasses (no SQL, no terminal)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime
from enum import Enum

MATURE_DAYS = 21
"""A card whose interval before the answer was at least this many days counts as mature (as in Anki)."""
HEATMAP_DAYS = 365


class Period(Enum):
    """How far back the period-dependent figures (grades, time, drills) look."""

    WEEK = ("week", 7)
    MONTH = ("month", 30)
    QUARTER = ("3 months", 91)
    YEAR = ("year", 365)
    ALL = ("all time", None)

    def __init__(self, label: str, days: int | None) -> None:
        self.label = label
        self.days = days

    @classmethod
    def parse(cls, text: str) -> Period:
        for period in cls:
            if text.strip().lower() in (period.name.lower(), period.label):
                return period
        names = ", ".join(p.name.lower() for p in cls)
        raise ValueError(f"unknown period '{text.strip()[:20]}' (use one of: {names})")


@dataclass(frozen=True)
class DayCount:
    day: date
    count: int


@dataclass(frozen=True)
class Activity:
    """Answers per study day over the past year (the calendar heatmap), the streak, days studied."""

    days: tuple[DayCount, ...]
    """Only days with at least one answer, oldest first."""
    streak: int
    """Consecutive study days with answers up to today (or up to yesterday if nothing yet today)."""
    days_studied: int
    """Days with answers in the past year."""
    answers: int
    """Answers in the past year, same-day repeats included."""


@dataclass(frozen=True)
class FutureDue:
    """Reviews due per day ahead, the overdue backlog, and the daily load (sum of 1/interval)."""

    per_day: tuple[int, ...]
    """per_day[i] = cards due on today + i + 1, for the next `len(per_day)` days."""
    overdue: int
    """Due today or earlier."""
    daily_load: float
    """Sum of 1/interval over every scheduled card: the reviews a day costs in the long run."""


@dataclass(frozen=True)
class Retention:
    """True retention over one window: first scheduled answer of a day only, grade < 3 = fail."""

    label: str
    young_passed: int
    young_total: int
    mature_passed: int
    mature_total: int

    @staticmethod
    def rate(passed: int, total: int) -> float | None:
        return None if total == 0 else passed / total

    @property
    def young(self) -> float | None:
        return self.rate(self.young_passed, self.young_total)

    @property
    def mature(self) -> float | None:
        return self.rate(self.mature_passed, self.mature_total)

    @property
    def total(self) -> float | None:
        return self.rate(self.young_passed + self.mature_passed, self.young_total + self.mature_total)


@dataclass(frozen=True)
class DayTime:
    day: date
    answers: int
    seconds: float


@dataclass(frozen=True)
class Bucket:
    """One bar of a histogram: values in [low, high) (high None: open-ended)."""

    label: str
    low: float
    high: float | None
    count: int


@dataclass(frozen=True)
class CardCounts:
    """Cards by state. learning: SM-2's fixed first steps (repetitions < 2) or relearning after a fail;
    young: later steps with an interval < 21 days; mature: interval >= 21 days."""

    new: int
    learning: int
    young: int
    mature: int
    suspended: int = 0
    leech: int = 0
    flags_tracked: bool = False
    """True when suspended and leech were read from the store (card marks, revision 0004)."""

    @property
    def total(self) -> int:
        return self.new + self.learning + self.young + self.mature


@dataclass(frozen=True)
class KindStats:
    """One drill kind over the period."""

    kind: str
    attempts: int
    correct: int
    median_seconds: float

    @property
    def accuracy(self) -> float:
        return self.correct / self.attempts if self.attempts else 0.0


@dataclass(frozen=True)
class KindDay:
    """One drill kind on one study day: attempts, correct ones, median seconds."""

    kind: str
    day: date
    attempts: int
    correct: int
    median_seconds: float


@dataclass(frozen=True)
class SprintDay:
    """A day of drills scored like Zetamac: correct answers, out of attempts, and the time spent."""

    day: date
    correct: int
    attempts: int
    seconds: float


@dataclass(frozen=True)
class SlipCount:
    """A named slip (e.g. 'gib-gb') and how often the period's drill answers made it."""

    slip: str
    count: int


@dataclass(frozen=True)
class DrillStats:
    kinds: tuple[KindStats, ...]
    """Every kind attempted in the period, weakest (lowest accuracy, then slowest) first."""
    over_time: tuple[KindDay, ...]
    sprints: tuple[SprintDay, ...]
    slips: tuple[SlipCount, ...] = ()
    """Named slips of the period, most frequent first."""

    def weakest(self, n: int = 3) -> tuple[KindStats, ...]:
        return self.kinds[:n]


@dataclass(frozen=True)
class ExamScore:
    deck_id: str
    taken_at: datetime
    right: int
    asked: int
    seconds: float


@dataclass(frozen=True)
class InterviewScore:
    """One mock interview: score 0-1 (rubric coverage and drill accuracy weighed alike)."""

    taken_at: datetime
    track: str
    minutes: int
    score: float
    seconds: float
    questions: int


@dataclass(frozen=True)
class Stats:
    """Everything the stats screen and `flopcards stats` show, for one deck (or all) and period."""

    today: date
    deck_id: str | None
    period: Period
    activity: Activity
    future: FutureDue
    retention: tuple[Retention, ...]
    grades: tuple[int, ...]
    """Answers per grade 0-5 in the period."""
    review_time: tuple[DayTime, ...]
    intervals: tuple[Bucket, ...]
    ease: tuple[Bucket, ...]
    counts: CardCounts
    drills: DrillStats
    exams: tuple[ExamScore, ...] = field(default=())
    interviews: tuple[InterviewScore, ...] = field(default=())
    fsrs: FsrsFigures | None = None
    """None when no card has FSRS memory (the collection never used FSRS)."""


@dataclass(frozen=True)
class FsrsFigures:
    """Cards with FSRS memory: how many, their mean predicted recall now, and their stability."""

    cards: int
    mean_retrievability: float | None
    stability: tuple[Bucket, ...]
    """Days until recall falls to 90%, bucketed."""
