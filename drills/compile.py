"""Compile a validated Template: resolve catalog draws, parse formulas, order derived params."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from drills.catalog import FIELD_UNITS, TEXT_FIELDS, Catalog, field_value
from drills.compiled import CompiledTemplate as CompiledTemplate  # re-exported
from drills.compiled import Draw as Draw  # re-exported
from drills.given_units import check_given_unit
from drills.render import RenderError, placeholders
from drills.schema import (
    CatalogParam,
    ChoiceParam,
    DerivedParam,
    OptionsParam,
    ParamKind,
    RangeParam,
    Template,
)
from engine import budget
from engine.formula import FUNCTIONS, Formula, FormulaError, parse_formula
from engine.units import UnitError, check_unit

RESERVED = frozenset(FUNCTIONS)  # a step or param may not shadow a formula function


class TemplateError(ValueError):
    """A template is well-formed YAML but inconsistent; `loc` points into the file."""

    def __init__(self, message: str, loc: tuple[Any, ...] = ()) -> None:
        super().__init__(message)
        self.loc = loc


def _parse(text: str, loc: tuple[Any, ...]) -> Formula:
    try:
        return parse_formula(text)
    except FormulaError as exc:
        raise TemplateError(f"formula '{text}': {exc}", loc) from None


def _check_unit(unit: str, loc: tuple[Any, ...], given: bool = False) -> None:
    try:
        (check_given_unit if given else check_unit)(unit)
    except UnitError as exc:
        raise TemplateError(f"unit: {exc}", loc) from None


def _catalog_draw(name: str, p: CatalogParam, catalog: Catalog) -> Draw:
    loc = ("params", name)
    known = FIELD_UNITS[p.catalog]
    named = [(fname, (*loc, "where", fname)) for fname in p.where]
    named += [(fname, (*loc, "fields", pname)) for pname, fname in p.fields.items()]
    for fname, where in named:  # `where` points at the field's own line
        if fname not in known:
            known_list = ", ".join(sorted(known))
            raise TemplateError(f"unknown {p.catalog} field '{fname}' (known: {known_list})", where)
    entries = list(catalog.entries(p.catalog))
    if p.ids is not None:
        ids = {e.id for e in entries}
        missing = [i for i in p.ids if i not in ids]
        if missing:
            raise TemplateError(f"no {p.catalog} entry {', '.join(missing)}", (*loc, "ids"))
        entries = [e for e in entries if e.id in p.ids]
    entries = [
        e
        for e in entries
        if all(field_value(e, k) in (v if isinstance(v, list) else [v]) for k, v in p.where.items())
        and all(field_value(e, f) is not None for f in p.fields.values())
    ]
    if not entries:
        raise TemplateError(f"no {p.catalog} entry matches this param", loc)
    return Draw(name, ParamKind.CATALOG, tuple(entries), tuple(p.fields.items()))


def _draws(spec: Template, catalog: Catalog) -> tuple[list[Draw], dict[str, str], set[str]]:
    draws: list[Draw] = []
    units: dict[str, str] = {}
    text: set[str] = set()

    def declare(name: str, unit: str, loc: tuple[Any, ...], is_text: bool = False) -> None:
        if name in units or name in RESERVED:
            raise TemplateError(f"param name '{name}' is used twice or reserved", loc)
        _check_unit(unit, loc, given=True)
        units[name] = unit
        if is_text:
            text.add(name)

    for name, p in spec.params.items():
        budget.check_time()  # many params, big catalogs: the load budget is checked per param
        loc = ("params", name)
        if isinstance(p, CatalogParam):
            draw = _catalog_draw(name, p, catalog)
            declare(name, "", loc, True)
            for pname, fname in draw.fields:
                declare(pname, FIELD_UNITS[p.catalog][fname], (*loc, "fields"), fname in TEXT_FIELDS)
        elif isinstance(p, OptionsParam):
            draw = Draw(name, ParamKind.OPTIONS, tuple(p.options.items()))
            declare(name, p.unit, loc)
            declare(f"{name}_label", "", loc, True)
        elif isinstance(p, ChoiceParam):
            draw = Draw(name, ParamKind.CHOICE, tuple(p.choice))
            declare(name, p.unit, loc)
        elif isinstance(p, RangeParam):
            draw = Draw(name, ParamKind.RANGE, tuple(p.grid()))
            declare(name, p.unit, loc)
        else:
            declare(name, p.unit, loc)
            continue
        draws.append(draw)
    return draws, units, text


def _derived_order(spec: Template, numeric: set[str]) -> list[tuple[str, Formula]]:
    formulas = {
        n: _parse(p.formula, ("params", n, "formula"))
        for n, p in spec.params.items()
        if isinstance(p, DerivedParam)
    }
    order: list[tuple[str, Formula]] = []
    state: dict[str, int] = {}  # 1 = visiting, 2 = done

    def visit(name: str, chain: tuple[str, ...]) -> None:
        if state.get(name) == 2:
            return
        if state.get(name) == 1:
            raise TemplateError(
                f"derived params form a cycle: {' -> '.join((*chain, name))}", ("params", name)
            )
        state[name] = 1
        for dep in sorted(formulas[name].names):
            if dep not in numeric:
                raise TemplateError(
                    f"'{name}' uses '{dep}', which is not a numeric param", ("params", name, "formula")
                )
            if dep in formulas:
                visit(dep, (*chain, name))
        state[name] = 2
        order.append((name, formulas[name]))

    for name in formulas:
        visit(name, ())
    return order


def _check_names(f: Formula, allowed: set[str], what: str, loc: tuple[Any, ...]) -> None:
    unknown = sorted(f.names - allowed)
    if unknown:
        raise TemplateError(f"{what} uses unknown or non-numeric name(s): {', '.join(unknown)}", loc)


def compile_template(spec: Template, path: str, catalog: Catalog) -> CompiledTemplate:
    """Check names, formulas and placeholders; raise TemplateError with a location if wrong."""
    draws, units, text_names = _draws(spec, catalog)
    numeric = set(units) - text_names
    derived = _derived_order(spec, numeric)
    constraints = []
    multiples = []
    for i, c in enumerate(spec.constraints):
        f = _parse(c.formula, ("constraints", i, "formula"))
        _check_names(f, numeric, "constraint", ("constraints", i, "formula"))
        constraints.append((f, c.min, c.max))
        if c.multiple_of is not None:
            loc = ("constraints", i, "multiple_of")
            divisor = _parse(str(c.multiple_of), loc)
            _check_names(divisor, numeric, "constraint", loc)
            multiples.append((f, divisor))
    steps = []
    known = set(numeric)
    for i, s in enumerate(spec.steps):
        _check_unit(s.unit, ("steps", i, "unit"))
        f = _parse(s.formula, ("steps", i, "formula"))
        _check_names(f, known, f"step '{s.label}'", ("steps", i, "formula"))
        if s.name is not None:
            if s.name in known or s.name in units or s.name in RESERVED:
                raise TemplateError(f"step name '{s.name}' is already used", ("steps", i, "name"))
            known.add(s.name)
        steps.append((s, f))
    _check_unit(spec.answer.unit, ("answer", "unit"))
    answer = _parse(spec.answer.formula, ("answer", "formula"))
    _check_names(answer, known, "the answer", ("answer", "formula"))
    mentioned: set[str] = set()
    for where, text in [
        (("prompt",), spec.prompt),
        *((("conventions", i), c) for i, c in enumerate(spec.conventions)),
    ]:
        try:
            refs = placeholders(text)
        except RenderError as exc:
            raise TemplateError(str(exc), where) from None
        for name, fmt in refs:
            mentioned.add(name)
            if name not in units:
                raise TemplateError(f"unknown placeholder '{{{name}}}'", where)
            if fmt and name in text_names:
                raise TemplateError(f"'{{{name}:{fmt}}}': text params take no format", where)
    measured = tuple((_when(spec, draws, i), m.note) for i, m in enumerate(spec.measured))
    slips: list[tuple[str, Formula | None]] = []
    for i, slip in enumerate(spec.slips):
        if isinstance(slip, str):
            slips.append((slip, None))
            continue
        ratio = _parse(slip.ratio, ("slips", i, "ratio"))
        _check_names(ratio, known, f"slip '{slip.slip}'", ("slips", i, "ratio"))
        slips.append((slip.slip, ratio))
    answer_multiple: Formula | None = None
    if spec.answer.multiple_of is not None:
        answer_multiple = _parse(str(spec.answer.multiple_of), ("answer", "multiple_of"))
        _check_names(answer_multiple, known, "the answer's multiple_of", ("answer", "multiple_of"))
    per: list[tuple[str, Formula]] = []
    for noun, how_many in spec.answer.per.items():
        f = _parse(str(how_many), ("answer", "per", noun))
        _check_names(f, known, f"the answer's per {noun}", ("answer", "per", noun))
        per.append((noun, f))
    return CompiledTemplate(
        spec,
        path,
        tuple(draws),
        tuple(derived),
        tuple(constraints),
        answer,
        tuple(steps),
        units,
        frozenset(text_names),
        tuple(multiples),
        measured,
        tuple(slips),
        answer_multiple,
        tuple(per),
        _unused(
            units,
            derived,
            [
                answer,
                *(f for _, f in steps),
                *(f for _, f in per),
                *([answer_multiple] if answer_multiple else []),
            ],
            mentioned | {name for name, _ in _quiet_refs(spec.hint)},
        ),
        _labels(spec),
    )


def _labels(spec: Template) -> dict[str, str]:
    """Param -> its label; two givens never share one (the list would show them alike)."""
    labels: dict[str, str] = {}
    for name, p in spec.params.items():
        label = getattr(p, "label", "")
        twin = next((n for n, seen in labels.items() if seen.casefold() == label.casefold()), None)
        if twin is not None:
            loc = ("params", name, "label")
            raise TemplateError(f"label '{label}' is already the label of '{twin}'", loc)
        if label:
            labels[name] = label
    return labels


def _quiet_refs(text: str) -> list[tuple[str, str | None]]:
    try:
        return placeholders(text)
    except RenderError:
        return []


def _unused(
    units: Mapping[str, str], derived: Sequence[tuple[str, Formula]], used: Sequence[Formula], said: set[str]
) -> frozenset[str]:
    """Params neither said in the question nor needed (directly or through a derived param) by the
    answer and its steps."""
    needed = set(said).union(*(f.names for f in used))
    for name, formula in reversed(derived):  # dependency order: a derived param's inputs come first
        if name in needed:
            needed |= formula.names
    return frozenset(n for n in units if n not in needed and f"{n}_label" not in needed)


def _when(spec: Template, draws: list[Draw], index: int) -> dict[str, Any]:
    """A `measured` condition: catalog ids widened to (id, display name), options read by label."""
    by_name = {d.name: d for d in draws}
    out: dict[str, Any] = {}
    for name, want in spec.measured[index].when.items():
        loc = ("measured", index, "when", name)
        exposed = {p for d in draws for p, _ in d.fields}
        is_label = name.endswith("_label") and name.removesuffix("_label") in spec.params
        if name not in spec.params and name not in exposed and not is_label:
            raise TemplateError(f"'{name}' is not a param", loc)
        d = by_name.get(name)
        if d is not None and d.kind is ParamKind.CATALOG:
            entry = next((e for e in d.choices if want in (e.id, e.name)), None)
            if entry is None:
                raise TemplateError(f"'{want}' is not a choice for '{name}'", loc)
            out[name] = (entry.id, entry.name)
        elif d is not None and d.kind is ParamKind.OPTIONS:  # an option is named by its label
            if want not in dict(d.choices):
                raise TemplateError(f"'{want}' is not an option of '{name}'", loc)
            out[f"{name}_label"] = (want,)
        else:
            out[name] = (want,)
    return out
