"""Check typed answers against expected numbers (with units) or formulas; never raises.

Percent rule: when the question's unit is % (or "percent"), a bare number v with 0 < |v| <= 1
may also be a fraction (0.16 for 16%): both readings are tried and the closer one is kept.
Otherwise a bare number is read in the question's unit.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

from engine import budget
from engine.formula import Equivalence, Formula, FormulaError, compare, parse_formula
from engine.reading import MAX_ANSWER_LEN, ReadError, read_quantity
from engine.units import (
    UnitError,
    convert,
    describe,
    format_percent,
    format_quantity,
    format_tolerance,
    parse_unit,
)

_PERCENT_UNITS = frozenset({"%", "percent"})


class Verdict(StrEnum):
    CORRECT = "correct"
    CLOSE = "close"
    WRONG = "wrong"
    WRONG_UNIT = "wrong_unit"
    UNREADABLE = "unreadable"


@dataclass(frozen=True)
class CheckResult:
    """The outcome of checking one answer, with a one-sentence message for the learner."""

    verdict: Verdict
    expected: float
    expected_unit: str
    expected_text: str
    given: str
    given_value: float | None
    relative_error: float | None
    message: str


def _result(
    verdict: Verdict,
    expected: float,
    unit: str,
    expected_text: str,
    given: str,
    message: str,
    value: float | None = None,
    rel: float | None = None,
) -> CheckResult:
    return CheckResult(verdict, expected, unit, expected_text, given[:200], value, rel, message)


def _relative_error(value: float, expected: float) -> float:
    if expected == 0:
        return abs(value)
    return abs(value - expected) / abs(expected)


def _hint(value: float, expected: float) -> str:
    """A short diagnosis of a classic slip (factor of 8, 10^k, GiB vs GB), or ''."""
    if value == 0 or expected == 0 or (value > 0) != (expected > 0):
        return ""
    ratio = abs(value / expected)
    if budget.safe_log10_ratio(value, expected) is None:
        return ""  # a ratio of 0 or beyond a float (1e308 vs 1e-9) has no hint
    for factor, words in (
        (8, "bits vs bytes"),
        (2**30 / 1e9, "GiB (2^30) vs GB (10^9)"),
        (2**20 / 1e6, "MiB vs MB"),
        (2, "a factor of 2"),
    ):
        for r in (factor, 1 / factor):
            if abs(ratio / r - 1) < 0.01:
                return f" (check {words})"
    exp10 = round(math.log10(ratio))
    if exp10 != 0 and abs(ratio / 10.0**exp10 - 1) < 0.05:
        times = f"{10 ** abs(exp10):,}" if abs(exp10) <= 6 else f"10^{abs(exp10)}"
        return f" ({times} times too {'large' if exp10 > 0 else 'small'})"
    return ""


def check_numeric(
    text: str, expected: float, unit: str, *, tolerance: float = 0.02, close: float | None = None
) -> CheckResult:
    """Read `text` (number, arithmetic, optional unit) and compare with `expected` in `unit`."""
    given = text if isinstance(text, str) else str(text)
    try:
        expected_text = format_quantity(expected, unit)
    except (TypeError, ValueError, OverflowError):
        expected_text = f"{expected} {unit}"

    def unreadable(why: str) -> CheckResult:
        return _result(
            Verdict.UNREADABLE, expected, unit, expected_text, given, f"could not read that: {why}."
        )

    if len(given) > MAX_ANSWER_LEN:
        return unreadable(f"the answer is longer than {MAX_ANSWER_LEN} characters")
    try:
        parse_unit(unit)
    except UnitError as exc:
        return unreadable(f"this question's unit is broken ({exc})")
    try:
        reading = read_quantity(given)
    except ReadError as exc:
        return unreadable(str(exc))
    if reading.unit:
        try:
            parse_unit(reading.unit)
        except UnitError as exc:
            return unreadable(str(exc))
        try:
            value = convert(reading.value, reading.unit, unit)
        except UnitError:
            return _result(
                Verdict.WRONG_UNIT,
                expected,
                unit,
                expected_text,
                given,
                f"Wrong unit: {reading.unit} is {describe(reading.unit)}, but the "
                f"answer is {describe(unit)} ({expected_text}).",
            )
    else:
        value = reading.value
        if unit.strip() in _PERCENT_UNITS and 0 < abs(value) <= 1:
            as_fraction = value * 100
            if _relative_error(as_fraction, expected) < _relative_error(value, expected):
                value = as_fraction
    if not math.isfinite(value):
        return unreadable("the number is out of range")
    rel = _relative_error(value, expected)
    close_band = max(5 * tolerance, 0.10) if close is None else close
    shown = given.strip()[:40]
    value_text = format_quantity(value, unit)
    also = "" if not reading.unit or reading.unit == unit.strip() else f" (= {value_text})"
    slack = 1 + 1e-9  # "1.1 GiB" vs 1 GiB is 10% off, not 10.000000001%
    if rel <= tolerance * slack:
        verdict = Verdict.CORRECT
        msg = f"Correct: {shown}{also} is within {format_tolerance(tolerance)} of {expected_text}."
    elif rel <= close_band * slack:
        verdict = Verdict.CLOSE
        msg = (
            f"Close: {shown}{also} is {format_percent(rel)} off {expected_text}{_hint(value, expected)};"
            f" the target is within {format_tolerance(tolerance)}."
        )
    else:
        verdict = Verdict.WRONG
        bare = "" if reading.unit or not unit.strip() else f", and a bare number is read in {unit}"
        msg = f"Not quite: {shown}{also} is off from {expected_text}{_hint(value, expected)}{bare}."
    return _result(verdict, expected, unit, expected_text, given, msg, value, rel)


def _sample_point(names: list[str]) -> dict[str, int]:
    primes = [3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47]
    return {n: primes[i % len(primes)] for i, n in enumerate(names)}


def _counterexample(given: Formula, want: Formula) -> str:
    point = _sample_point(sorted(want.names | given.names))
    try:
        a, b = given.evaluate(point), want.evaluate(point)
    except FormulaError:
        return ""
    if math.isclose(a, b, rel_tol=1e-9):
        return ""
    at = ", ".join(f"{k}={v}" for k, v in point.items())
    at = f"at {at} " if at else ""
    return f": {at}yours gives {a:.4g} but the answer gives {b:.4g}"


def check_formula(text: str, expected: str, variables: Mapping[str, str]) -> CheckResult:
    """Symbolic equivalence of the typed formula with `expected`; names must be in `variables`."""
    given = text if isinstance(text, str) else str(text)
    nan = math.nan

    def unreadable(why: str) -> CheckResult:
        return _result(Verdict.UNREADABLE, nan, "", expected, given, f"could not read that: {why}.")

    if len(given) > MAX_ANSWER_LEN:
        return unreadable(f"the answer is longer than {MAX_ANSWER_LEN} characters")
    try:
        want = parse_formula(expected)
    except FormulaError as exc:
        return unreadable(f"this card's expected formula is invalid ({exc})")
    try:
        got = parse_formula(given)
    except FormulaError as exc:
        return unreadable(str(exc))
    allowed = ", ".join(f"{n} ({d})" if d else n for n, d in sorted(variables.items())) or "none"
    unknown = sorted(got.names - set(variables))
    if unknown:
        return unreadable(f"unknown name {', '.join(repr(u) for u in unknown)}; use only {allowed}")
    try:
        same = compare(got, want)
    except (FormulaError, ArithmeticError, ValueError, RecursionError):
        same = Equivalence.DIFFERENT
    if same is Equivalence.UNCONFIRMED:
        return unreadable("could not confirm that this equals the answer; write it another way")
    if same is Equivalence.SAME:
        return _result(
            Verdict.CORRECT,
            nan,
            "",
            expected,
            given,
            f"Correct: {given.strip()[:60]} is equivalent to {expected}.",
        )
    return _result(
        Verdict.WRONG, nan, "", expected, given, f"Not equivalent to {expected}{_counterexample(got, want)}."
    )
