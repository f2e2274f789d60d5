"""A rubric's coverage and the grade it proposes: the points an open answer should cover, ticked."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from fractions import Fraction

from engine.grades import Grade

MAX_POINTS = 6
"""A rubric a person can hold in mind while answering: at most six points."""
MIN_POINTS = 3
BANDS: tuple[tuple[Fraction, Grade], ...] = (
    (Fraction(4, 5), Grade.PERFECTLY),
    (Fraction(3, 5), Grade.WELL),
    (Fraction(2, 5), Grade.WITH_EFFORT),
)
"""Weighted coverage at or above each share proposes that grade; below the last, NOT_AT_ALL."""
ESSENTIAL_CAP = Grade.WITH_EFFORT
"""A missed essential point caps the proposal: the answer had a hole an interviewer would probe."""


@dataclass(frozen=True)
class RubricPoint:
    """One point a strong answer covers."""

    text: str
    weight: int = 1
    essential: bool = False


@dataclass(frozen=True)
class Coverage:
    """What a ticked rubric says: the weighted share covered, the grade it proposes, the points missed."""

    share: Fraction
    grade: Grade
    missed: tuple[RubricPoint, ...]

    @property
    def percent(self) -> int:
        return round(100 * self.share)


def coverage(points: Sequence[RubricPoint], ticked: Collection[int]) -> Coverage:
    """Score the ticked point indexes (0-based) of `points` by the bands and the essential cap."""
    if not points:
        raise ValueError("a rubric has at least one point")
    total = sum(p.weight for p in points)
    got = sum(p.weight for i, p in enumerate(points) if i in ticked)
    share = Fraction(got, total)
    grade = next((g for floor, g in BANDS if share >= floor), Grade.NOT_AT_ALL)
    missed = tuple(p for i, p in enumerate(points) if i not in ticked)
    if any(p.essential for p in missed):
        grade = min(grade, ESSENTIAL_CAP)
    return Coverage(share, grade, missed)
