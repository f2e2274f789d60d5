"""How a numeric answer is graded: the tolerance and close bands, exact counts with feasibility,
significant figures, and the slips worth naming."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from enum import StrEnum

from engine import slips
from engine.slips import Slip


class Verdict(StrEnum):
    CORRECT = "correct"
    CLOSE = "close"
    WRONG = "wrong"
    WRONG_UNIT = "wrong_unit"
    UNREADABLE = "unreadable"


DEFAULT_SLIPS: tuple[Slip, ...] = tuple(
    s for name in ("bits-bytes", "gib-gb", "mib-mb") for s in slips.applicable(name)
)
"""Unit slips worth naming in any question about bytes or bits (a drill template declares its own)."""

_DATA_UNIT = re.compile(r"^\s*(?:[kKMGTPE]i?)?(?:B|b|bits?|bytes?)\s*(?:/|$)")


def default_slips(unit: str) -> tuple[Slip, ...]:
    """The unit slips worth naming for an answer in `unit`: bits/bytes and GiB/GB only where the
    answer is an amount (or rate) of data; a speedup 7.8% off is not "GiB vs GB"."""
    return DEFAULT_SLIPS if _DATA_UNIT.match(unit) else ()


@dataclass(frozen=True)
class Grading:
    """How a numeric question is graded (stated with the question)."""

    tolerance: float = 0.02
    close: float | None = None
    integer: bool = False
    """Only the exact whole number is correct."""
    multiple_of: float | None = None
    """A feasible count is a whole multiple of this (GPUs: TP x PP)."""
    sig_figs: int | None = None
    """Correct when equal to the expected value at this many significant figures."""
    slips: tuple[Slip, ...] = DEFAULT_SLIPS

    @property
    def close_band(self) -> float:
        return max(5 * self.tolerance, 0.10) if self.close is None else self.close


def relative_error(value: float, expected: float) -> float:
    if expected == 0:
        return abs(value)
    return abs(value - expected) / abs(expected)


def _round_sig(value: float, sig: int) -> float:
    if value == 0 or not math.isfinite(value):
        return value
    return round(value, sig - 1 - math.floor(math.log10(abs(value))))


def judge(value: float, expected: float, g: Grading) -> tuple[Verdict, float, str]:
    """Verdict, relative error, and why an integer answer is not feasible ('' if it is)."""
    rel = relative_error(value, expected)
    slack = 1 + 1e-9  # "1.1 GiB" vs 1 GiB is 10% off, not 10.000000001%
    if g.integer:
        if abs(value - round(value)) > 1e-9:
            return Verdict.WRONG, rel, "not a whole number (a count is one)"
        if g.multiple_of and abs(value / g.multiple_of - round(value / g.multiple_of)) > 1e-9:
            return Verdict.WRONG, rel, f"not feasible: it must be a multiple of {g.multiple_of:g}"
        if round(value) == round(expected):
            return Verdict.CORRECT, rel, ""
        return (Verdict.CLOSE if rel <= (g.close or 0) * slack else Verdict.WRONG), rel, ""
    if g.sig_figs is not None and _round_sig(value, g.sig_figs) == _round_sig(expected, g.sig_figs):
        return Verdict.CORRECT, rel, ""
    if g.sig_figs is None and rel <= g.tolerance * slack:
        return Verdict.CORRECT, rel, ""
    return (Verdict.CLOSE if rel <= g.close_band * slack else Verdict.WRONG), rel, ""
