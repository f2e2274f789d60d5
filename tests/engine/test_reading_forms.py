"""Each class of answer form from issue 11, accepted (with the value it is read as) and refused."""

from __future__ import annotations

import pytest

from engine.answers import Grading, Verdict, check_numeric
from engine.unit_words import read_unit

ACCEPTED = [
    # (typed, question unit, value read in the question's unit, a note the verdict must carry or "")
    # units in another case, with the bit/byte and milli/mega rule stated
    ("17.18 gb", "GB", 17.18, "read 'gb' as GB"),
    ("16 gib", "GiB", 16, "read 'gib' as GiB"),
    ("128 kib", "KiB", 128, "read 'kib' as KiB"),
    ("59 gb/s", "GB/s", 59, "read 'gb' as GB"),
    ("939.5 mb", "MB", 939.5, "read 'mb' as MB"),
    ("5 mB", "MB", 5, "read 'mB' as MB"),
    ("8 gb", "bit", 8e9, "read 'gb' as Gb"),  # a question in bits: gigabits
    ("10 Gb", "GB", 1.25, ""),  # Gb stays gigabit
    ("5 Mb", "MB", 0.625, ""),
    ("100 Gbps", "GB/s", 12.5, ""),
    ("3 MS", "ms", 3, ""),
    # trailing words and parenthesised remarks
    ("17.18 GB total", "GB", 17.18, ""),
    ("484.7 ms per all-reduce", "ms", 484.7, ""),
    ("191.4 TFLOPS (memory-bound)", "TFLOPS", 191.4, ""),
    ("4 (TP 2)", "", 4, ""),
    ("17 GB per GPU", "GB", 17, ""),
    ("20 tokens/s per user", "tokens/s", 20, ""),
    # count nouns
    ("4 GPUs", "", 4, ""),
    ("8 H100s", "", 8, ""),
    ("64 nodes", "", 64, ""),
    ("279 micro-batches", "", 279, ""),
    ("4096 tokens", "tokens", 4096, ""),
    ("300 steps", "", 300, ""),
    ("80 layers", "", 80, ""),
    ("1000 users", "", 1000, ""),
    # ratios
    ("26.6x", "x", 26.6, ""),
    ("26.6 X", "x", 26.6, ""),
    ("26.6×", "x", 26.6, ""),
    ("26.6 times", "x", 26.6, ""),
    ("26.6-fold", "x", 26.6, ""),
    ("26.6x speedup", "x", 26.6, ""),
    # time in years, months, weeks, days
    ("2 years", "days", 730, ""),
    ("3 months", "days", 91.25, ""),
    ("2 weeks", "days", 14, ""),
    ("36 hours", "days", 1.5, ""),
    # FLOP rates and amounts
    ("191.4 TFLOPs", "TFLOPS", 191.4, "the question asks a rate"),
    ("191.4 Tflops", "FLOP/s", 191.4e12, "the question asks a rate"),
    ("191.4 Tflop/s", "TFLOPS", 191.4, ""),
    ("1.2e23 FLOPS", "FLOP", 1.2e23, "asks an amount"),
    ("295 ops/byte", "FLOP/B", 295, ""),
    # notation
    ("1.718x10^10 B", "GB", 17.18, ""),
    ("1.718×10^10 B", "GB", 17.18, ""),
    ("1.718X10^10 bytes", "GB", 17.18, ""),
    ("12,345.6 ms", "ms", 12345.6, ""),
]


@pytest.mark.parametrize(("text", "unit", "value", "note"), ACCEPTED)
def test_accepted_forms(text: str, unit: str, value: float, note: str) -> None:
    result = check_numeric(text, value, unit)
    assert result.verdict is Verdict.CORRECT, result.message
    assert result.given_value == pytest.approx(value, rel=1e-9)
    if note:
        assert note.lower() in result.message.lower() and any(note in n for n in result.notes)
    else:
        assert result.notes == ()


