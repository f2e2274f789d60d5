"""Checks of a template beyond its schema: parameter-space budget, format specs, the value sweep."""

from __future__ import annotations

import itertools
import math
import random
import re
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from drills.compile import CompiledTemplate
from drills.draws import MIN_ACCEPTANCE, acceptance_rate
from drills.problem import Problem as Problem  # re-exported: the loader's problems are these
from drills.render import placeholders
from drills.schema import ChoiceParam, DerivedParam, ParamKind, RangeParam, Template
from engine import budget
from engine.formula import FormulaError
from engine.yamlpos import PositionedYaml

SWEEP_DRAWS = 60
"""How many parameter combinations `check_values` evaluates per template (every value once, then random)."""


def problem_at(doc: PositionedYaml | None, name: str, loc: Iterable[Any], message: str) -> Problem:
    pos = doc.position(tuple(loc)) if doc is not None else None
    return Problem(name, pos.line if pos else None, pos.col if pos else None, message)


MAX_PARAMS = 40
MAX_FORMULAS = 60
MAX_GRID_POINTS = 200_000
"""Values of all ranges and choices together (each range is also capped by the schema)."""
SWEEP_EVALUATIONS = 12_000
"""Formula evaluations `check_values` may spend on one template."""
MAX_FORMAT_WIDTH = 60
MAX_VALUES = 25
"""Values of one param tried by `check_values` (evenly spread, ends included)."""


def _spread(items: tuple[Any, ...]) -> tuple[Any, ...]:
    if len(items) <= MAX_VALUES:
        return items
    step = (len(items) - 1) / (MAX_VALUES - 1)
    return tuple(items[round(i * step)] for i in range(MAX_VALUES))


def _choices(t: CompiledTemplate) -> list[list[dict[str, Any]]]:
    """For each drawn param, values it can take (at most MAX_VALUES), each as {param name: value}."""
    out = []
    for d in t.draws:
        if d.kind is ParamKind.CATALOG:
            out.append([{d.name: e.name, **{p: getattr(e, f) for p, f in d.fields}} for e in d.choices])
        elif d.kind is ParamKind.OPTIONS:
            out.append([{d.name: v, f"{d.name}_label": label} for label, v in d.choices])
        else:
            out.append([{d.name: v} for v in _spread(d.choices)])
    return out


def _combinations(t: CompiledTemplate) -> Iterator[dict[str, Any]]:
    """Every value of every param at least once, the all-lowest and all-highest draws, then random."""
    choices = _choices(t)
    rng = random.Random(f"check:{t.spec.id}")
    yield from (
        {k: v for c in (opts[0] for opts in choices) for k, v in c.items()},
        {k: v for c in (opts[-1] for opts in choices) for k, v in c.items()},
    )
    for i, opts in enumerate(choices):
        for pick in opts:
            base = [rng.choice(o) if j != i else pick for j, o in enumerate(choices)]
            yield {k: v for c in base for k, v in c.items()}
    for _ in range(SWEEP_DRAWS):
        yield {k: v for c in (rng.choice(o) for o in choices) for k, v in c.items()}


def _numeric(values: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in values.items() if not isinstance(v, str) and v is not None}


def _given(values: Mapping[str, Any]) -> str:
    return ", ".join(f"{k}={v}" for k, v in values.items() if not k.endswith("_label"))


