"""Evaluation budgets: decide, before doing the work, whether an operation on user numbers is affordable.

Formulas and typed answers are evaluated with exact fractions. What makes that slow is not the final
magnitude but the size of the intermediates: 1.000000001^9e11 is about 10^390, yet the exact fraction
has 27 * 10^12 bits. So a power is computed exactly only when its result fits MAX_BITS (exponent times
the bit length of the base, known before the work); otherwise it is computed in floating point from
the logarithm, and refused with TOO_LARGE when its magnitude is beyond 10^±MAX_LOG10.
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from fractions import Fraction

MAX_BITS = 1500
"""Exact numerators and denominators beyond this (about 10^450) are refused or not built."""
MAX_LOG10 = 400
"""Results beyond 10^±400 are refused before being computed."""
TOO_LARGE = "too large to evaluate"

Number = Fraction | float


class BudgetError(ArithmeticError):
    """An operation would exceed the evaluation budget; refused before any work was done."""


class OutOfTime(BudgetError):
    """The time limit of the surrounding `time_limit` block has passed (checked between evaluations)."""


LOAD_SECONDS = 3.0
"""Time budget of one deck or drill-template file when the app loads; a slower file is skipped."""
LOAD_SECONDS_PER_MB = 2.0
"""Added to a deck file's budget per MB (10^6 B) of it: a 100,000-card deck is 6.5 MB and takes
2-4 s to parse and validate on a busy machine; the size cap bounds the total."""


def load_seconds(size: int, base: float = LOAD_SECONDS, per_mb: float = LOAD_SECONDS_PER_MB) -> float:
    """The load budget of a file of `size` bytes (one decimal, as the skip message shows it)."""
    return round(base + per_mb * size / 1e6, 1)


def too_slow_message(seconds: float = LOAD_SECONDS) -> str:
    """The one-line problem of a file skipped because it took longer than its load budget."""
    return f"took longer than {seconds:g} s to load; skipped (run `flopcards validate` on it)"


_DEADLINE: ContextVar[tuple[float, float] | None] = ContextVar("flopcards_deadline", default=None)
"""(monotonic deadline, seconds given) of the innermost time limit."""


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Within this block (in this thread), `check_time` raises OutOfTime once `seconds` have passed."""
    token = _DEADLINE.set((time.monotonic() + seconds, seconds))
    try:
        yield
    finally:
        _DEADLINE.reset(token)


def current_limit() -> float | None:
    """The seconds given to the innermost time limit (None outside any)."""
    limit = _DEADLINE.get()
    return None if limit is None else limit[1]


def past_deadline() -> bool:
    """Whether the current time limit has passed (a result read meanwhile may be a skip)."""
    limit = _DEADLINE.get()
    return limit is not None and time.monotonic() > limit[0]


def check_time() -> None:
    """Raise OutOfTime when past the current time limit; free when there is none."""
    if past_deadline():
        raise OutOfTime("took longer than its time budget")


def log10_abs(v: Number) -> float:
    """log10 of |v| (v != 0) without converting a big fraction to a float."""
    if isinstance(v, Fraction):
        return math.log10(abs(v.numerator)) - math.log10(v.denominator)
    return math.log10(abs(v))


def _ln_abs(b: Number) -> float:
    """ln |b|, accurate for bases near 1 (1 + 1e-300 has ln 1e-300, not 0)."""
    if isinstance(b, Fraction):
        a = abs(b)
        if abs(a - 1) < Fraction(1, 2):
            return math.log1p(float(a - 1))
        return math.log(a.numerator) - math.log(a.denominator)
    return math.log(abs(b))


def fits(v: Fraction) -> bool:
    """True when an exact value is within the size budget."""
    return v.numerator.bit_length() <= MAX_BITS and v.denominator.bit_length() <= MAX_BITS


def power_magnitude_ok(b: Number, e: Number) -> bool:
    """|e| * |log10 |b|| <= MAX_LOG10, computed in log space (e itself may not fit a float)."""
    if b == 0 or e == 0:
        return True
    ln_b = abs(_ln_abs(b))
    if ln_b == 0:
        return True
    return log10_abs(e) + math.log10(ln_b / math.log(10)) <= math.log10(MAX_LOG10)


def exact_power_ok(b: Fraction, e: int) -> bool:
    """The exact result of b ** e fits MAX_BITS (about |e| * log2 of its numerator or denominator)."""
    if e.bit_length() > MAX_BITS:
        return False
    return abs(e) * max(math.log2(abs(b.numerator) or 1), math.log2(b.denominator)) <= MAX_BITS


def power(b: Number, e: Number) -> Number:
    """b ** e for b != 0: exact when affordable, else in floating point; BudgetError when too large.

    Raises ValueError for a negative base with a fractional exponent.
    """
    if not power_magnitude_ok(b, e):
        raise BudgetError(TOO_LARGE)
    whole = e.denominator == 1 if isinstance(e, Fraction) else float(e).is_integer()
    if b < 0 and not whole:
        raise ValueError("negative number to a fractional power")
    if isinstance(b, Fraction) and isinstance(e, Fraction) and whole and exact_power_ok(b, int(e)):
        return b ** int(e)
    fb = float(b) if log10_abs(b) < 300 else math.inf
    if math.isfinite(fb) and abs(abs(fb) - 1) > 1e-6:  # float(b) keeps b's precision: plain float power
        try:  # |e| <= about 1e9 here (the magnitude check), so float(e) is exact enough
            return float(fb ** float(e))
        except OverflowError:
            raise BudgetError(TOO_LARGE) from None
    # b near 1 (float(b) would lose it: 1 + 1e-300 is 1.0) or beyond a float: from ln|b|, exactly
    # multiplied by e (which may not fit a float; the magnitude check bounds the product to ~921)
    sign = -1.0 if b < 0 and int(e) % 2 else 1.0
    ln = float(Fraction(e) * Fraction(_ln_abs(b)))
    if ln > 709.0:  # beyond a float: only an exact value could hold it, and that is over budget
        raise BudgetError(TOO_LARGE)
    return sign * math.exp(ln)


def safe_log10_ratio(value: float, expected: float) -> int | None:
    """round(log10(|value / expected|)), or None when the ratio is zero or not finite (no hint)."""
    try:
        ratio = abs(value / expected)
    except (ZeroDivisionError, OverflowError):
        return None
    if not math.isfinite(ratio) or ratio == 0:
        return None
    return round(math.log10(ratio))
