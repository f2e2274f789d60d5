"""Units for LLM-systems arithmetic: a small, lazily built pint registry plus conversion helpers.

Conventions: week = 7 days, year = 365 days, month = year / 12;
kB = KB = 10^3 B, MB = 10^6 B, GB = 10^9 B, TB = 10^12 B, PB = 10^15 B;
KiB = 2^10 B, MiB = 2^20 B, GiB = 2^30 B, TiB = 2^40 B; b = bit (Gb = Gbit = 10^9 bits),
B = byte (never bel); FLOPS = FLOP/s while "FLOPs" is a plural count of FLOP;
%, tokens and x ("2.5x") are dimensionless. pint's default registry is not used: it treats
bytes as dimensionless and reads "Gb" as gilbert and "b" as barn.
"""

from __future__ import annotations

import json
import math
import re
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

_DEFINITIONS = """
kilo- = 1e3 = k-
mega- = 1e6 = M-
giga- = 1e9 = G-
tera- = 1e12 = T-
peta- = 1e15 = P-
exa- = 1e18 = E-
milli- = 1e-3 = m-
micro- = 1e-6 = µ- = μ- = u-
nano- = 1e-9 = n-
pico- = 1e-12 = p-
kibi- = 2**10 = Ki-
mebi- = 2**20 = Mi-
gibi- = 2**30 = Gi-
tebi- = 2**40 = Ti-
pebi- = 2**50 = Pi-
bit = [information] = b = bits = Bit
byte = 8 * bit = B = bytes = Byte
KB = 1000 * byte = KBs
Kb = 1000 * bit = Kbit
bps = bit / second
Bps = byte / second
second = [time] = s = sec = secs
minute = 60 * second = min = mins
hour = 3600 * second = h = hr = hrs = hours
day = 86400 * second = d = days
week = 7 * day = wk = weeks
year = 365 * day = yr = years
month = year / 12 = months
FLOP = [compute] = flop = FLOPs = flops = Flop = Flops
FLOPS = FLOP / second = FLOP_per_s
token = [] = tok = tokens = toks
x = [] = times
percent = 0.01 = %
watt = [power] = W = watts
USD = [currency] = dollar = dollars
"""
_UNIT_CHARS = re.compile(r"^[A-Za-zµμ%/*^0-9 ()._-]*$")
_MAX_UNIT_LEN = 40
_DIMENSION_NAMES = {
    "[information]": "a size in bytes or bits",
    "[time]": "a time",
    "[compute]": "an amount of compute (FLOP)",
    "[compute] / [time]": "a compute rate (FLOP/s)",
    "[information] / [time]": "a bandwidth",
    "1 / [time]": "a rate per second",
    "[power]": "a power (W)",
    "[currency]": "an amount of money (USD)",
    "dimensionless": "a plain number",
}


class UnitError(ValueError):
    """A unit could not be read, or two units cannot be converted into each other."""


@cache
def registry() -> Any:
    """The one shared pint registry (built on first use: importing this module stays cheap)."""
    import pint

    ureg: Any = pint.UnitRegistry(None, cache_folder=None)
    for line in _DEFINITIONS.strip().splitlines():
        ureg.define(line)
    return ureg


def _clean(text: str) -> str:
    return text.strip().replace("·", "*").replace("⋅", "*").replace("×", "*")


_EXPONENT = re.compile(r"(?:\*\*|\^)\s*-?[1-9](?![\d.])")
_LEADING_ONE = re.compile(r"^\(?\s*1\s*/")


def _plain_numbers(t: str) -> bool:
    """Numbers in a unit may only be single-digit exponents ("s^2", "m**-1") or a leading "1/".

    pint evaluates numbers in unit text, so "s**9**9**9" must never reach it.
    """
    if re.search(r"(?:\*\*|\^)\s*-?\d\s*(?:\*\*|\^)", t):  # chained powers
        return False
    rest = _LEADING_ONE.sub("/", _EXPONENT.sub(" ", t))
    return not re.search(r"[\d.]|\*\*|\^", rest)


