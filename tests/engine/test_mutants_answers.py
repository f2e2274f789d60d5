"""Fixed verdicts benchmarks/mutate.py found untested: a fraction typed for a percentage, 1 for
100% included (percent-one-is-100), and 1 still read as 1% when that is the answer."""

from __future__ import annotations

import pytest

from engine.answers import Verdict, check_numeric


@pytest.mark.parametrize(
    ("typed", "expected", "verdict"),
    [
        ("1", 100, Verdict.CORRECT),  # the whole as a fraction
        ("0.5", 50, Verdict.CORRECT),
        ("1", 1, Verdict.CORRECT),  # 1 is 1% when the answer is 1%
        ("100", 100, Verdict.CORRECT),
        ("1 %", 100, Verdict.WRONG),  # with its % sign, 1 % is 1%
        ("1.1", 100, Verdict.WRONG),  # no fraction above the whole
    ],
)
def test_a_fraction_typed_for_a_percentage(typed: str, expected: float, verdict: Verdict) -> None:
    assert check_numeric(typed, expected, "%").verdict is verdict
