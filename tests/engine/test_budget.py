"""engine.budget: what is affordable is decided before the work, from sizes known up front."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from engine import budget


def test_exact_power_when_the_result_fits() -> None:
    assert budget.power(Fraction(3, 2), Fraction(5)) == Fraction(243, 32)
    assert budget.exact_power_ok(Fraction(2), 1500) and not budget.exact_power_ok(Fraction(2), 1501)
    assert budget.power(Fraction(10), Fraction(400)) == 10**400


def test_near_one_base_is_not_built_exactly_but_stays_accurate() -> None:
    base = 1 + Fraction(1, 10**300)
    assert not budget.exact_power_ok(base, 10**300)
    assert budget.power(base, Fraction(10**300)) == pytest.approx(math.e, rel=1e-12)


@pytest.mark.parametrize(
    ("b", "e"),
    [(Fraction(1000000001, 10**9), Fraction(9 * 10**11)), (Fraction(10), Fraction(401)), (2.0, 1e4)],
)
def test_too_large_is_refused(b: budget.Number, e: budget.Number) -> None:
    with pytest.raises(budget.BudgetError, match="too large to evaluate"):
        budget.power(b, e)


def test_negative_base_fractional_exponent() -> None:
    with pytest.raises(ValueError):
        budget.power(-8.0, 0.5)
    assert budget.power(Fraction(-2), 3.0) == -8.0


def test_time_limit_is_checked_only_inside_its_block() -> None:
    budget.check_time()  # no limit: free
    with budget.time_limit(0.0), pytest.raises(budget.OutOfTime):
        budget.check_time()
    budget.check_time()


@pytest.mark.parametrize(
    ("value", "expected", "out"),
    [(1e308, 1e-9, None), (5e-324, 1e9, None), (0.0, 1.0, None), (1000.0, 1.0, 3)],
)
def test_log10_ratio_never_raises(value: float, expected: float, out: int | None) -> None:
    assert budget.safe_log10_ratio(value, expected) == out
