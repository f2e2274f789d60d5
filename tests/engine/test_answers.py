"""Tests for engine.answers (and engine.reading): every spelling from the issue list, verdicts, messages."""

from __future__ import annotations

import math

import pytest

from engine.answers import CheckResult, Verdict, check_formula, check_numeric
from engine.reading import ReadError, read_quantity

KV_BYTES = 2 * 32 * 8 * 128 * 8192 * 2  # K and V, 32 layers, 8 KV heads, d=128, 8192 tokens, bf16
KV_GB = KV_BYTES / 1e9  # 1 GiB = 1.0737 GB


@pytest.mark.parametrize(
    ("text", "unit", "in_unit"),
    [
        ("1.07 GB", "GB", 1.07),
        ("1.07GB", "GB", 1.07),
        ("1070 MB", "GB", 1.07),
        ("~1.1 GiB", "GB", 1.1 * 2**30 / 1e9),
        ("≈ 1e9 bytes", "GB", 1.0),
        ("1,073,741,824", "B", 1073741824),
        ("1 073 741 824 bytes", "GB", KV_GB),
        ("2*32*8*128*8192*2 B", "GB", KV_GB),
        ("2 × 32 × 8 × 128 × 8192 × 2 B", "GiB", 1.0),
        ("1.07 × 10^9 B", "GB", 1.07),
        ("about 1.07 gigabytes", "GB", 1.07),
        ("8.6 Gb", "GB", 8.6 / 8),
        ("16%", "%", 16),
        ("0.16", "%", 16),
        ("16", "%", 16),
        ("16%", "", 0.16),
        ("490 ms", "s", 0.49),
        ("490", "ms", 490),
        ("0.49 s", "ms", 490),
        ("490000 us", "ms", 490),
        ("490 µs", "us", 490),
        ("1.5x", "x", 1.5),
        ("1.5×", "x", 1.5),
        ("312 TFLOPS", "FLOP/s", 312e12),
        ("2 TB/s", "GB/s", 2000),
        ("900 GB per s", "GB/s", 900),
        ("−3 ms", "ms", -3),
        ("1.07 GB.", "GB", 1.07),
    ],
)
def test_spellings_are_read(text: str, unit: str, in_unit: float) -> None:
    result = check_numeric(text, in_unit, unit)
    assert result.given_value == pytest.approx(in_unit, rel=1e-9)
    assert result.verdict is Verdict.CORRECT, result.message
    assert result.message.startswith("Correct")


def test_kv_cache_question_verdicts() -> None:
    def verdict(text: str) -> Verdict:
        return check_numeric(text, KV_GB, "GB").verdict

    assert verdict("1.07 GB") is Verdict.CORRECT
    assert verdict("1070 MB") is Verdict.CORRECT
    assert verdict("1 GiB") is Verdict.CORRECT
    assert verdict("≈ 1e9 bytes") is Verdict.CLOSE  # 6.9% off: inside the 10% close band
    assert verdict("~1.1 GiB") is Verdict.CLOSE  # 10.0% off
    assert verdict("1.2 GiB") is Verdict.WRONG
    assert verdict("1,073,741,824") is Verdict.WRONG  # bare number: read in GB
    assert verdict("10.7 GB") is Verdict.WRONG
    assert verdict("1.07 GB/s") is Verdict.WRONG_UNIT
    assert verdict("490 ms") is Verdict.WRONG_UNIT


def test_result_fields() -> None:
    r = check_numeric("1070 MB", KV_GB, "GB")
    assert isinstance(r, CheckResult)
    assert r.expected == KV_GB and r.expected_unit == "GB"
    assert r.expected_text == "1.074 GB"
    assert r.given == "1070 MB"
    assert r.relative_error == pytest.approx(abs(1.07 - KV_GB) / KV_GB)
    assert "1070 MB" in r.message and "1.074 GB" in r.message


def test_tolerance_and_close_band() -> None:
    assert check_numeric("105", 100, "ms").verdict is Verdict.CLOSE
    assert check_numeric("105", 100, "ms", tolerance=0.05).verdict is Verdict.CORRECT
    assert check_numeric("111", 100, "ms").verdict is Verdict.WRONG
    assert check_numeric("111", 100, "ms", close=0.2).verdict is Verdict.CLOSE
    assert check_numeric("120", 100, "ms", tolerance=0.05).verdict is Verdict.CLOSE  # 5*tol=25%


