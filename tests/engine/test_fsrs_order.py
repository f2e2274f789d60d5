"""Anki's rules for FSRS review intervals without fuzz (engine.fsrs_order), on fixed values: Anki's
own fuzz-range figures (rslib fuzz.rs tests) and the cases met against the anki wheel."""

from __future__ import annotations

import pytest

from engine.fsrs_order import fuzz_upper, passing_intervals, round_half_up


@pytest.mark.parametrize(
    ("interval", "upper"), [(1.0, 1), (2.49, 2), (2.5, 4), (7.0, 9), (17.0, 20), (37.0, 41)]
)
def test_the_top_of_the_fuzz_range_is_ankis(interval: float, upper: int) -> None:
    assert fuzz_upper(interval, 1000) == upper


def test_rounding_is_half_away_from_zero() -> None:
    assert (round_half_up(56.5), round_half_up(57.5), round_half_up(56.49)) == (57, 58, 56)


def test_a_same_day_review_does_not_shrink_below_the_last_interval() -> None:
    # after Good gave 87 days, Hard's ideal 85.8 days is within its fuzz range of 87: Anki keeps 87
    assert passing_intervals((85.81, 85.81, 115.72), 87, 36_500) == (87, 88, 116)


def test_an_overdue_card_keeps_fsrs_intervals_past_the_last_one() -> None:
    assert passing_intervals((56.36, 85.81, 150.31), 12, 36_500) == (56, 86, 150)


def test_good_and_easy_are_a_day_apart_where_fsrs_gives_them_equal() -> None:
    assert passing_intervals((8.3, 8.3, 8.3), 3, 36_500) == (8, 9, 10)


def test_a_shrunk_interval_past_its_fuzz_range_is_not_held_up() -> None:
    assert passing_intervals((10.0, 20.0, 40.0), 100, 36_500) == (10, 20, 40)


def test_every_interval_stops_at_the_maximum() -> None:
    assert passing_intervals((40_000.0, 50_000.0, 60_000.0), 36_500, 36_500) == (36_500,) * 3
    assert passing_intervals((28.0, 29.0, 31.0), 10, 30) == (28, 29, 30)