@lru_cache(maxsize=1024)
def parse_unit(text: str) -> Any:
    """Parse a unit expression ("GB/s", "ms", "%", "" for dimensionless) into a pint Unit."""
    t = _clean(text)
    if len(t) > _MAX_UNIT_LEN or not _UNIT_CHARS.match(t):
        raise UnitError(f"'{text[:_MAX_UNIT_LEN]}' is not a unit")
    if t in ("", "1"):
        return registry().dimensionless
    if not _plain_numbers(t):
        raise UnitError(f"'{t}' is not a sensible unit")
    try:
        unit = registry().parse_units(t)
    except Exception as exc:  # pint raises many types (UndefinedUnitError, ValueError, ...)
        hint = " (did you mean GB or Gb?)" if t.lower() in {"kb", "mb", "gb", "tb", "pb"} else ""
        raise UnitError(f"unknown unit '{t}'{hint}") from exc
    return unit


TABLE_PATH = Path(__file__).with_name("unit_table.json")
"""pint's own answers for the common spellings (engine.unit_table writes it; a test keeps it fresh)."""


@cache
def _table() -> tuple[dict[str, str], dict[str, float]]:
    """(dimension by unit text, factor by "from\tto"): what pint said for these exact texts, so a
    check in them gives pint's verdict without importing pint (its import is most of a
    `flopcards drill check`). Empty when missing or written for other definitions."""
    try:
        data = json.loads(TABLE_PATH.read_text(encoding="utf-8"))
        if data["definitions"] != _DEFINITIONS:
            return {}, {}
        return dict(data["dimensions"]), {k: float(v) for k, v in data["factors"].items()}
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return {}, {}


def dimension(unit: str) -> str:
    """What the unit measures, as pint names it ("[information] / [time]"); UnitError if unreadable."""
    known = _table()[0].get(unit)
    return known if known is not None else str(parse_unit(unit).dimensionality)


def check_unit(unit: str) -> None:
    """UnitError unless pint reads this unit text."""
    if unit not in _table()[0]:
        parse_unit(unit)


@lru_cache(maxsize=4096)
def _factor(from_unit: str, to_unit: str) -> float:
    if dimension(from_unit) != dimension(to_unit):
        raise UnitError(
            f"cannot convert {from_unit or 'a plain number'} to {to_unit or 'a plain number'}:"
            f" {describe(from_unit)} is not {describe(to_unit)}"
        )
    known = _table()[1].get(f"{from_unit}\t{to_unit}")
    if known is not None:
        return known
    return pint_factor(from_unit, to_unit)


def pint_factor(from_unit: str, to_unit: str) -> float:
    """The factor as pint computes it (units of the same dimension)."""
    return float(registry().Quantity(1.0, parse_unit(from_unit)).to(parse_unit(to_unit)).magnitude)


def convert(value: float, from_unit: str, to_unit: str) -> float:
    """value in from_unit expressed in to_unit; UnitError if the dimensions differ."""
    return value * _factor(from_unit, to_unit)


def same_dimension(a: str, b: str) -> bool:
    """True if the two unit texts measure the same kind of thing (UnitError if one is unreadable)."""
    return dimension(a) == dimension(b)


def describe(unit: str) -> str:
    """A human name for what a unit measures: "a time", "a bandwidth", ..."""
    try:
        dim = dimension(unit)
    except UnitError:
        return f"'{unit}'"
    return _DIMENSION_NAMES.get(dim, f"a quantity in {unit}")


def format_percent(fraction: float) -> str:
    """A share as the app writes it everywhere: 0.5 -> '50%', 0.02 -> '2%', 0.123 -> '12.3%'."""
    percent = fraction * 100
    return f"{percent:.0f}%" if abs(percent) >= 100 else f"{percent:.3g}%"


def format_tolerance(fraction: float) -> str:
    """A relative tolerance: 0.02 -> '±2%'."""
    return "±" + format_percent(fraction)


def format_number(value: float, sig: int = 4) -> str:
    """'8192', '0.875', '2.684e8': `sig` significant digits, whole numbers below 10^6 kept whole."""
    if not math.isfinite(value):
        return str(value)
    if value == int(value) and abs(value) < 10**6:
        return str(int(value))
    if 10**sig <= abs(value) < 10**6:  # '70250', not '7.025e4': a number this size reads plainly
        return str(int(float(f"{value:.{sig}g}")))
    number = f"{value:.{sig}g}"
    if "e" in number:
        mantissa, exp = number.split("e")
        number = f"{mantissa}e{int(exp)}"
    return number


def format_quantity(value: float, unit: str, sig: int = 4) -> str:
    """'1.074 GB', '16%', '2.5x', '131072 B': `sig` significant digits, whole numbers kept whole."""
    number = format_number(value, sig)
    unit = unit.strip()
    if not unit:
        return number
    if unit in ("%", "x"):
        return f"{number}{unit}"
    return f"{number} {unit}"
