"""What a finished mock interview says: scores per topic, time against the guide, what to study next."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime

from engine.interview import QuestionOutcome, Seen, Track

RIGHT = "correct"
WELL_COVERED = 0.8
"""A question answered with less coverage than this (or an essential missed) is studied next."""


@dataclass(frozen=True)
class TopicScore:
    topic: str
    questions: int
    coverage: float
    """Mean rubric coverage of the topic's questions (0-1)."""
    drills_right: int
    drills_asked: int


@dataclass(frozen=True)
class InterviewRecord:
    """One finished mock interview as plain data (stored whole; stats and --json read it back)."""

    taken_at: datetime
    study_day: date
    track: Track
    minutes: int
    level: str
    seconds: float
    questions: tuple[QuestionOutcome, ...]

    @property
    def coverage(self) -> float:
        return sum(q.share for q in self.questions) / len(self.questions) if self.questions else 0.0

    @property
    def drills_asked(self) -> int:
        return sum(len(q.drills) for q in self.questions)

    @property
    def drills_right(self) -> int:
        return sum(d.verdict == RIGHT for q in self.questions for d in q.drills)

    @property
    def score(self) -> float:
        """Rubric coverage and drill accuracy weighed alike (coverage alone when no drill was asked)."""
        if not self.drills_asked:
            return self.coverage
        return (self.coverage + self.drills_right / self.drills_asked) / 2

    def topics(self) -> tuple[TopicScore, ...]:
        order: dict[str, list[QuestionOutcome]] = {}
        for q in self.questions:
            order.setdefault(q.topic, []).append(q)
        return tuple(
            TopicScore(
                topic,
                len(qs),
                sum(q.share for q in qs) / len(qs),
                sum(d.verdict == RIGHT for q in qs for d in q.drills),
                sum(len(q.drills) for q in qs),
            )
            for topic, qs in order.items()
        )

    def missed_points(self) -> tuple[tuple[str, str], ...]:
        """(question key, point) for every rubric point not covered, in the order asked."""
        return tuple((q.key, point) for q in self.questions for point in q.missed)

    def slips(self) -> tuple[tuple[str, str], ...]:
        """(drill kind, slip) named by the drills on the way."""
        return tuple((d.kind, d.slip) for q in self.questions for d in q.drills if d.slip)

    def study_cards(self) -> tuple[str, ...]:
        """Card keys to review: skipped, under-covered, or graded below 4 (an essential missed)."""
        return tuple(q.key for q in self.questions if q.skipped or q.share < WELL_COVERED or q.grade < 4)

    def study_kinds(self) -> tuple[str, ...]:
        """Drill kinds answered other than right, once each, in the order met."""
        kinds = (d.kind for q in self.questions for d in q.drills if d.verdict != RIGHT)
        return tuple(dict.fromkeys(kinds))


def compared(record: InterviewRecord, earlier: Sequence[InterviewRecord]) -> str:
    """One line setting the score beside the previous interview's (the same track first)."""
    if not earlier:
        return "first mock interview: nothing to compare yet"
    same = [e for e in earlier if e.track is record.track]
    last = (same or list(earlier))[-1]
    delta = round(100 * record.score) - round(100 * last.score)
    sign = "+" if delta > 0 else ""
    when = last.study_day.isoformat()
    return f"{round(100 * record.score)}% vs {round(100 * last.score)}% on {when} ({sign}{delta} points)"


def seen_from(records: Sequence[InterviewRecord]) -> dict[str, Seen]:
    """Each question's interview history: times asked and mean coverage (what the next plan ranks by)."""
    shares: dict[str, list[float]] = {}
    for record in records:
        for q in record.questions:
            shares.setdefault(q.key, []).append(q.share)
    return {key: Seen(len(s), sum(s) / len(s)) for key, s in shares.items()}
