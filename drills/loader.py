"""Load and compile drill templates: validate YAML files, parse formulas, collect positioned problems."""

from __future__ import annotations

import difflib
import itertools
import random
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from drills.catalog import Catalog, load_catalog
from drills.compile import CompiledTemplate, TemplateError, compile_template
from drills.schema import (
    Answer,
    CatalogParam,
    ChoiceParam,
    Constraint,
    DerivedParam,
    OptionsParam,
    RangeParam,
    StepSpec,
    Template,
)
from engine import problems
from engine.formula import FormulaError
from engine.yamlpos import PositionedYaml, YamlError, describe_path, load_yaml, quiet_gc

BUNDLED_DIR = Path(__file__).with_name("templates")
DRILL_SUFFIX = ".drill.yaml"
"""In a deck folder, files ending so are drill templates (the deck loader skips them)."""
MAX_FILE_BYTES = 256 * 1024
SWEEP_DRAWS = 60
"""How many parameter combinations `check_values` evaluates per template (every value once, then random)."""


class Problem(problems.Problem):
    """engine's positioned Problem; `file` is kept as another name for `path`."""

    @property
    def file(self) -> str:
        return self.path


@dataclass(frozen=True)
class TemplateSet:
    """The templates that loaded (by id, in load order) and the problems met on the way."""

    templates: Mapping[str, CompiledTemplate] = field(default_factory=dict)
    problems: tuple[Problem, ...] = ()


def _at(doc: PositionedYaml | None, name: str, loc: Iterable[Any], message: str) -> Problem:
    pos = doc.position(tuple(loc)) if doc is not None else None
    return Problem(name, pos.line if pos else None, pos.col if pos else None, message)


_SECTIONS: dict[str, type[BaseModel]] = {"steps": StepSpec, "constraints": Constraint, "answer": Answer}
_PARAM_KINDS: dict[str, type[BaseModel]] = {
    "catalog": CatalogParam,
    "choice": ChoiceParam,
    "options": OptionsParam,
    "range": RangeParam,
    "formula": DerivedParam,
}
MAX_VALUES = 25
"""Values of one param tried by `check_values` (evenly spread, ends included)."""


def _model_at(loc: tuple[Any, ...]) -> type[BaseModel] | None:
    """The model owning the mapping at pydantic location `loc` (for 'did you mean' on unknown keys)."""
    names = [p for p in loc if isinstance(p, str)]
    if not names:
        return Template
    if names[0] == "params":  # params, <name>, <kind tag>
        return _PARAM_KINDS.get(names[2]) if len(names) >= 3 else None
    return _SECTIONS.get(names[0])


def _validation_problems(name: str, doc: PositionedYaml, exc: ValidationError) -> list[Problem]:
    out = []
    for err in exc.errors(include_url=False):
        loc = tuple(err.get("loc", ()))
        path = loc[:2] + loc[3:] if loc[:1] == ("params",) and len(loc) >= 3 else loc  # drop the tag
        if err["type"] == "extra_forbidden":
            key = str(loc[-1])
            model = _model_at(loc[:-1])
            close = difflib.get_close_matches(key, list(model.model_fields), n=1) if model else []
            hint = f" (did you mean '{close[0]}'?)" if close else ""
            pos = doc.position(path, key=True)
            out.append(
                Problem(
                    name, pos.line if pos else None, pos.col if pos else None, f"unknown key '{key}'{hint}"
                )
            )
            continue
        message = str(err.get("msg", "invalid")).removeprefix("Value error, ")
        if err["type"] == "missing":
            out.append(
                _at(doc, name, path[:-1], f"missing required field '{loc[-1]}' in {describe_path(path[:-1])}")
            )
        else:
            out.append(_at(doc, name, path, f"{describe_path(path)}: {message}"))
    return out


def _spread(items: tuple[Any, ...]) -> tuple[Any, ...]:
    if len(items) <= MAX_VALUES:
        return items
    step = (len(items) - 1) / (MAX_VALUES - 1)
    return tuple(items[round(i * step)] for i in range(MAX_VALUES))


def _choices(t: CompiledTemplate) -> list[list[dict[str, Any]]]:
    """For each drawn param, values it can take (at most MAX_VALUES), each as {param name: value}."""
    out = []
    for d in t.draws:
        if d.kind == "catalog":
            out.append([{d.name: e.name, **{p: getattr(e, f) for p, f in d.fields}} for e in d.choices])
        elif d.kind == "options":
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
    for values in itertools.islice(_combinations(t), 400):
        env = _numeric(values)
        formulas: list[tuple[tuple[Any, ...], Any]] = [(("params", n, "formula"), f) for n, f in t.derived]
        formulas += [(("constraints", i, "formula"), c[0]) for i, c in enumerate(t.constraints)]
        rejected = False
        for loc, formula in formulas:
            try:
                value = formula.evaluate(env)
            except FormulaError as exc:
                message = f"formula '{formula.text}' fails for {_given(values)}: {exc}"
                failed.setdefault(loc, _at(doc, name, loc, message))
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
        for loc, formula in [
            *((("steps", i, "formula"), f) for i, (_, f) in enumerate(t.steps)),
            (("answer", "formula"), t.answer),
        ]:
            try:
                value = formula.evaluate(env)
            except FormulaError as exc:
                message = f"formula '{formula.text}' fails for {_given(values)}: {exc}"
                failed.setdefault(loc, _at(doc, name, loc, message))
                break
            step = t.steps[loc[1]][0] if loc[0] == "steps" else None
            if step is not None and step.name:
                env[step.name] = value
    if accepted == 0 and not failed:
        message = "no drawn values satisfy the constraints"
        failed[("constraints",)] = _at(doc, name, ("constraints",), message)
    return list(failed.values())


