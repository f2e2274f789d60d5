"""Read a typed numeric answer ("~1.1 GiB", "1,073,741,824", "2*32*8 B") into a number and a unit.

Rules: leading approximation words (~ ≈ about approx roughly around) are ignored; thousands
separators "1,073,741,824" / "1 073 741 824" / "1_000" are removed (groups of exactly three
digits); a comma that cannot separate thousands ("1,5", "0,125", "2,50") is a decimal comma and is
refused with a message; unicode × · ⋅ ÷ − are read as * * * / -; "1.7x10^10" and "1.7×10^10" are
1.7*10^10; "26.6-fold" is 26.6 fold; the number part may be arithmetic (via engine.formula, no
variable names); a parenthesised remark with words at the end is ignored; everything from the
first letter or % on is the unit text, read by
engine.unit_words ("1.5e9 B": the e of an exponent belongs to the number). "2.5×" means 2.5x.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from engine.formula import FormulaError, parse_formula

MAX_ANSWER_LEN = 500

_APPROX = re.compile(
    r"^(?:~|≈|∼|≃|=|about\b|approx(?:imately|\.)?|around\b|roughly\b|circa\b|ca\.)\s*",
    re.IGNORECASE,
)
_SPACES = str.maketrans({"\u00a0": " ", "\u202f": " ", "\u2009": " ", "\t": " "})
_OPERATORS = str.maketrans({"×": "*", "·": "*", "⋅": "*", "÷": "/", "−": "-", "–": "-", "—": "-"})
_GROUPS = re.compile(r"(?<![\d.])(\d{1,3})((?:[, _]\d{3})+)(?![\d_])")
_EXPONENT = re.compile(r"[eE][+-]?\d")
_REMARK = re.compile(r"\s*\((?=[^()]*[A-Za-z])[^()]*\)\s*$")
_TIMES_TEN = re.compile(r"(?<=[\d.])\s*[xX]\s*(?=10\s*(?:\^|\*\*))")
_FOLD = re.compile(r"(?<=\d)\s*-\s*(?=fold\b)", re.IGNORECASE)
_LABEL = re.compile(
    r"^(?:[A-Za-z][A-Za-z_]{0,11}\s*=|(?:tp|pp|dp|ep|cp|sp)\s*(?=[\d.])|[xX×]\s*(?=[\d.])|\$)\s*",
    re.IGNORECASE,
)
_WAY = re.compile(
    r"(?<=\d)\s*-?\s*way\b(?:\s+(?:tp|pp|dp|ep|tensor|pipeline|data|expert)\b)?(?:[\s-]+parallel(?:ism)?\b)?",
    re.IGNORECASE,
)
_CURRENCY = re.compile(r"\b(?:usd|dollars?|bucks?)\b", re.IGNORECASE)
_DECIMAL_COMMA = re.compile(r"(?<![\d.,])(?:0,\d+|\d+,(?:\d{1,2}|\d{4,})(?![\d,]))")


class ReadError(ValueError):
    """The answer text could not be read; the message says why, in plain words."""


@dataclass(frozen=True)
class Reading:
    """A typed answer: `value` in `unit` as typed ("" when the number is bare; "x9.07" is 9.07 x,
    "$106k" is 106 k USD)."""

    value: float
    unit: str
    approximate: bool


def _ungroup(match: re.Match[str]) -> str:
    seps = set(match.group(2)[::4])  # the separator before each three-digit group
    if len(seps) != 1:
        return match.group(0)  # mixed separators: leave alone (probably not one number)
    return match.group(1) + match.group(2).replace(seps.pop(), "")


def _labels(t: str) -> tuple[str, str]:
    """Drop a leading label ("TP=2", "m = 360", "tp 2", "x9.07", "$106k", "2-way"); the unit words a
    leading x or $ stand for ("" if none)."""
    marks = ""
    while (m := _LABEL.match(t)) is not None and m.end() < len(t):
        sign = m.group(0).strip()
        marks = " USD" if sign == "$" else (" x" if sign in ("x", "X", "×") else marks)
        t = t[m.end() :]
    t = _WAY.sub("", t)
    if marks == " USD" and _CURRENCY.search(t):
        return t, ""
    return t, (marks if marks == " USD" or not re.search(r"[A-Za-z%]", t) else "")


def normalise(text: str) -> tuple[str, bool]:
    """Canonical spelling of an answer and whether it was marked as approximate (ReadError for a
    decimal comma)."""
    t = text.translate(_SPACES).strip()
    approximate = False
    while True:
        m = _APPROX.match(t)
        if m is None or not m.group(0):
            break
        approximate = approximate or m.group(0).strip() != "="
        t = t[m.end() :]
    t, marks = _labels(t)
    t = t.rstrip(" .")
    if marks:
        t += marks
    while (remark := _REMARK.search(t)) is not None and remark.start() > 0:  # "4 (TP 2)": a remark
        t = t[: remark.start()].rstrip(" .")
    if t.endswith("×"):
        t = t[:-1].rstrip() + "x"
    t = _FOLD.sub(" ", _TIMES_TEN.sub("*", t.translate(_OPERATORS)))
    comma = _DECIMAL_COMMA.search(t)
    if comma is not None:
        raise ReadError(
            f"'{comma.group(0)}' has a decimal comma; write {comma.group(0).replace(',', '.')}"
            " (a comma only separates thousands)"
        )
    return _GROUPS.sub(_ungroup, t), approximate


def split_unit(text: str) -> tuple[str, str]:
    """("2*32 ", "B") for "2*32 B": the unit starts at the first letter or % not in a number."""
    for i, ch in enumerate(text):
        if ch.isalpha() or ch in "%µμ":
            after_digit = i > 0 and (text[i - 1].isdigit() or text[i - 1] == ".")
            if ch in "eE" and after_digit and _EXPONENT.match(text, i):
                continue
            return text[:i], text[i:].strip()
    return text, ""


def read_quantity(text: str) -> Reading:
    """Read `text` as a number (possibly arithmetic) followed by an optional unit."""
    if len(text) > MAX_ANSWER_LEN:
        raise ReadError(f"the answer is too long ({len(text)} characters)")
    t, approximate = normalise(text)
    if not t:
        raise ReadError("the answer is empty")
    number, unit = split_unit(t)
    if not number.strip():
        raise ReadError(f"no number before '{unit[:20]}'" if unit else "no number found")
    try:
        formula = parse_formula(number)
        if formula.names:  # cannot happen (letters start the unit) but keep the rule explicit
            raise ReadError("variable names are not allowed in a numeric answer")
        value = formula.evaluate()
    except FormulaError as exc:
        said = str(exc)
        if "'" in said:  # it quotes the part it refuses ("number '1e999' is out of range"): once is enough
            raise ReadError(said) from None
        raise ReadError(f"'{number.strip()[:40]}' is not a number ({said})") from None
    if not math.isfinite(value):
        raise ReadError("the number is too large")
    return Reading(value, unit, approximate)