def test_percent_rule_picks_the_closer_reading() -> None:
    assert check_numeric("0.5", 0.5, "%").given_value == pytest.approx(0.5)
    assert check_numeric("0.5", 50, "%").given_value == pytest.approx(50)
    assert check_numeric("0.16", 16, "percent").verdict is Verdict.CORRECT
    assert check_numeric("1.6", 16, "%").verdict is Verdict.WRONG  # > 1: never a fraction


def test_wrong_messages_give_hints() -> None:
    assert "10 times too large" in check_numeric("10.7 GB", KV_GB, "GB").message
    bits = check_numeric("8.59 GB", KV_GB, "GB")
    assert "bits and bytes got swapped" in bits.message and bits.slip == "bits-bytes"
    close = check_numeric("1 GB", 2**30 / 1e9, "GB")
    assert close.verdict is Verdict.CLOSE and "GiB vs GB" in close.message and close.slip == "gib-gb"
    assert "bare number is read in GB" in check_numeric("1073741824", KV_GB, "GB").message
    wrong_unit = check_numeric("5 ms", KV_GB, "GB")
    assert wrong_unit.given_value is None and "time" in wrong_unit.message


@pytest.mark.parametrize(
    "text", ["", "   ", "GB", "lots", "1,5 GB", "1.07 GB of 2 GB", "1.07 GB/xyz", "x.y GB", "1e999", "-"]
)
def test_unreadable(text: str) -> None:
    r = check_numeric(text, KV_GB, "GB")
    assert r.verdict is Verdict.UNREADABLE
    assert r.message.startswith("could not read that")
    assert r.given_value is None


def test_long_input_is_unreadable_and_truncated() -> None:
    r = check_numeric("1" * 501, 1.0, "GB")
    assert r.verdict is Verdict.UNREADABLE
    assert len(r.given) == 200


def test_broken_question_unit_is_reported_not_raised() -> None:
    assert check_numeric("1", 1.0, "parsecs").verdict is Verdict.UNREADABLE


def test_read_quantity_keeps_unit_as_typed() -> None:
    r = read_quantity("≈ 2 * 3.5 GiB")
    assert (r.value, r.unit, r.approximate) == (7.0, "GiB", True)
    assert read_quantity("1e-3").value == 0.001
    with pytest.raises(ReadError):
        read_quantity("GiB")


VARS = {"p": "pipeline stages", "m": "micro-batches"}


@pytest.mark.parametrize(
    ("text", "expected", "variables"),
    [
        ("(p - 1) / (p + m - 1)", "(p-1)/(m+p-1)", VARS),
        ("(p-1)/(m+p-1)", "(p-1)/(m+p-1)", VARS),
        ("N*16/K", "16*N/K", {"N": "params", "K": "GPUs"}),
        ("16 × N ÷ K", "16*N/K", {"N": "params", "K": "GPUs"}),
        ("2*N*T", "2*T*N", {"N": "params", "T": "tokens"}),
    ],
)
def test_equivalent_formulas_are_correct(text: str, expected: str, variables: dict[str, str]) -> None:
    r = check_formula(text, expected, variables)
    assert r.verdict is Verdict.CORRECT, r.message
    assert math.isnan(r.expected) and r.expected_unit == "" and r.expected_text == expected


def test_non_equivalent_formula_is_wrong_with_a_counterexample() -> None:
    r = check_formula("p/(m+p)", "(p-1)/(m+p-1)", VARS)
    assert r.verdict is Verdict.WRONG
    assert "yours gives" in r.message
    assert check_formula("16*K/N", "16*N/K", {"N": "", "K": ""}).verdict is Verdict.WRONG


def test_unknown_names_are_listed() -> None:
    r = check_formula("(p-1)/(q+p-1)", "(p-1)/(m+p-1)", VARS)
    assert r.verdict is Verdict.UNREADABLE
    assert r.message.startswith("could not read that")
    assert "'q'" in r.message and "m (micro-batches), p (pipeline stages)" in r.message


@pytest.mark.parametrize("text", ["", "p.q", "__import__('os')", "p +", "9**9**9**9", "p" * 501])
def test_bad_formulas_are_unreadable(text: str) -> None:
    r = check_formula(text, "(p-1)/(m+p-1)", VARS)
    assert r.verdict in (Verdict.UNREADABLE, Verdict.WRONG)
    assert r.verdict is not Verdict.CORRECT
    if r.verdict is Verdict.UNREADABLE:
        assert r.message.startswith("could not read that")


def test_broken_expected_formula_does_not_raise() -> None:
    assert check_formula("p", "p +", VARS).verdict is Verdict.UNREADABLE
