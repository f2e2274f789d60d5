"""Seeded drill generation: same (kind, seed) -> same drill; answers come from template formulas."""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from drills.draws import as_number, catalog_entry, complete, draw
from drills.drill import Drill, Param, Value
from drills.param_kind import ParamKind
from drills.render import pretty, render
from engine.counts import Count
from engine.formula import FormulaError
from engine.solution import Step

if TYPE_CHECKING:  # the loader (pydantic, yaml) is imported on first use only
    from drills.compile import CompiledTemplate
    from drills.loader import TemplateSet
    from engine.answers import CheckResult, Grading

__all__ = [
    "Drill",
    "DrillError",
    "Param",
    "UnknownKindError",
    "check",
    "generate",
    "grading",
    "kinds",
    "levels",
]

MAX_DRAWS = 1000
"""Draws tried per seed before giving up (`validate` refuses templates accepting < 5% of draws)."""


class DrillError(ValueError):
    """A drill could not be generated (unknown kind, bad override, unsatisfiable template)."""


class UnknownKindError(DrillError):
    """No template has this id."""


@lru_cache(maxsize=1)
def bundled_templates() -> TemplateSet:
    """The bundled templates, loaded once per process."""
    from drills.loader import load_templates

    return load_templates()


def templates_for(
    extra_dirs: Iterable[str | Path] = (),
    *,
    deck_dirs: Iterable[str | Path] = (),
    cache_dir: Path | None = None,
    lazy: bool = False,
) -> TemplateSet:
    """Bundled templates plus those of template folders and `*.drill.yaml` files in deck folders;
    with `cache_dir`, an unchanged file's validated template is read from the template cache (and
    with `lazy`, compiled only when looked up: for a command that needs one drill)."""
    from drills.loader import DRILL_SUFFIX, load_templates

    dirs, decks = tuple(extra_dirs), tuple(deck_dirs)
    if cache_dir is not None:
        from drills.cached import open_template_cache

        cache = open_template_cache(cache_dir)
        try:
            return load_templates(dirs, deck_dirs=decks, cache=cache, lazy=lazy)
        finally:
            cache.close()
    has_user_files = any(Path(d).is_dir() and any(Path(d).rglob(f"*{DRILL_SUFFIX}")) for d in decks)
    if not dirs and not has_user_files:
        return bundled_templates()
    return load_templates(dirs, deck_dirs=decks)


def _apply(t: CompiledTemplate, values: dict[str, Value], overrides: Mapping[str, Any]) -> None:
    draws = {d.name: d for d in t.draws}
    catalog_first = sorted(
        overrides.items(), key=lambda kv: kv[0] not in draws or draws[kv[0]].kind is not ParamKind.CATALOG
    )
    for name, given in catalog_first:
        d = draws.get(name)
        if d is not None and d.kind is ParamKind.CATALOG:
            entry = next((e for e in d.choices if given in (e.id, e.name)), None)
            if entry is None:
                ids = ", ".join(e.id for e in d.choices)
                raise DrillError(f"'{given}' is not a choice for '{name}' (choices: {ids})")
            values.update(catalog_entry(d.name, d.fields, entry))
        elif d is not None and d.kind is ParamKind.OPTIONS:
            labels = dict(d.choices)
            if given not in labels:
                raise DrillError(f"'{given}' is not an option for '{name}' ({', '.join(labels)})")
            values[name], values[f"{name}_label"] = as_number(labels[given]), given
        elif name in t.units and name not in t.text_names and name not in dict(t.derived):
            try:
                number = float(given)
            except (TypeError, ValueError):
                number = math.nan
            if isinstance(given, bool) or not math.isfinite(number):
                raise DrillError(f"'{name}' must be a finite number, not {given!r}")
            values[name] = as_number(given if isinstance(given, int) else number)
        else:
            raise DrillError(f"'{name}' cannot be overridden in drill '{t.spec.id}'")


Solved = tuple[float, tuple[Step, ...], tuple[tuple[str, float | None], ...], float | None, Count | None]


def _solve(t: CompiledTemplate, values: Mapping[str, Value]) -> Solved:
    """Expected answer, worked steps, slip ratios and the answer's feasibility divisor."""
    env = {k: v for k, v in values.items() if not isinstance(v, str)}
    steps = []
    called: dict[str, str] = {}  # a step's variable is the learner's 'step 1', not the template's 'n2'
    for number, (spec, f) in enumerate(t.steps, 1):
        v = f.evaluate(env)
        shown = pretty(spec.formula, None, called)
        steps.append(Step(spec.label, shown, pretty(spec.formula, env), v, spec.unit))
        if spec.name is not None:
            env[spec.name] = as_number(v)
            called[spec.name] = f"step {number}"
    expected = t.answer.evaluate(env)
    if not math.isfinite(expected):
        raise DrillError(f"drill '{t.spec.id}' has no finite answer")
    slips = tuple((name, None if f is None else float(f.evaluate(env))) for name, f in t.slips)
    multiple = None if t.answer_multiple is None else float(t.answer_multiple.evaluate(env))
    a = t.spec.answer
    per = tuple((noun, float(f.evaluate(env))) for noun, f in t.per)
    count = Count(a.noun, a.scale, per) if a.noun or a.scale != 1 else None
    return expected, tuple(steps), slips, multiple, count


