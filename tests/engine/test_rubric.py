"""The coverage-to-grade rule at each boundary, with weights and essential points."""

from __future__ import annotations

from fractions import Fraction

import pytest

from engine.grades import Grade
from engine.rubric import RubricPoint, coverage

FIVE = [RubricPoint(f"p{i}") for i in range(5)]


@pytest.mark.parametrize(
    ("ticked", "grade"),
    [
        ({0, 1, 2, 3, 4}, Grade.PERFECTLY),
        ({0, 1, 2, 3}, Grade.PERFECTLY),  # 80% exactly: the 5 band
        ({0, 1, 2}, Grade.WELL),  # 60% exactly: the 4 band
        ({0, 1}, Grade.WITH_EFFORT),  # 40% exactly: the 3 band
        ({0}, Grade.NOT_AT_ALL),  # 20%
        (set(), Grade.NOT_AT_ALL),
    ],
)
def test_bands_at_their_boundaries(ticked: set[int], grade: Grade) -> None:
    assert coverage(FIVE, ticked).grade is grade


def test_just_below_each_boundary() -> None:
    # weights 39 + 1 ... make shares just under 80/60/40%.
    points = [RubricPoint("a", weight=79), RubricPoint("b", weight=21)]
    assert coverage(points, {0}).share == Fraction(79, 100)
    assert coverage(points, {0}).grade is Grade.WELL
    points = [RubricPoint("a", weight=59), RubricPoint("b", weight=41)]
    assert coverage(points, {0}).grade is Grade.WITH_EFFORT
    points = [RubricPoint("a", weight=39), RubricPoint("b", weight=61)]
    assert coverage(points, {0}).grade is Grade.NOT_AT_ALL


def test_a_missed_essential_caps_at_three() -> None:
    points = [RubricPoint("key", essential=True), *[RubricPoint(f"p{i}") for i in range(4)]]
    everything_else = {1, 2, 3, 4}  # 80% covered, but not the essential point
    result = coverage(points, everything_else)
    assert result.grade is Grade.WITH_EFFORT
    assert [p.text for p in result.missed] == ["key"]
    assert coverage(points, {0, 1, 2, 3}).grade is Grade.PERFECTLY
    assert coverage(points, {0, 1}).grade is Grade.WITH_EFFORT


def test_the_cap_never_raises_a_grade() -> None:
    points = [RubricPoint("key", essential=True), RubricPoint("a"), RubricPoint("b"), RubricPoint("c")]
    assert coverage(points, {1}).grade is Grade.NOT_AT_ALL  # 25%, essential missed: still 1


def test_weights_count() -> None:
    points = [RubricPoint("heavy", weight=3), RubricPoint("a"), RubricPoint("b")]
    assert coverage(points, {0}).share == Fraction(3, 5)
    assert coverage(points, {0}).grade is Grade.WELL
    assert coverage(points, {1, 2}).grade is Grade.WITH_EFFORT
    assert coverage(points, {0, 1}).percent == 80
