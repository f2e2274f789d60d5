"""Load and compile drill templates: validate YAML files, parse formulas, collect positioned problems."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from drills.cached import cached_spec, store_spec
from drills.catalog import Catalog, load_catalog
from drills.compile import CompiledTemplate, TemplateError, compile_template
from drills.deferred import Deferred
from drills.paths import BUNDLED_DIR as BUNDLED_DIR  # re-exported
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
from engine.schema_problems import SchemaMap, closest, validation_problems
from engine.schemas import DRILL_SUFFIX as DRILL_SUFFIX  # re-exported: generator looks for these files
from engine.schemas import YAML_SUFFIXES
from engine.yamlpos import (
    YamlError,
    load_yaml,
    quiet_gc,
    read_bounded,
    walk_yaml,
)

MAX_FILE_BYTES = 256 * 1024


@dataclass(frozen=True)
class TemplateSet:
    """The templates that loaded (by id, in load order) and the problems met on the way."""

    templates: Mapping[str, CompiledTemplate] = field(default_factory=dict)
    problems: tuple[Problem, ...] = ()


LOAD_SECONDS = budget.LOAD_SECONDS
"""Time budget of one template file when the app and the CLI load templates (validate has none)."""

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


def load_file(
    path: Path, catalog: Catalog, *, sweep: bool = False, cache: FileCache | None = None
) -> tuple[CompiledTemplate | None, list[Problem]]:
    """Read, validate and compile one template file; never raises for a bad file.

    With `sweep` (what `flopcards validate` does), also evaluate every formula over many
    parameter values and report those that fail. With `cache`, an unchanged file's validated
    spec is reused (compiled again: formulas are cheap, the YAML parse and validation are not).
    """
    name = str(path)
    if cache is not None and not sweep:
        hit = cached_spec(cache, path)
        if isinstance(hit, Template):
            return _compiled(hit, name, catalog)
        if hit is not None:
            return None, [Problem(p.path, p.line, p.col, p.message, p.severity) for p in hit]
    try:
        return _load_file(path, name, catalog, sweep, cache)
    except budget.OutOfTime:
        return None, [Problem(name, 1, None, budget.too_slow_message(LOAD_SECONDS))]


def _load_file(
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


def _compiled(spec: Template, name: str, catalog: Catalog) -> tuple[CompiledTemplate | None, list[Problem]]:
    try:
        return compile_template(spec, name, catalog), []
    except TemplateError as exc:  # the catalog changed since: report without a position
        return None, [Problem(name, None, None, str(exc))]


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


def _files(directory: Path) -> list[Path]:
    return sorted(p for p in directory.iterdir() if p.suffix in YAML_SUFFIXES and p.is_file())


def _deck_folder_files(folders: Iterable[str | Path]) -> list[Path]:
    """`*.drill.yaml` files anywhere under the user's deck folders (missing folders are fine)."""
    out: list[Path] = []
    for folder in map(Path, folders):
        if folder.is_dir():
            out += walk_yaml(folder, (DRILL_SUFFIX,))[0]
    return out


def load_templates(
    extra_dirs: Iterable[str | Path] = (),
    *,
    deck_dirs: Iterable[str | Path] = (),
    catalog: Catalog | None = None,
    cache: FileCache | None = None,
    lazy: bool = False,
) -> TemplateSet:
    """Bundled templates, then each extra template folder's, then `*.drill.yaml` in deck folders.

    A broken file never stops the others; a template whose id is already taken is reported and
    skipped (bundled ones win). With `lazy` (and a cache and the bundled catalog), a template read
    from the cache is compiled when it is first looked up: it compiled cleanly when it was cached.
    """
    templates = Deferred((lambda: catalog) if catalog is not None else load_catalog)
    lazy = lazy and cache is not None and catalog is None
    found: list[Problem] = []
    sources: list[Path] = []
    for directory in (BUNDLED_DIR, *(Path(d) for d in extra_dirs)):
        if not directory.is_dir():
            found.append(Problem(str(directory), None, None, "not a folder"))
            continue
        sources += _files(directory)
    sources += [p for p in _deck_folder_files(deck_dirs) if p not in sources]
    for path in sources:
        hit = cached_spec(cache, path) if lazy and cache is not None else None
        if isinstance(hit, Template):
            item: CompiledTemplate | tuple[Template, str] = (hit, str(path))
            spec = hit
        else:
            with budget.time_limit(LOAD_SECONDS):
                compiled, problems_here = load_file(path, catalog or load_catalog(), cache=cache)
            found.extend(problems_here)
            if compiled is None:
                continue
            item, spec = compiled, compiled.spec
        first = templates.spec_path(spec.id)
        if first is not None:
            msg = f"duplicate template id '{spec.id}' (already in {first})"
            found.append(Problem(str(path), 1, 1, msg))
            continue
        templates.add(item)
    return TemplateSet(templates, tuple(found))
