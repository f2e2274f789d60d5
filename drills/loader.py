"""Load drill templates: the bundled ones, template folders' and `*.drill.yaml` in deck folders, each
through the template cache when there is one (drills.read reads a file afresh), collecting problems."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from drills.cached import cached_spec
from drills.catalog import Catalog, load_catalog
from drills.compile import CompiledTemplate, TemplateError, compile_template
from drills.deferred import Deferred
from drills.paths import BUNDLED_DIR as BUNDLED_DIR  # re-exported
from drills.problem import Problem
from drills.schema import Template
from drills.template_files import template_sources
from engine import budget
from engine.cache import FileCache
from engine.file_kinds import DRILL_SUFFIX as DRILL_SUFFIX  # re-exported: generator looks for these files


@dataclass(frozen=True)
class TemplateSet:
    """The templates that loaded (by id, in load order) and the problems met on the way."""

    templates: Mapping[str, CompiledTemplate] = field(default_factory=dict)
    problems: tuple[Problem, ...] = ()


LOAD_SECONDS = budget.LOAD_SECONDS
"""Time budget of one template file when the app and the CLI load templates (validate has none)."""


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
    from drills.read import read_file  # the YAML reader and the checks: only when the file is read

    return read_file(path, name, catalog, sweep, cache)


def _compiled(spec: Template, name: str, catalog: Catalog) -> tuple[CompiledTemplate | None, list[Problem]]:
    try:
        return compile_template(spec, name, catalog), []
    except TemplateError as exc:  # another catalog than the cached spec compiled against: no position
        return None, [Problem(name, None, None, str(exc))]


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
    sources, found = template_sources(extra_dirs, deck_dirs)
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
