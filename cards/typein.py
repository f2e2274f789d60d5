"""The text of a card's answer for Anki's type-in box: what the card's back states, as written.

Anki compares the typed text with the field exactly, so the field must be what a person reading the
back would type: the first number on the back within the card's tolerance of the expected value
(with the unit written after it, e.g. "70,272 B"), preferring one followed by the answer's unit; when
the back states no such number, the value in plain notation (never 7.027e+04). A formula card's field
is its formula.
"""

from __future__ import annotations

import re

from cards.answering import expected_value
from cards.schema import Card, FormulaAnswer, NumericAnswer

_NUMBER = re.compile(r"(?<![\w.,])(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?(?![\w.,]\d)")
_MARKUP = re.compile(r"[*_`]")


def plain_number(value: float) -> str:
    """4 significant digits without exponent notation (65504 -> "65504", 0.000123 -> "0.000123")."""
    if value == int(value) and abs(value) < 1e15:
        return str(int(value))
    digits = max(0, 3 - int(f"{abs(value):e}".split("e")[1]))
    return f"{value:.{digits}f}".rstrip("0").rstrip(".") if digits else str(round(value))


def _stated(back: str, value: float, unit: str, tolerance: float) -> str | None:
    text = _MARKUP.sub("", back)
    found: list[tuple[bool, str]] = []
    for match in _NUMBER.finditer(text):
        number = float(match.group(1).replace(",", "") + (match.group(2) or ""))
        if abs(number - value) > tolerance * abs(value):
            continue
        after = text[match.end() :].lstrip(" \u00a0")
        with_unit = bool(unit) and after.startswith(unit) and not after[len(unit) : len(unit) + 1].isalnum()
        found.append((with_unit, match.group(0)))
    if not found:
        return None
    return next((written for with_unit, written in found if with_unit), found[0][1])


def typed_answer(card: Card) -> str:
    """What Anki's type-in field compares against ("" when the card is not answered by typing)."""
    answer = card.answer
    if isinstance(answer, NumericAnswer):
        value = expected_value(answer)
        number = _stated(card.back, value, answer.unit, answer.tolerance) or plain_number(value)
        return f"{number} {answer.unit}".strip()
    if isinstance(answer, FormulaAnswer):
        return answer.formula
    return ""
