"""Name the slip behind a wrong number: the classic factors of LLM-systems arithmetic.

A slip is a known mistake that multiplies the right answer by a known ratio (given / expected):
counting K only halves a KV cache, 2ND instead of 6ND gives a third. A question declares which slips
apply to it (a drill template's `slips:`), some with a ratio that depends on the drawn numbers (the
ring factor (n-1)/n, the bubble convention). An answer within the slip window of expected × ratio
is that slip; the unit-prefix slip (×10^3) applies everywhere.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

WINDOW = 0.01
"""Relative distance from the slipped value within which an answer is that slip (GiB/GB and MiB/MB
differ by 2.4%, so the window must stay well under 1.2%)."""


@dataclass(frozen=True)
class SlipKind:
    """A named mistake: the ratio it usually makes (None: the question must give one) and its words."""

    name: str
    ratio: float | None
    both_ways: bool
    says: str


KINDS: dict[str, SlipKind] = {
    s.name: s
    for s in (
        SlipKind("k-only", 0.5, False, "looks like you counted K only (the cache holds K and V)"),
        SlipKind(
            "all-gather-volume",
            0.5,
            False,
            "looks like you used an all-gather's volume; an all-reduce moves twice as much",
        ),
        SlipKind(
            "all-reduce-volume",
            2.0,
            False,
            "looks like you used an all-reduce's volume; an all-gather or reduce-scatter moves half",
        ),
        SlipKind("forward-only", 0.5, False, "looks like you counted the forward pass only"),
        SlipKind("2nd-vs-6nd", 1 / 3, False, "looks like you used 2ND (forward only) instead of 6ND"),
        SlipKind(
            "both-directions", 2.0, True, "looks like you mixed per-direction and both-direction bandwidth"
        ),
        SlipKind("bits-bytes", 8.0, True, "looks like bits and bytes got swapped (×8)"),
        SlipKind("gib-gb", 2**30 / 1e9, True, "looks like GiB vs GB (×1.074)"),
        SlipKind("mib-mb", 2**20 / 1e6, True, "looks like MiB vs MB (×1.049)"),
        SlipKind("ring-factor", None, False, "looks like you left out the ring factor (n−1)/n"),
        SlipKind(
            "bubble-convention",
            None,
            False,
            "looks like the other bubble convention: this one divides p−1 by m+p−1 (the whole schedule)",
        ),
        SlipKind("prefix", 1e3, True, "looks like a unit prefix slipped (×1000)"),
        SlipKind("percent-fraction", 100.0, True, "looks like a fraction and a percentage got mixed (×100)"),
    )
}


@dataclass(frozen=True)
class Slip:
    """One slip a question allows for, with the ratio it makes for this question's numbers."""

    name: str
    ratio: float

    @property
    def says(self) -> str:
        return KINDS[self.name].says


def applicable(name: str, ratio: float | None = None) -> list[Slip]:
    """The ratios a declared slip tests (both directions for the symmetric ones); KeyError if unknown."""
    kind = KINDS[name]
    r = kind.ratio if ratio is None else ratio
    if r is None:
        raise ValueError(f"slip '{name}' needs a ratio from the question")
    if not (math.isfinite(r) and r > 0) or r == 1:
        return []
    return [Slip(name, r), Slip(name, 1 / r)] if kind.both_ways else [Slip(name, r)]


def name_slip(value: float, expected: float, slips: Sequence[Slip], *, window: float = WINDOW) -> Slip | None:
    """The declared slip that explains `value` (then the ×10^3 prefix slip), or None."""
    if not (math.isfinite(value) and math.isfinite(expected)) or value == 0 or expected == 0:
        return None
    for slip in (*slips, *applicable("prefix")):
        target = expected * slip.ratio
        if abs(value - target) <= window * abs(target):
            return slip
    return None


def powers_of_ten(value: float, expected: float) -> str:
    """'1,000 times too large' for a power-of-ten slip beyond the declared ones, or ''."""
    try:
        ratio = abs(value / expected)
    except (ZeroDivisionError, OverflowError):
        return ""
    if not math.isfinite(ratio) or ratio == 0:
        return ""
    exp10 = round(math.log10(ratio))
    if exp10 == 0 or abs(ratio / 10.0**exp10 - 1) >= 0.05:
        return ""
    times = f"{10 ** abs(exp10):,}" if abs(exp10) <= 6 else f"10^{abs(exp10)}"
    return f"{times} times too {'large' if exp10 > 0 else 'small'}"
