"""Are two formulas the same function? Exact random-point agreement, confirmed by sympy when cheap."""

from __future__ import annotations

import math
import random
from enum import StrEnum
from fractions import Fraction

from engine.formula.evaluate import Formula
from engine.formula.nodes import (
    ROUNDING,
    Call,
    FormulaError,
    Number,
    degree,
    walk,
)
from engine.formula.symbolic import formula_sympy


class Equivalence(StrEnum):
    SAME = "same"
    DIFFERENT = "different"
    UNCONFIRMED = "unconfirmed"
    """The numbers agree but sympy failed to confirm it: never counted as the same."""


def _cheap_for_sympy(a: Formula, b: Formula, max_terms: int = 500) -> bool:
    """Only rational functions of low degree with a small expansion (dense term count) go to sympy."""
    da, db = degree(a.tree), degree(b.tree)
    if da is None or db is None:
        return False
    n = len(a.names | b.names)
    return da + db <= 12 and math.comb(da + db + n, n) <= max_terms


def _sample(rng: random.Random, names: list[str], integers: bool) -> dict[str, Fraction]:
    """Positive sample values: mostly integers, some fractions (only integers if `integers`)."""
    return {
        n: Fraction(rng.randint(2, 200))
        if integers or rng.random() < 0.6
        else Fraction(rng.randint(1, 5000), rng.randint(1, 97))
        for n in names
    }


def _close(x: Number, y: Number) -> bool:
    if isinstance(x, Fraction) and isinstance(y, Fraction):
        return x == y
    return math.isclose(float(x), float(y), rel_tol=1e-9, abs_tol=1e-12)


def _sympy_says(a: Formula, b: Formula) -> Equivalence:
    import sympy
    from sympy.polys.polyerrors import PolynomialError

    try:
        same = sympy.cancel(sympy.together(formula_sympy(a) - formula_sympy(b))) == 0
    except (FormulaError, ArithmeticError, TypeError, ValueError, RecursionError, PolynomialError):
        return Equivalence.UNCONFIRMED  # sympy could not decide: the numbers alone do not confirm it
    return Equivalence.SAME if same else Equivalence.DIFFERENT


def compare(a: Formula, b: Formula, *, points: int = 12) -> Equivalence:
    """Whether a and b are the same function of their (positive) variables.

    First the two are evaluated exactly at `points` random positive points (integers only if
    ceil/floor/round appear, since those identities usually hold for whole numbers only); any
    disagreement is final. Rational functions whose expansion is small are then confirmed with
    sympy.cancel (a sympy failure leaves it UNCONFIRMED); anything else (sqrt, log, min, high
    degree) rests on the exact numeric agreement (Schwartz-Zippel: a wrong identity survives 12
    random points with negligible probability), which keeps every call bounded in time.
    """
    names = sorted(a.names | b.names)
    rng = random.Random(0x5EED)
    integers = any(isinstance(n, Call) and n.function in ROUNDING for f in (a, b) for n in walk(f.tree))
    agreed = 0
    for _ in range(points * 3):
        if agreed >= points:
            break
        env = _sample(rng, names, integers)
        try:
            va, vb = a.evaluate_exact(env), b.evaluate_exact(env)
        except FormulaError:
            continue  # undefined at this point (e.g. a pole): no information
        if not _close(va, vb):
            return Equivalence.DIFFERENT
        agreed += 1
    if agreed < max(1, points // 2):
        return Equivalence.DIFFERENT
    return _sympy_says(a, b) if _cheap_for_sympy(a, b) else Equivalence.SAME


def equivalent(a: Formula, b: Formula, *, points: int = 12) -> bool:
    """True only when compare() says SAME."""
    return compare(a, b, points=points) is Equivalence.SAME
