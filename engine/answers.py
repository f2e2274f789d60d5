"""Check typed answers against expected numbers (with units) or formulas; never raises.

Percent rule: when the question's unit is % (or "percent"), a bare number v with 0 < |v| <= 1
may also be a fraction (0.16 for 16%): both readings are tried and the closer one is kept.
Otherwise a bare number is read in the question's unit. Unit words are read by engine.unit_words
(its rules are repeated in the verdict when one applied); a wrong or close answer names the slip
that explains it when one does (engine.slips).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

from engine import slips
from engine.answer_words import WrongUnit, resolve
from engine.bands import Grading, Verdict, default_slips, judge
from engine.counts import Count, from_unit, scale_name
from engine.formula import Equivalence, Formula, FormulaError, compare, parse_formula
from engine.reading import MAX_ANSWER_LEN, ReadError, Reading, read_quantity
from engine.slips import Slip
from engine.unit_words import read_unit
from engine.units import (
    UnitError,
    check_unit,
    convert,
    describe,
    format_number,
    format_percent,
    format_quantity,
    format_tolerance,
)

_PERCENT_UNITS = frozenset({"%", "percent"})


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
    slip: str | None = None
    """The named slip that explains a wrong or close answer ('k-only', 'bits-bytes', ...)."""
    notes: tuple[str, ...] = ()
    """How ambiguous words were read ("read 'mb' as MB"), for the verdict."""


def _result(
    verdict: Verdict,
    expected: float,
    unit: str,
    expected_text: str,
    given: str,
    message: str,
    value: float | None = None,
    rel: float | None = None,
    slip: str | None = None,
    notes: tuple[str, ...] = (),
) -> CheckResult:
    return CheckResult(verdict, expected, unit, expected_text, given[:200], value, rel, message, slip, notes)


def _relative_error(value: float, expected: float) -> float:
    if expected == 0:
        return abs(value)
    return abs(value - expected) / abs(expected)


def _diagnosis(value: float, expected: float, grading: Grading) -> tuple[str, Slip | None]:
    """' — looks like you counted K only' (a named slip) or ' (1,000 times too large)', or ''."""
    slip = slips.name_slip(value, expected, grading.slips)
    if slip is not None:
        return f" — {slip.says}", slip
    if value and expected and (value > 0) == (expected > 0) and 1.98 < abs(value / expected) < 2.02:
        return " (a factor of 2)", None
    if value and expected and 0.495 < abs(value / expected) < 0.505:
        return " (a factor of 2)", None
    tens = slips.powers_of_ten(value, expected)
    return (f" ({tens})" if tens else ""), None


def _scale_slip(value: float, expected: float, count: Count, g: Grading) -> str:
    """'did you mean 8.389 million?' when the number is right but off by exactly the question's scale."""
    if count.scale == 1:
        return ""
    name = scale_name(count.scale)
    unit = f"{name}s" if name[0].isalpha() else f"units of {name.lstrip('× ')}"
    for factor, why in ((count.scale, ""), (1 / count.scale, f"a number is read in {unit}; ")):
        if judge(value * factor, expected, g)[0] is Verdict.CORRECT:
            return f"{why}did you mean {format_number(value * factor)} {name}?"
    return ""


def _unit_value(
    reading: Reading, unit: str
) -> tuple[float, tuple[str, ...], str] | tuple[None, tuple[str, ...], str]:
    """The typed value in the question's unit (None: wrong dimension), notes, the unit read."""
    words = read_unit(reading.unit, unit)
    try:
        return convert(reading.value, words.unit, unit), words.notes, words.unit
    except UnitError:
        return None, words.notes, words.unit


