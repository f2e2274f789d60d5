"""FSRS as Anki's own scheduler computes it (the `anki` wheel's rslib; tests/anki/fsrs_anki.py), on
generated histories answered at random hours: memory states from a card's review log (elapsed time in
study days, same-day reviews, the day start honoured), and the Hard/Good/Easy intervals of a review
card, unfuzzed. A few hundred here; thousands in benchmarks/fsrs_vs_anki.py. And the golden case of
issue 25: Good at 20:00 and 20:10, then 36 hours later, gives stability 10.97 (py-fsrs alone,
counting 24-hour periods: 7.32)."""

from __future__ import annotations

import random
import time
from datetime import UTC, datetime, timedelta

from engine.fsrs_f32 import f32
from engine.fsrs_order import passing_intervals
from engine.sm2 import MAX_INTERVAL_DAYS
from tests.anki.fsrs_anki import (
    Collection,
    answered_in_anki,
    histories,
    intervals,
    memory_states,
    our_memory,
)

TOLERANCE = 0.001
"""Relative: 0.1%."""
HISTORIES = 60
TINY_STABILITY = 112
"""The history of seed 25 whose 0.05985-day stability Anki stores as 0.0598 (py-fsrs's doubles, 0.0599)."""


def test_good_twice_then_36_hours_later_as_anki(anki_col: Collection) -> None:
    anki_col.set_config("fsrs", True)
    start = datetime.fromtimestamp(int(time.time()) - 10 * 86400, UTC).replace(hour=20, minute=0)
    history = [(start, 3), (start + timedelta(minutes=10), 3), (start + timedelta(minutes=10, hours=36), 3)]
    ours, theirs = memory_states(anki_col, history)
    assert abs(ours[-1][0] - theirs[-1][0]) / theirs[-1][0] < TOLERANCE
    assert round(ours[-1][0], 2) == 10.97


def test_memory_states_equal_ankis_at_random_hours(anki_col: Collection) -> None:
    """Ours and the memory Anki's card stores, answered one by one: the same 32-bit floats (so within
    0.1% by far). Computed as fsrs-rs computes them (engine.fsrs_f32) with the C library's expf,
    powf and logf, which the `anki` wheel calls too in this process."""
    anki_col.set_config("fsrs", True)
    compared = 0
    generated = histories(random.Random(25), TINY_STABILITY + 1)
    for history in [*generated[:HISTORIES], generated[TINY_STABILITY]]:
        ours = our_memory(history)
        for (s, d), anki in zip(ours, answered_in_anki(anki_col, history), strict=True):
            assert (f32(s), f32(d)) == anki, (history, ours)
            compared += 1
    assert compared >= 300


NEAR_HALF_DAYS = (100, 159, 210, 1152)
"""Histories of seed 25 (benchmarks/fsrs_vs_anki.py) with an ideal interval within 0.003 day of a
half day, where a memory kept unrounded gave one day more or less than Anki; and 1152, whose Good
of 120.50005 days (Anki's f32) py-fsrs's doubles put at 120.49999 (tests/engine/test_fsrs_study_days)."""


def test_review_intervals_equal_ankis_unfuzzed(anki_col: Collection) -> None:
    """Anki's rules give Anki's intervals from Anki's own next stabilities, exactly; and ours equal
    Anki's on every state, half days included: the memory is kept rounded as Anki's card stores
    it, the interval taken from the unrounded next stability (engine.fsrs_scheduler), both computed
    in Anki's 32-bit floats (engine.fsrs_f32)."""
    anki_col.set_config("fsrs", True)
    near = histories(random.Random(25), max(NEAR_HALF_DAYS) + 1)
    compared = halves = 0
    for history in [*histories(random.Random(26), HISTORIES), *(near[n] for n in NEAR_HALF_DAYS)]:
        for found in intervals(anki_col, history):
            assert passing_intervals(found.anki_ideal, found.previous, MAX_INTERVAL_DAYS) == found.anki, found
            hard, good, easy = found.ours
            assert 1 <= hard < good < easy <= MAX_INTERVAL_DAYS, found  # Anki's order: a day apart
            assert found.ours == found.anki, found
            compared += 1
            halves += found.near_half_day(0.003)
    assert compared >= 200 and halves >= len(NEAR_HALF_DAYS)
