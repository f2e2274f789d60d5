"""Random draws of a template's parameters and the constraints they must meet: what generating a
drill and `validate`'s feasibility check share."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from drills.drill import Value
from drills.param_kind import ParamKind
from engine.formula import FormulaError

if TYPE_CHECKING:
    from drills.compile import CompiledTemplate

MIN_ACCEPTANCE = 0.05
"""`validate` refuses templates whose constraints hold for fewer draws than this share."""


def as_number(v: Any) -> int | float:
    """A drawn value as an int when whole, else a float."""
    return int(v) if isinstance(v, int) or float(v).is_integer() else float(v)


def draw(t: CompiledTemplate, rng: random.Random) -> dict[str, Value]:
    values: dict[str, Value] = {}
    for d in t.draws:
        pick = d.choices[rng.randrange(len(d.choices))]
        if d.kind is ParamKind.CATALOG:
            values.update(catalog_entry(d.name, d.fields, pick))
        elif d.kind is ParamKind.OPTIONS:
            values[d.name], values[f"{d.name}_label"] = as_number(pick[1]), pick[0]
        else:
            values[d.name] = as_number(pick)
    return values


def catalog_entry(name: str, fields: tuple[tuple[str, str], ...], entry: Any) -> dict[str, Value]:
    out: dict[str, Value] = {name: entry.name}
    for pname, fname in fields:
        v = getattr(entry, fname)
        out[pname] = v if isinstance(v, str) else as_number(v)
    return out


def complete(t: CompiledTemplate, values: dict[str, Value]) -> bool:
    """Compute derived params in place; False if a constraint fails or a value is undefined."""
    numeric = {k: v for k, v in values.items() if not isinstance(v, str)}
    try:
        for name, f in t.derived:
            numeric[name] = values[name] = as_number(f.evaluate(numeric))
        for f, lo, hi in t.constraints:
            v = f.evaluate(numeric)
            if (lo is not None and v < lo) or (hi is not None and v > hi):
                return False
        for f, divisor in t.multiples:
            ratio = f.evaluate(numeric) / divisor.evaluate(numeric)
            if abs(ratio - round(ratio)) > 1e-9 or round(ratio) < 1:
                return False
    except (FormulaError, ZeroDivisionError):
        return False
    return True


def acceptance_rate(t: CompiledTemplate, draws: int = 400) -> float:
    """The share of random draws that meet every constraint (what `validate` reports if < 5%)."""
    rng = random.Random(f"acceptance:{t.spec.id}")
    return sum(complete(t, draw(t, rng)) for _ in range(draws)) / draws
