"""Unit slips are named only where the answer is an amount of data: a speedup 7.8% off is close,
not "GiB vs GB" (seen in a mock interview's Amdahl follow-up)."""

from __future__ import annotations

import pytest

from engine.answers import check_numeric
from engine.bands import Verdict, default_slips


def test_a_factor_close_to_the_gib_ratio_is_close_without_a_unit_slip() -> None:
    result = check_numeric("6x", 5.565, "x")
    assert result.verdict is Verdict.CLOSE
    assert "GiB" not in result.message and "bits and bytes" not in result.message


def test_an_amount_of_data_still_names_the_gib_slip() -> None:
    result = check_numeric("1.074 GB", 1.0, "GB")
    assert "looks like GiB vs GB" in result.message


@pytest.mark.parametrize(
    ("unit", "named"),
    [
        ("GB", True),
        ("GiB", True),
        ("B", True),
        ("GB/s", True),
        ("Gb/s", True),
        ("bits", True),
        ("B/param", True),
        ("x", False),
        ("ms", False),
        ("", False),
        ("GPUs", False),
        ("%", False),
        ("FLOP/B", False),
        ("tokens", False),
    ],
)
def test_which_units_get_the_data_slips(unit: str, named: bool) -> None:
    assert bool(default_slips(unit)) is named
