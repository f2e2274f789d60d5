"""Tests for engine.units: the custom pint registry, conversions and formatting."""

from __future__ import annotations

import pytest

from engine.units import (
    UnitError,
    convert,
    format_percent,
    format_quantity,
    format_tolerance,
    parse_unit,
    same_dimension,
)

# Reference factors written from the conventions (GB = 10^9 B, GiB = 2^30 B), not from the code.
BYTES = {
    "B": 1,
    "byte": 1,
    "bytes": 1,
    "kB": 1e3,
    "KB": 1e3,
    "MB": 1e6,
    "GB": 1e9,
    "TB": 1e12,
    "PB": 1e15,
    "KiB": 2**10,
    "MiB": 2**20,
    "GiB": 2**30,
    "TiB": 2**40,
    "bit": 1 / 8,
    "b": 1 / 8,
    "Gb": 1e9 / 8,
    "Gbit": 1e9 / 8,
    "Mb": 1e6 / 8,
    "gigabytes": 1e9,
}
SECONDS = {"s": 1, "ms": 1e-3, "us": 1e-6, "µs": 1e-6, "μs": 1e-6, "ns": 1e-9, "min": 60}


@pytest.mark.parametrize("unit", sorted(BYTES))
def test_sizes(unit: str) -> None:
    assert convert(1.0, unit, "B") == pytest.approx(BYTES[unit], rel=1e-12)
    assert convert(3.0, "B", unit) == pytest.approx(3.0 / BYTES[unit], rel=1e-12)


@pytest.mark.parametrize("unit", sorted(SECONDS))
def test_times(unit: str) -> None:
    assert convert(2.0, unit, "s") == pytest.approx(2 * SECONDS[unit], rel=1e-12)


@pytest.mark.parametrize(
    ("value", "src", "dst", "want"),
    [
        (1, "GiB", "GB", 1.073741824),
        (1, "TFLOPS", "FLOP/s", 1e12),
        (1, "PFLOPS", "TFLOPS", 1000),
        (312, "TFLOPS", "TFLOP/s", 312),
        (1, "FLOPs", "FLOP", 1),  # lower-case s is a plural, not "per second"
        (900, "GB/s", "TB/s", 0.9),
        (400, "Gb/s", "GB/s", 50),
        (100, "Gbps", "GB/s", 12.5),
        (16, "%", "", 0.16),
        (16, "percent", "%", 16),
        (2.5, "x", "", 2.5),
        (1000, "tokens", "", 1000),
        (5000, "tokens/s", "1/s", 5000),
    ],
)
def test_conversions(value: float, src: str, dst: str, want: float) -> None:
    assert convert(value, src, dst) == pytest.approx(want, rel=1e-12)


def test_B_is_byte_not_bel_and_b_is_bit_not_barn() -> None:
    assert same_dimension("B", "bit")
    assert same_dimension("Gb", "GB")  # gigabit, not gilbert
    assert convert(8, "b", "B") == pytest.approx(1)


@pytest.mark.parametrize(
    ("a", "b"),
    [("GB", "ms"), ("GB", "GB/s"), ("FLOP", "FLOPS"), ("%", "GB"), ("tokens", "s")],
)
def test_dimension_mismatch(a: str, b: str) -> None:
    assert not same_dimension(a, b)
    with pytest.raises(UnitError, match="cannot convert"):
        convert(1.0, a, b)


@pytest.mark.parametrize("text", ["gb", "furlong", "2", "GB total", "__import__", "s**99999", "x" * 80])
def test_bad_units_raise_unit_error(text: str) -> None:
    with pytest.raises(UnitError):
        parse_unit(text)


def test_lowercase_gb_gets_a_hint() -> None:
    with pytest.raises(UnitError, match="GB or Gb"):
        parse_unit("gb")


@pytest.mark.parametrize(
    ("value", "unit", "want"),
    [
        (2**30 / 1e9, "GB", "1.074 GB"),
        (16, "%", "16%"),
        (2.5, "x", "2.5x"),
        (131072, "B", "131072 B"),
        (3.12e14, "FLOP/s", "3.12e14 FLOP/s"),
        (0.49, "s", "0.49 s"),
        (7, "", "7"),
    ],
)
def test_format_quantity(value: float, unit: str, want: str) -> None:
    assert format_quantity(value, unit) == want


def test_format_quantity_sig() -> None:
    assert format_quantity(1.23456, "ms", sig=2) == "1.2 ms"


def test_render_steps_one_line_per_step_each_with_its_unit() -> None:
    from engine.solution import Step, render_steps

    steps = [
        Step(
            "KV bytes per token",
            "2 × layers × kv_heads × head_dim × bytes",
            "2 × 32 × 8 × 128 × 2",
            2 * 32 * 8 * 128 * 2,
            "B",
        ),
        Step("KV cache, 8192 tokens", "per_token × tokens", "131072 × 8192", 131072 * 8192 / 1e9, "GB"),
        Step("Bubble fraction", "(p - 1)/(m + p - 1)", "(p - 1)/(m + p - 1)", 3 / 11 * 100, "%"),
    ]
    lines = render_steps(steps).splitlines()
    assert len(lines) == 3
    assert lines[0] == (
        "1. KV bytes per token: 2 × layers × kv_heads × head_dim × bytes = 2 × 32 × 8 × 128 × 2 = 131072 B"
    )
    assert lines[1].endswith("= 1.074 GB")
    assert lines[2] == "3. Bubble fraction: (p - 1)/(m + p - 1) = 27.27%"  # identical substitution shown once


@pytest.mark.parametrize(
    ("fraction", "percent", "tolerance"),
    [
        (0.5, "50%", "±50%"),
        (0.02, "2%", "±2%"),
        (0.005, "0.5%", "±0.5%"),
        (0.1234, "12.3%", "±12.3%"),
        (2.571, "257%", "±257%"),
    ],
)
def test_one_style_for_percentages_and_tolerances(fraction: float, percent: str, tolerance: str) -> None:
    assert format_percent(fraction) == percent
    assert format_tolerance(fraction) == tolerance
