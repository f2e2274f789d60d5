"""Anki's rules for the Hard, Good and Easy intervals of an FSRS review card, without its fuzz.

As Anki's scheduler (rslib scheduler/states: review.rs, fuzz.rs) gives them, checked against the
`anki` wheel by tests/anki/test_fsrs_vs_anki.py: each button's ideal interval (FSRS's, in days,
unrounded) is rounded half away from zero and raised to a minimum that
- keeps Hard >= 1 day, Good >= Hard + 1, Easy >= Good + 1;
- never lets an interval shrink below the card's previous one while it lies within the interval's
  fuzz range (Anki's `minimum_review_fuzz_interval`): a same-day review after Good of 87 days whose
  Hard ideal is 85.8 days gets 87, not 86;
and every interval stops at the maximum.
"""

from __future__ import annotations

import math

FUZZ_RANGES = ((2.5, 7.0, 0.15), (7.0, 20.0, 0.1), (20.0, math.inf, 0.05))
"""(from, to, days of fuzz per day of interval) on top of one day: Anki's fuzz range."""


def round_half_up(days: float) -> int:
    """Rust's f32::round for the positive values met here (Python's round() goes to even)."""
    return math.floor(days + 0.5)


def fuzz_delta(interval: float) -> float:
    """Days of fuzz either side of `interval` (none below 2.5 days)."""
    if interval < 2.5:
        return 0.0
    return 1.0 + sum(factor * max(0.0, min(interval, end) - start) for start, end, factor in FUZZ_RANGES)


def fuzz_upper(interval: float, maximum: int) -> int:
    """The top of the fuzz range of `interval`, within 1..maximum (Anki's constrained_fuzz_bounds)."""
    interval = min(max(interval, 1.0), float(maximum))
    delta = fuzz_delta(interval)
    lower = min(max(round_half_up(interval - delta), 1), maximum)
    upper = min(max(round_half_up(interval + delta), 1), maximum)
    return lower + 1 if upper == lower and 2 < upper < maximum else upper


def minimum_after(interval: float, previous: int, maximum: int) -> int:
    """The least a button may give after a previous interval of `previous` days."""
    if round_half_up(interval) > previous:
        return previous + 1
    if previous <= fuzz_upper(interval, maximum):
        return previous
    return 0


def passing_intervals(ideal: tuple[float, float, float], previous: int, maximum: int) -> tuple[int, int, int]:
    """Hard, Good and Easy days from their ideal (unrounded) intervals and the previous interval."""
    out: list[int] = []
    floor = 1
    for days in ideal:
        least = min(max(minimum_after(days, previous, maximum), floor), maximum)
        given = min(max(round_half_up(days), least), maximum)
        out.append(given)
        floor = given + 1
    return out[0], out[1], out[2]
