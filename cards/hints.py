"""What an answerable card's answer box asks for, from its answer's fields: one wording for the
validated card and for the cached JSON the start-up glance reads (no pydantic here)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.units import format_tolerance

DEFAULT_TOLERANCE = 0.02
"""A numeric answer's relative tolerance when the deck gives none (the schema's default)."""


def numeric_hint(unit: str, tolerance: float) -> str:
    return f"{f'a number in {unit}' if unit else 'a number'} (within {format_tolerance(tolerance)})"


def formula_hint(variables: Mapping[str, str]) -> str:
    return "a formula in " + ", ".join(f"{name} = {meaning}" for name, meaning in variables.items())


def cached_hint(answer: Any) -> str | None:
    """The hint of an answer as the deck cache keeps it (defaults left out); None for no answer.
    A mapping with `formula` is a formula answer, any other a numeric one (as the schema decides);
    TypeError or ValueError when the fields are not what a validated deck writes."""
    if answer is None:
        return None
    if not isinstance(answer, dict):
        raise TypeError("not an answer")
    if "formula" in answer:
        variables = answer["variables"]
        if not isinstance(variables, dict) or not all(isinstance(v, str) for v in variables.values()):
            raise TypeError("not a formula answer")
        return formula_hint(variables)
    unit, tolerance = answer.get("unit", ""), answer.get("tolerance", DEFAULT_TOLERANCE)
    if not isinstance(unit, str) or isinstance(tolerance, bool) or not isinstance(tolerance, int | float):
        raise TypeError("not a numeric answer")
    return numeric_hint(unit, float(tolerance))