REFUSED = [
    ("1,5 GB", "GB", "decimal comma; write 1.5"),
    ("0,125 GB", "GB", "decimal comma; write 0.125"),
    ("2,50 ms", "ms", "decimal comma"),
    ("17 GB of 20 GB", "GB", "'of 20 GB' is left over after the unit"),
    ("17 GB x 8", "GB", "after the unit"),
    ("1.07 GB/xyz", "GB", "unknown unit 'xyz'"),
    ("total 17 GB", "GB", "no number before 'total 17 GB'"),
    ("5 m", "min", "unknown unit 'm'"),
]


@pytest.mark.parametrize(("text", "unit", "why"), REFUSED)
def test_refused_forms_say_why(text: str, unit: str, why: str) -> None:
    result = check_numeric(text, 1.0, unit)
    assert result.verdict is Verdict.UNREADABLE
    assert why in result.message and result.message.startswith("could not read that")
    assert "\n" not in result.message


def test_mb_is_never_milli_bits() -> None:
    """The issue's worst case: '939.5 mb' was read as milli-bits and graded wrong."""
    assert read_unit("mb", "MB").unit == "MB"
    assert read_unit("mb", "bit").unit == "Mbit"
    assert read_unit("Mb", "MB").unit == "Mb"  # as written: megabit


def test_wrong_dimension_after_a_rule_is_wrong_unit() -> None:
    assert check_numeric("5 TFLOPs", 5.0, "ms").verdict is Verdict.WRONG_UNIT
    assert check_numeric("4 GPUs", 4.0, "GB").verdict is Verdict.WRONG_UNIT


def test_integer_answers_are_exact_and_feasible() -> None:
    exact = Grading(tolerance=1e-9, integer=True)
    assert check_numeric("3069", 3069, "", grading=exact).verdict is Verdict.CORRECT
    for near in ("3066", "3068", "3072"):
        assert check_numeric(near, 3069, "", grading=exact).verdict is Verdict.WRONG
    tp2 = Grading(tolerance=1e-9, integer=True, multiple_of=2)
    odd = check_numeric("7 GPUs", 8, "", grading=tp2)
    assert odd.verdict is Verdict.WRONG and "must be a multiple of 2" in odd.message
    half = check_numeric("7.5", 8, "", grading=exact)
    assert half.verdict is Verdict.WRONG and "whole number" in half.message
    # the reason reads as a sentence after "X is": not "7.5 GPUs is a count is a whole number"
    assert half.message.startswith("Not quite: 7.5 is not a whole number (a count is one);"), half.message


def test_sig_fig_rule() -> None:
    three = Grading(sig_figs=3)
    assert check_numeric("1.07 GB", 1.0737, "GB", grading=three).verdict is Verdict.CORRECT
    assert check_numeric("1.08 GB", 1.0737, "GB", grading=three).verdict is not Verdict.CORRECT
    assert "3 significant figures" in check_numeric("1.07 GB", 1.0737, "GB", grading=three).message


def test_tolerance_is_per_question() -> None:
    assert check_numeric("104", 100, "ms", grading=Grading(tolerance=0.05)).verdict is Verdict.CORRECT
    assert check_numeric("104", 100, "ms").verdict is Verdict.CLOSE


@pytest.mark.parametrize("typed", ["1e999", "1e999 GB", "-1e999", "1e-999", "2**99999", "1/0"])
def test_a_number_out_of_reach_is_refused_in_one_plain_sentence(typed: str) -> None:
    """The typed number is quoted once, with why it cannot be read: not "'1e999' is not a number
    (number '1e999' is out of range)", which says the same thing twice."""
    message = check_numeric(typed, 15.0, "GB").message
    number = typed.removesuffix(" GB")
    assert message.count(number.lstrip("-")) == 1, message
    assert "is not a number (" not in message or "out of range" not in message, message
    assert "\n" not in message
