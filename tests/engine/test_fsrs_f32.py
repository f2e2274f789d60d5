"""FSRS-6 in Anki's 32-bit arithmetic (engine.fsrs_f32): fsrs-rs's own test values, bit for bit, and
the py-fsrs scheduler hooks that use it."""

from __future__ import annotations

import sys
from datetime import UTC, datetime, timedelta

from fsrs import Card, Rating, Scheduler
from fsrs.scheduler import DEFAULT_PARAMETERS

from engine import fsrs_f32 as f
from engine import fsrs_scheduler as fs

FSRS_RS_TEST_PARAMETERS = (
    *(0.6845422, 1.6790825, 4.7349424, 10.042885, 7.4410233, 0.64219797, 1.071918, 0.0025195254),
    *(1.432437, 0.1544, 0.8692766, 2.0696752, 0.0953, 0.2975, 2.4691248, 0.19542035, 3.201072),
    *(0.18046261, 0.121442534),
    *(0.0, 0.5),  # fsrs-rs fills 19 parameters up to 21 with these (check_and_fill_parameters)
)
"""`PARAMETERS` of fsrs-rs 6.6's src/inference.rs tests."""


def test_memory_after_a_history_equals_fsrs_rs_bit_for_bit() -> None:
    """fsrs-rs `test_memo_state`: Again, then Good after 1, 3, 8 and 21 days; its assert_eq values."""
    k = f.weights(FSRS_RS_TEST_PARAMETERS)
    s, d = f.initial_stability(k, 1), f.initial_difficulty(k, 1)
    for days in (1, 3, 8, 21):
        s, d = f.next_stability(k, s, d, f.retrievability(k, days, s), 3), f.next_difficulty(k, d, 3)
    assert (s, d) == (f.f32(31.722992), f.f32(7.382128))
    s, d = f.f32(20.925528), f.f32(7.005062)
    good = f.next_stability(k, s, d, f.retrievability(k, 21, s), 3), f.next_difficulty(k, d, 3)
    assert good == (f.f32(40.87456), f.f32(6.9913807))


def test_intervals_equal_fsrs_rs_for_every_retention() -> None:
    """fsrs-rs `test_next_interval`: stability 1 day, default parameters, retention 0.1 to 1.0."""
    k = f.weights(DEFAULT_PARAMETERS)
    days = [max(int(f.interval(k, 1.0, r / 10) + 0.5), 1) for r in range(1, 11)]
    assert days == [3116766, 34793, 2508, 387, 90, 27, 9, 3, 1, 1]


def test_every_value_is_a_32_bit_float_within_a_millionth_of_py_fsrs() -> None:
    """The same formulas as py-fsrs's doubles, so within ~1e-6 relative of them (not equal: f32
    keeps 7 digits, and the mean reversion is summed in another order)."""
    k, py = f.weights(DEFAULT_PARAMETERS), Scheduler(enable_fuzzing=False)
    for rating in (1, 2, 3, 4):
        for s, d, days in ((0.5, 9.0, 0), (3.2, 5.5, 2), (40.0, 2.0, 31), (900.0, 7.0, 400)):
            r = f.retrievability(k, days, s)
            card = Card(stability=s, difficulty=d, last_review=datetime(2026, 1, 1, tzinfo=UTC))
            py_r = py.get_card_retrievability(card, datetime(2026, 1, 1, tzinfo=UTC) + timedelta(days=days))
            ours = (
                f.short_term_stability(k, s, rating) if days == 0 else f.next_stability(k, s, d, r, rating),
                f.next_difficulty(k, d, rating),
            )
            theirs = (
                py._short_term_stability(stability=s, rating=Rating(rating))
                if days == 0
                else py._next_stability(
                    difficulty=d, stability=s, retrievability=py_r, rating=Rating(rating)
                ),
                py._next_difficulty(difficulty=d, rating=Rating(rating)),
            )
            for value, reference in ((r, py_r), *zip(ours, theirs, strict=True)):
                assert f.f32(value) == value
                assert abs(value - reference) <= 1e-6 * reference, (rating, s, d, days)


def test_the_scheduler_answers_through_the_f32_hooks() -> None:
    """py-fsrs calls these hooks: a first Easy, then Good 10 days later, gives fsrs-rs's values."""
    k = f.weights(DEFAULT_PARAMETERS)
    start = datetime(2026, 1, 5, 9, tzinfo=UTC)
    easy, _ = fs.review(fs.FsrsState(), 5, now=start, stored=False)
    assert (easy.stability, easy.difficulty) == (f.initial_stability(k, 4), f.initial_difficulty(k, 4))
    good, _ = fs.review(easy, 4, now=start + timedelta(days=10), stored=False)
    s, d = f.initial_stability(k, 4), f.initial_difficulty(k, 4)
    assert (good.stability, good.difficulty) == (
        f.next_stability(k, s, d, f.retrievability(k, 10, s), 3),
        f.next_difficulty(k, d, 3),
    )
    assert good.due_at == start + timedelta(days=10 + int(f.interval(k, good.stability or 0, 0.9) + 0.5))
    assert fs.retrievability(easy, start + timedelta(days=10)) == f.retrievability(k, 10, s)


def test_the_c_librarys_functions_are_within_a_unit_of_the_correctly_rounded_ones() -> None:
    """fsrs-rs calls the C library's expf/powf/logf (found by ctypes on Linux and macOS); where none is
    found the doubles rounded to f32 stand in, never more than one f32 unit (2^-23 relative) apart."""
    c, double = f.c_math(), f.DOUBLE_MATH
    assert c is not double or sys.platform not in ("linux", "darwin")
    for n in range(1, 200):
        x, y, z = f.f32(n / 13), f.f32(0.8 - n / 125), f.f32(7.2 - n / 14)
        for ours, reference in (
            (c[0](z), double[0](z)),
            (c[1](x, y), double[1](x, y)),
            (c[2](x), double[2](x)),
        ):
            assert f.f32(ours) == ours and abs(ours - reference) <= abs(reference) * 2**-23