def check_numeric(
    text: str,
    expected: float,
    unit: str,
    *,
    tolerance: float = 0.02,
    close: float | None = None,
    grading: Grading | None = None,
    count: Count | None = None,
) -> CheckResult:
    """Read `text` (number, arithmetic, optional unit words) and compare with `expected` in `unit`;
    `count`: what a count answer counts (default: the noun the unit names, as in 'tokens')."""
    g = grading or Grading(tolerance, close, slips=default_slips(unit))
    given = text if isinstance(text, str) else str(text)
    try:
        count = count or from_unit(unit)
        expected_text = (
            format_quantity(expected, unit)
            if count is None
            else count.text(expected, format_number(expected))
        )
    except (TypeError, ValueError, OverflowError, UnitError):
        expected_text = f"{expected} {unit}"

    def unreadable(why: str) -> CheckResult:
        return _result(
            Verdict.UNREADABLE, expected, unit, expected_text, given, f"could not read that: {why}."
        )

    if len(given) > MAX_ANSWER_LEN:
        return unreadable(f"the answer is longer than {MAX_ANSWER_LEN} characters")
    try:
        check_unit(unit)
    except UnitError as exc:
        return unreadable(f"this question's unit is broken ({exc})")
    try:
        typed = read_quantity(given)
        words = resolve(typed, unit, count)
    except (ReadError, UnitError) as exc:
        return unreadable(str(exc))
    if isinstance(words, WrongUnit):
        return _result(
            Verdict.WRONG_UNIT,
            expected,
            unit,
            expected_text,
            given,
            f"Wrong unit: {words.says}; the answer is {expected_text}.",
        )
    reading = words
    notes: tuple[str, ...] = ()
    if reading.unit:
        try:
            converted, notes, read_as = _unit_value(reading, unit)
        except UnitError as exc:
            return unreadable(str(exc))
        if converted is None:
            return _result(
                Verdict.WRONG_UNIT,
                expected,
                unit,
                expected_text,
                given,
                f"Wrong unit: {reading.unit} is {describe(read_as)}, but the "
                f"answer is {describe(unit)} ({expected_text}).",
                notes=notes,
            )
        value = converted
        same_unit = math.isclose(value, reading.value, rel_tol=1e-12)
    else:
        value = reading.value
        same_unit = True
        if unit.strip() in _PERCENT_UNITS and 0 < abs(value) <= 1:
            as_fraction = value * 100
            if _relative_error(as_fraction, expected) < _relative_error(value, expected):
                value = as_fraction
    if not math.isfinite(value):
        return unreadable("the number is out of range")
    verdict, rel, infeasible = judge(value, expected, g)
    shown = given.strip()[:40]
    also = "" if same_unit else f" (= {format_quantity(value, unit)})"
    read = "".join(f" {n[0].upper()}{n[1:]}." for n in notes)
    slip: Slip | None = None
    scale_slip: str | None = None
    if verdict is Verdict.CORRECT:
        band = (
            "exactly"
            if g.integer
            else (
                f"to {g.sig_figs} significant figures"
                if g.sig_figs
                else f"within {format_tolerance(g.tolerance)} of"
            )
        )
        msg = f"Correct: {shown}{also} is {band} {expected_text}.{read}"
    elif infeasible:
        msg = f"Not quite: {shown} is {infeasible}; the answer is {expected_text}.{read}"
    elif verdict is Verdict.CLOSE:
        why, slip = _diagnosis(value, expected, g)
        target = "the exact count" if g.integer else f"within {format_tolerance(g.tolerance)}"
        off = format_percent(rel)
        msg = f"Close: {shown}{also} is {off} off {expected_text}{why}; the target is {target}.{read}"
    elif count is not None and (scaled := _scale_slip(value, expected, count, g)):
        msg, scale_slip = f"Not quite: {shown} is off from {expected_text}: {scaled}{read}", "scale"
    else:
        why, slip = _diagnosis(value, expected, g)
        bare = "" if reading.unit or not unit.strip() else f", and a bare number is read in {unit}"
        msg = f"Not quite: {shown}{also} is off from {expected_text}{why}{bare}.{read}"
    name = scale_slip if slip is None else slip.name
    return _result(verdict, expected, unit, expected_text, given, msg, value, rel, name, notes)


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


__all__ = ["CheckResult", "Grading", "Verdict", "check_formula", "check_numeric"]