def build(t: CompiledTemplate, seed: int, overrides: Mapping[str, Any] | None = None) -> Drill:
    """Generate a drill from a compiled template (see `generate`)."""
    rng = random.Random(f"{t.spec.id}:{seed}")
    for _ in range(MAX_DRAWS):
        values = draw(t, rng)
        if overrides:
            _apply(t, values, overrides)
        if complete(t, values):
            break
    else:
        raise DrillError(
            f"drill '{t.spec.id}': no draw met the template's constraints in {MAX_DRAWS} tries (seed {seed})"
        )
    try:
        expected, steps, slips, multiple, count = _solve(t, values)
    except FormulaError as exc:
        raise DrillError(f"drill '{t.spec.id}' (seed {seed}): {exc}") from None
    spec = t.spec
    measured = tuple(
        render(note, values).strip()
        for when, note in t.measured
        if all(values.get(k) in accepted for k, accepted in when.items())
    )
    return Drill(
        kind=spec.id,
        seed=seed,
        title=spec.title,
        topic=spec.topic,
        prompt=render(spec.prompt, values).strip(),
        params=tuple(Param(n, values[n], unit, t.labels.get(n, "")) for n, unit in t.units.items()),
        expected=expected,
        unit=spec.answer.unit,
        tolerance=spec.answer.tolerance,
        conventions=(
            *(render(c, values).strip() for c in spec.conventions),
            grading_convention(
                spec.answer.integer, spec.answer.tolerance, spec.answer.close, spec.answer.sig_figs
            ),
        ),
        steps=steps,
        level=spec.level,
        hint=render(spec.hint, values).strip(),
        integer=spec.answer.integer,
        close=spec.answer.close,
        measured=measured,
        slips=slips,
        multiple_of=multiple,
        sig_figs=spec.answer.sig_figs,
        count=count,
        taught=tuple(spec.taught),
        unused=tuple(sorted(t.unused)),
    )


def grading_convention(
    integer: bool, tolerance: float, close: float | None, sig_figs: int | None = None
) -> str:
    """The sentence stating how the answer is graded (shown with the question)."""
    if integer:
        return "The answer is a whole number: only the exact count is correct."
    if sig_figs is not None:
        return f"Answers equal to the result at {sig_figs} significant figures are correct."
    band = max(5 * tolerance, 0.10) if close is None else close
    return f"Answers within ±{tolerance * 100:g}% are correct; within ±{band * 100:g}%, close."


def generate(
    kind: str,
    seed: int,
    *,
    overrides: Mapping[str, Any] | None = None,
    templates: TemplateSet | None = None,
) -> Drill:
    """The drill of this kind for this seed (drawn with random.Random(f"{kind}:{seed}")).

    `overrides` pins params for what-if questions and tests: a catalog param takes an entry id,
    an options param a label, any other drawn param a number.
    """
    try:
        found = (templates or bundled_templates()).templates.get(kind)
    except ValueError as exc:  # TemplateError of a lazily compiled cached spec (drills.deferred): tampered
        raise DrillError(f"template '{kind}' does not compile: {exc}") from None
    if found is None:
        raise UnknownKindError(f"unknown drill kind '{kind}'")
    return build(found, seed, overrides)


def kept_drill(
    kind: str, seed: int, extra_dirs: Sequence[Path], deck_dirs: Sequence[Path], cache_dir: Path
) -> Drill | None:
    """The drill from the template a previous full load kept (drills.quick) while no template file
    changed since, without loading any; None when the templates must be loaded."""
    from drills.quick import kept_template

    found = kept_template(kind, extra_dirs, deck_dirs, cache_dir)
    return None if found is None else build(found, seed)


def template_stamps(extra_dirs: Sequence[Path], deck_dirs: Sequence[Path]) -> list[list[Any]] | None:
    """The template files' stamps, taken before a full load (see `keep_template`)."""
    from drills.quick import source_stamps

    return source_stamps(extra_dirs, deck_dirs)


def keep_template(
    template: CompiledTemplate,
    stamps: list[list[Any]],
    extra_dirs: Sequence[Path],
    deck_dirs: Sequence[Path],
    cache_dir: Path,
) -> None:
    """Keep a template the full load compiled without a problem for `kept_drill`."""
    from drills.quick import remember

    remember(template, stamps, extra_dirs, deck_dirs, cache_dir)


def grading(drill: Drill) -> Grading:
    """How the drill's answer is graded: its bands, exactness, feasibility and declared slips."""
    from engine.bands import Grading, default_slips
    from engine.slips import applicable

    declared = tuple(s for name, ratio in drill.slips for s in applicable(name, ratio))
    return Grading(
        tolerance=1e-9 if drill.integer else drill.tolerance,
        close=drill.close,
        integer=drill.integer,
        multiple_of=drill.multiple_of,
        sig_figs=drill.sig_figs,
        slips=declared or default_slips(drill.unit),
    )


def check(drill: Drill, text: str) -> CheckResult:
    """Grade a typed answer against the drill's expected value, unit, grading rule and slips."""
    from engine.answers import check_numeric

    return check_numeric(text, drill.expected, drill.unit, grading=grading(drill), count=drill.count)


def levels(templates: TemplateSet | None = None) -> dict[str, str]:
    """Kind id -> level (warm-up, interview, senior), in load order."""
    found = templates or bundled_templates()
    return {t.spec.id: t.spec.level for t in found.templates.values()}


def kinds(templates: TemplateSet | None = None) -> list[tuple[str, str, str]]:
    """(id, title, topic) of every loaded drill kind, in load order."""
    found = templates or bundled_templates()
    return [(t.spec.id, t.spec.title, t.spec.topic) for t in found.templates.values()]
