"""Read one drill template file afresh: YAML with positions, schema validation, compiling, the format
checks and, for `flopcards validate`, the sweep over parameter values; every problem positioned.

Only a cache miss (or validate) comes here: `flopcards drill check` with a warm template cache does
not import this module, its YAML reader or its checks."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from drills.cached import store_spec
from drills.catalog import Catalog
from drills.compile import CompiledTemplate, TemplateError, compile_template
from drills.schema import (
    Answer,
    CatalogParam,
    ChoiceParam,
    Constraint,
    DerivedParam,
    OptionsParam,
    ParamKind,
    RangeParam,
    StepSpec,
    Template,
)
from drills.template_checks import (
    Problem,
    check_values,
    feasibility,
    format_problems,
    problem_at,
    space_problems,
)
from engine import budget
from engine.cache import FileCache, Stamp, content_digest
from engine.file_kinds import read_bounded
from engine.schema_problems import SchemaMap, closest, validation_problems
from engine.yamlpos import YamlError, load_yaml, quiet_gc

MAX_FILE_BYTES = 256 * 1024

_SECTIONS: dict[str, type[BaseModel]] = {"steps": StepSpec, "constraints": Constraint, "answer": Answer}
_PARAM_KINDS: dict[str, type[BaseModel]] = {
    ParamKind.CATALOG: CatalogParam,
    ParamKind.CHOICE: ChoiceParam,
    ParamKind.OPTIONS: OptionsParam,
    ParamKind.RANGE: RangeParam,
    ParamKind.FORMULA: DerivedParam,
}


def _model_at(loc: tuple[Any, ...]) -> type[BaseModel] | None:
    """The model owning the mapping at pydantic location `loc` (for 'did you mean' on unknown keys)."""
    names = [p for p in loc if isinstance(p, str)]
    if not names:
        return Template
    if names[0] == "params":  # params, <name>, <kind tag>
        return _PARAM_KINDS.get(names[2]) if len(names) >= 3 else None
    return _SECTIONS.get(names[0])


_NUMBER_MEMBERS = (("int",), ("float",))


def _template_path(loc: Sequence[str | int]) -> tuple[str | int, ...]:
    """A pydantic location as a YAML key path: params, <name>, <kind tag>, ... loses the tag."""
    loc = tuple(loc)
    path = loc[:2] + loc[3:] if loc[:1] == ("params",) and len(loc) >= 3 else loc
    return path[:-1] if path[-1:] in _NUMBER_MEMBERS else path  # one problem per value, not per member


def _near_miss(key: str, model: type[BaseModel] | None) -> str:
    close = closest(key, model)
    return f" (did you mean '{close}'?)" if close else ""


SCHEMA = SchemaMap(model_at=lambda loc, _data: _model_at(loc), to_path=_template_path, hint=_near_miss)


def read_file(
    path: Path, name: str, catalog: Catalog, sweep: bool, cache: FileCache | None
) -> tuple[CompiledTemplate | None, list[Problem]]:
    try:
        stat = path.stat()
        raw = read_bounded(path, MAX_FILE_BYTES)
    except OSError as exc:
        return None, [Problem(name, 1, None, f"cannot read: {exc.strerror}")]
    except ValueError as exc:
        return None, [Problem(name, 1, None, str(exc))]
    compiled, found = _load_bytes(raw, name, catalog, sweep=sweep)
    if cache is not None and not sweep:
        stamp = Stamp(len(raw), stat.st_mtime_ns, content_digest(raw))
        store_spec(cache, path, stamp, compiled.spec if compiled else None, found)
    return compiled, found


def _load_bytes(
    raw: bytes, name: str, catalog: Catalog, *, sweep: bool
) -> tuple[CompiledTemplate | None, list[Problem]]:
    with quiet_gc():
        try:
            doc = load_yaml(raw, name)
        except YamlError as exc:
            p = exc.problem
            return None, [Problem(p.path, p.line, p.col, p.message, p.severity)]
        found = [problem_at(doc, name, loc, f"duplicate key '{loc[-1]}'") for loc, _ in doc.duplicate_keys]
        if not isinstance(doc.data, dict):
            return None, [*found, Problem(name, 1, 1, "a template file must be a mapping (id, title, ...)")]
        budget.check_time()  # between stages: a time limit is set while the app loads templates
        try:
            spec = Template.model_validate(doc.data)
        except ValidationError as exc:
            bad = validation_problems(exc, doc, name, SCHEMA)
            return None, found + [Problem(p.path, p.line, p.col, p.message, p.severity) for p in bad]
        too_big = space_problems(spec, doc, name)
        if too_big:
            return None, found + too_big
        budget.check_time()
        try:
            compiled = compile_template(spec, name, catalog)
        except TemplateError as exc:
            return None, [*found, problem_at(doc, name, exc.loc, str(exc))]
        budget.check_time()
        found += format_problems(compiled, doc, name)
        if sweep:
            found += check_values(compiled, doc, name)
            found += feasibility(compiled, doc, name)
    return (None if found else compiled), found
