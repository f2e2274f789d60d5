"""Resolve the words after a typed number against the question: the count's noun and any scale.

"200 nodes" for a GPU count is the wrong thing (with the conversion when the question gives it);
"8.39M tokens" for "millions of tokens" is 8.39; "1.07G" for GB is 1.07 GB; "43.5k" for tokens/s is
43,500 tokens/s. What is left is a unit for engine.unit_words to read.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.counts import PLURALS, Count, Typed, conversion, scale_name, scaled_alone, split_typed
from engine.reading import Reading
from engine.unit_words import read_unit
from engine.units import UnitError, convert, describe, dimension, format_number


@dataclass(frozen=True)
class WrongUnit:
    """The answer names another thing than the question asks for; `says` explains it."""

    says: str


def _plural(noun: str) -> str:
    return PLURALS.get(noun, noun)


def _typed(reading: Reading, unit: str) -> Typed:
    if not reading.unit:
        return Typed(1.0, "", None, "", "")
    return split_typed(reading.unit, sizes="[information]" in dimension(unit))


def _pint_unit(noun: str) -> bool:
    try:
        return noun != "" and dimension(noun) != "dimensionless"
    except UnitError:
        return False


def _count(reading: Reading, typed: Typed, count: Count) -> Reading | WrongUnit:
    v = reading.value
    number = format_number(v)
    scale = f"{scale_name(count.scale)}s of " if count.scale != 1 else ""
    wanted = (
        f"counts {scale}{_plural(count.noun)}" if count.noun else f"is a plain number ({scale or 'ones'})"
    )
    same = typed.noun is not None and dict(count.per).get(typed.noun) == 1  # the same thing here
    if typed.noun is not None and typed.noun != count.noun and not same:
        return WrongUnit(
            f"{number} {typed.noun_word} counts {_plural(typed.noun)}, but the answer {wanted}"
            f"{conversion(v, typed, count, number)}"
        )
    if typed.noun is not None or (typed.scale_word and not typed.rest):
        return Reading(v * typed.scale / count.scale, "", reading.approximate)
    if not typed.rest:
        return reading
    words = read_unit(typed.rest, count.noun if _pint_unit(count.noun) else "")
    if _pint_unit(count.noun):
        try:
            value = convert(v * typed.scale, words.unit, count.noun) / count.scale
            return Reading(value, "", reading.approximate)
        except UnitError:
            pass
    return WrongUnit(f"{typed.rest} is {describe(words.unit)}, but the answer {wanted}")


def resolve(reading: Reading, unit: str, count: Count | None) -> Reading | WrongUnit:
    """The typed value with the words still to read by engine.unit_words, or why it is a wrong unit.

    A plain-number question that declares no count (a deck's card) reads any count noun as its own."""
    typed = _typed(reading, unit)
    if count is not None:
        return _count(reading, typed, count)
    dim = dimension(unit)
    if typed.noun is not None and dim == "dimensionless" and unit.strip() and not typed.scale_word:
        return WrongUnit(
            f"{typed.noun_word} is a count of {_plural(typed.noun)}, but the answer is {describe(unit)}"
        )
    if not typed.scale_word:
        if typed.noun is None and not typed.rest:  # "4025 total": only a word that adds nothing
            return Reading(reading.value, "", reading.approximate)
        return reading
    if typed.noun is None and not typed.rest:
        alone = scaled_alone(reading.value, typed.scale, unit, dim)
        return reading if alone is None else Reading(alone[0], alone[1], reading.approximate)
    rest = reading.unit.strip()[len(typed.scale_word) :].strip()
    return Reading(reading.value * typed.scale, rest, reading.approximate)