def check_values(t: CompiledTemplate, doc: PositionedYaml | None, name: str) -> list[Problem]:
    """Evaluate every formula over many drawn parameter values; report each formula that fails."""
    failed: dict[tuple[Any, ...], Problem] = {}
    accepted = 0
    formatted = _formatted(t)
    per_draw = 1 + len(t.derived) + len(t.constraints) + len(t.steps)
    for values in itertools.islice(_combinations(t), max(1, min(400, SWEEP_EVALUATIONS // per_draw))):
        env = _numeric(values)
        formulas: list[tuple[tuple[Any, ...], Any]] = [(("params", n, "formula"), f) for n, f in t.derived]
        formulas += [(("constraints", i, "formula"), c[0]) for i, c in enumerate(t.constraints)]
        rejected = False
        for loc, formula in formulas:
            try:
                value = formula.evaluate(env)
            except FormulaError as exc:
                message = f"formula '{formula.text}' fails for {_given(values)}: {exc}"
                failed.setdefault(loc, problem_at(doc, name, loc, message))
                rejected = True
                break
            if loc[0] == "params":
                env[loc[1]] = value
                continue
            lo, hi = t.constraints[loc[1]][1:]
            if (lo is not None and value < lo) or (hi is not None and value > hi):
                rejected = True  # never drawn: the later constraints are not evaluated either
                break
        if rejected:
            continue
        accepted += 1
        for loc, ref, fmt in formatted:
            why = _format_failure(ref, fmt, env.get(ref, 1)) if loc not in failed else None
            if why:
                failed[loc] = problem_at(doc, name, loc, f"{why} (with {_given(values)})")
        for loc, formula in [
            *((("steps", i, "formula"), f) for i, (_, f) in enumerate(t.steps)),
            (("answer", "formula"), t.answer),
        ]:
            try:
                value = formula.evaluate(env)
            except FormulaError as exc:
                message = f"formula '{formula.text}' fails for {_given(values)}: {exc}"
                failed.setdefault(loc, problem_at(doc, name, loc, message))
                break
            step = t.steps[int(loc[1])][0] if loc[0] == "steps" else None
            if step is not None and step.name:
                env[step.name] = value
    if accepted == 0 and not failed:
        message = "no drawn values satisfy the constraints"
        failed[("constraints",)] = problem_at(doc, name, ("constraints",), message)
    return list(failed.values())


def feasibility(t: CompiledTemplate, doc: PositionedYaml | None, name: str) -> list[Problem]:
    """A template whose constraints hold for under 5% of random draws is reported (never for 0)."""
    if not t.constraints:
        return []
    rate = acceptance_rate(t)
    if rate >= MIN_ACCEPTANCE:
        return []
    what = "never hold" if rate == 0 else f"hold for only {rate:.1%} of draws"
    message = f"the constraints {what} (at least {MIN_ACCEPTANCE:.0%} needed): widen the draws"
    return [problem_at(doc, name, ("constraints",), message)]


def _grid_size(p: RangeParam) -> float:
    """Points in a range's grid, computed without building it."""
    lo, hi = p.range
    if p.step is not None:
        return (hi - lo) / p.step + 1
    return min(math.log(hi / lo) / math.log(p.factor or 2) + 1, 1000) if hi > 0 else 1


def space_problems(spec: Template, doc: PositionedYaml, name: str) -> list[Problem]:
    """A parameter space too big to compile or to sweep, refused before either (one problem)."""
    if len(spec.params) > MAX_PARAMS:
        return [
            problem_at(doc, name, ("params",), f"too many params ({len(spec.params)}; at most {MAX_PARAMS})")
        ]
    formulas = len(spec.constraints) + len(spec.steps) + 1
    formulas += sum(isinstance(p, DerivedParam) for p in spec.params.values())
    if formulas > MAX_FORMULAS:
        message = f"too many formulas (params, constraints and steps: {formulas}; at most {MAX_FORMULAS})"
        return [problem_at(doc, name, (), message)]
    points = sum(_grid_size(p) for p in spec.params.values() if isinstance(p, RangeParam))
    points += sum(len(p.choice) for p in spec.params.values() if isinstance(p, ChoiceParam))
    if points > MAX_GRID_POINTS:
        message = f"the params' ranges hold {points:,.0f} values in all; at most {MAX_GRID_POINTS:,}"
        return [problem_at(doc, name, ("params",), message)]
    return []


def _as_drawn(v: Any) -> Any:
    """A value as the generator shows it: whole floats become ints (8.0 -> 8)."""
    return int(v) if isinstance(v, float) and v.is_integer() else v


def _formatted(t: CompiledTemplate) -> list[tuple[tuple[Any, ...], str, str]]:
    """(location, param, format spec) of every formatted numeric placeholder."""
    texts = [
        (("prompt",), t.spec.prompt),
        *((("conventions", i), c) for i, c in enumerate(t.spec.conventions)),
    ]
    return [
        (loc, ref, fmt)
        for loc, text in texts
        for ref, fmt in placeholders(text)
        if fmt and ref not in t.text_names
    ]


def _format_failure(ref: str, fmt: str, value: Any) -> str | None:
    if any(int(n) > MAX_FORMAT_WIDTH for n in re.findall(r"\d+", fmt)):
        return f"'{{{ref}:{fmt}}}': width or precision over {MAX_FORMAT_WIDTH}"
    try:
        format(_as_drawn(value), fmt)
    except (ValueError, TypeError) as exc:
        return f"'{{{ref}:{fmt}}}' cannot format {ref}={_as_drawn(value)!r}: {exc}"
    return None


def format_problems(t: CompiledTemplate, doc: PositionedYaml | None, name: str) -> list[Problem]:
    """`{a:d}` with a drawn value it cannot format, or an absurd width, found at load (derived
    params are checked on their computed values by `check_values`)."""
    samples: dict[str, list[Any]] = {}
    for d in t.draws:
        if d.kind is ParamKind.CATALOG:
            for param, f in d.fields:
                samples[param] = [getattr(e, f) for e in d.choices[:50]]
        else:
            values = [v for _, v in d.choices] if d.kind is ParamKind.OPTIONS else list(d.choices)
            samples[d.name] = list({type(_as_drawn(v)): v for v in values}.values())  # one of each type
    out: list[Problem] = []
    for loc, ref, fmt in _formatted(t):
        budget.check_time()
        why = next(filter(None, (_format_failure(ref, fmt, v) for v in samples.get(ref, [1]))), None)
        if why:
            out.append(problem_at(doc, name, loc, why))
    return out