def _feasibility(t: CompiledTemplate, doc: PositionedYaml | None, name: str) -> list[Problem]:
    """A template whose constraints hold for under 5% of random draws is reported (never for 0)."""
    from drills.generator import MIN_ACCEPTANCE, acceptance_rate

    if not t.constraints:
        return []
    rate = acceptance_rate(t)
    if rate >= MIN_ACCEPTANCE:
        return []
    what = "never hold" if rate == 0 else f"hold for only {rate:.1%} of draws"
    message = f"the constraints {what} (at least {MIN_ACCEPTANCE:.0%} needed): widen the draws"
    return [_at(doc, name, ("constraints",), message)]


def load_file(
    path: Path, catalog: Catalog, *, sweep: bool = False
) -> tuple[CompiledTemplate | None, list[Problem]]:
    """Read, validate and compile one template file; never raises for a bad file.

    With `sweep` (what `flopcards validate` does), also evaluate every formula over many
    parameter values and report those that fail.
    """
    name = str(path)
    try:
        if path.stat().st_size > MAX_FILE_BYTES:
            return None, [Problem(name, None, None, f"file is larger than {MAX_FILE_BYTES} bytes")]
        raw = path.read_bytes()
    except OSError as exc:
        return None, [Problem(name, None, None, f"cannot read: {exc.strerror}")]
    with quiet_gc():
        try:
            doc = load_yaml(raw, name)
        except YamlError as exc:
            p = exc.problem
            return None, [Problem(p.path, p.line, p.col, p.message, p.severity)]
        found = [_at(doc, name, loc, f"duplicate key '{loc[-1]}'") for loc, _ in doc.duplicate_keys]
        if not isinstance(doc.data, dict):
            return None, [*found, Problem(name, 1, 1, "a template file must be a mapping (id, title, ...)")]
        try:
            spec = Template.model_validate(doc.data)
        except ValidationError as exc:
            return None, found + _validation_problems(name, doc, exc)
        try:
            compiled = compile_template(spec, name, catalog)
        except TemplateError as exc:
            return None, [*found, _at(doc, name, exc.loc, str(exc))]
        if sweep:
            found += check_values(compiled, doc, name)
            found += _feasibility(compiled, doc, name)
    return (None if found else compiled), found


def _files(directory: Path) -> list[Path]:
    return sorted(p for p in directory.iterdir() if p.suffix in (".yaml", ".yml") and p.is_file())


def _deck_folder_files(folders: Iterable[str | Path]) -> list[Path]:
    """`*.drill.yaml` files anywhere under the user's deck folders (missing folders are fine)."""
    out: list[Path] = []
    for folder in map(Path, folders):
        if folder.is_dir():
            out += sorted(p for p in folder.rglob(f"*{DRILL_SUFFIX}") if p.is_file())
    return out


def load_templates(
    extra_dirs: Iterable[str | Path] = (),
    *,
    deck_dirs: Iterable[str | Path] = (),
    catalog: Catalog | None = None,
) -> TemplateSet:
    """Bundled templates, then each extra template folder's, then `*.drill.yaml` in deck folders.

    A broken file never stops the others; a template whose id is already taken is reported and
    skipped (bundled ones win).
    """
    catalog = catalog or load_catalog()
    templates: dict[str, CompiledTemplate] = {}
    found: list[Problem] = []
    sources: list[Path] = []
    for directory in (BUNDLED_DIR, *(Path(d) for d in extra_dirs)):
        if not directory.is_dir():
            found.append(Problem(str(directory), None, None, "not a folder"))
            continue
        sources += _files(directory)
    sources += [p for p in _deck_folder_files(deck_dirs) if p not in sources]
    for path in sources:
        compiled, problems_here = load_file(path, catalog)
        found.extend(problems_here)
        if compiled is None:
            continue
        first = templates.get(compiled.spec.id)
        if first is not None:
            msg = f"duplicate template id '{compiled.spec.id}' (already in {first.path})"
            found.append(Problem(str(path), 1, 1, msg))
            continue
        templates[compiled.spec.id] = compiled
    return TemplateSet(templates, tuple(found))
