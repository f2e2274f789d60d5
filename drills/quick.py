"""`flopcards drill check` without the schema, YAML or catalog: the compiled templates it used, kept
as plain JSON in the template cache beside the stamps of every template file, read back as is.

A kept template is used only while every template file is as it was when the full load compiled
it without a problem (same files, sizes and modification times, same code: the cache version), so
the drill and every message are the full load's."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from pathlib import Path
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any, cast

from drills.compiled import CompiledTemplate, Draw
from drills.param_kind import ParamKind
from drills.template_files import cache_version, template_sources
from engine.cache import CACHE_FILE, FileCache
from engine.formula import Formula, FormulaError, parse_formula

if TYPE_CHECKING:
    from drills.schema import StepSpec, Template

NAMESPACE = "drill-quick"
Stamps = list[list[Any]]


def source_stamps(extra_dirs: Iterable[str | Path], deck_dirs: Iterable[str | Path]) -> Stamps | None:
    """Every template file with its size and modification time, in load order; None when a
    template folder is missing (the full load warns about it) or a file cannot be looked at."""
    sources, problems = template_sources(extra_dirs, deck_dirs)
    if problems:
        return None
    try:
        return [[str(p), (s := p.stat()).st_size, s.st_mtime_ns] for p in sources]
    except OSError:
        return None


def _name(kind: str, extra_dirs: Sequence[str | Path], deck_dirs: Sequence[str | Path]) -> str:
    """One record per kind and set of folders: a check reads only its own template's."""
    return json.dumps([kind, [str(d) for d in extra_dirs], [str(d) for d in deck_dirs]])


def kept_template(
    kind: str, extra_dirs: Sequence[str | Path], deck_dirs: Sequence[str | Path], cache_dir: Path
) -> CompiledTemplate | None:
    """The kept compiled template of this kind, or None when the templates must be loaded in full."""
    stamps = source_stamps(extra_dirs, deck_dirs)
    if stamps is None or not (cache_dir / CACHE_FILE).is_file():
        return None
    cache = FileCache(cache_dir, cache_version())
    try:
        record: Any = cache.get_record(NAMESPACE, _name(kind, extra_dirs, deck_dirs))
    finally:
        cache.close()
    try:
        if record["files"] != stamps:
            return None
        return from_plain(record["template"])
    except (KeyError, TypeError, ValueError, IndexError, FormulaError):
        return None


def remember(
    template: CompiledTemplate,
    stamps: Stamps,
    extra_dirs: Sequence[str | Path],
    deck_dirs: Sequence[str | Path],
    cache_dir: Path,
) -> None:
    """Keep this template for the next quick check, with the files' stamps taken before the full
    load that compiled it without a problem (best effort, as every cache write)."""
    try:
        plain = to_plain(template)
        json.dumps(plain)
    except (TypeError, ValueError, AttributeError):  # a value JSON cannot hold: never kept
        return
    cache = FileCache(cache_dir, cache_version())
    try:
        name = _name(template.spec.id, extra_dirs, deck_dirs)
        cache.put_record(NAMESPACE, name, {"files": stamps, "template": plain})
        cache.drop_other_versions(NAMESPACE)  # kept by other code: never read again
    finally:
        cache.close()


def _choice(d: Draw, choice: Any) -> Any:
    if d.kind is ParamKind.CATALOG:
        return {"id": choice.id, "name": choice.name, **{f: getattr(choice, f) for _, f in d.fields}}
    return list(choice) if d.kind is ParamKind.OPTIONS else choice


def to_plain(t: CompiledTemplate) -> dict[str, Any]:
    """What generating a drill reads of a compiled template, as JSON values (formulas as text)."""
    s, a = t.spec, t.spec.answer
    return {
        "spec": [s.id, s.title, s.topic, s.prompt, list(s.conventions), s.level, s.hint, list(s.taught)],
        "answer": [a.unit, a.tolerance, a.close, a.sig_figs, a.integer, a.noun, a.scale],
        "path": t.path,
        "draws": [[d.name, d.kind.value, [_choice(d, c) for c in d.choices], d.fields] for d in t.draws],
        "derived": [[n, f.text] for n, f in t.derived],
        "constraints": [[f.text, lo, hi] for f, lo, hi in t.constraints],
        "answer_formula": t.answer.text,
        "steps": [[s.label, s.formula, s.unit, s.name, f.text] for s, f in t.steps],
        "units": list(t.units.items()),
        "text_names": sorted(t.text_names),
        "multiples": [[f.text, d.text] for f, d in t.multiples],
        "measured": [[[[k, list(v)] for k, v in when.items()], note] for when, note in t.measured],
        "slips": [[n, None if f is None else f.text] for n, f in t.slips],
        "answer_multiple": None if t.answer_multiple is None else t.answer_multiple.text,
        "per": [[n, f.text] for n, f in t.per],
        "unused": sorted(t.unused),
        "labels": list(t.labels.items()),
    }


def _loaded_choice(kind: ParamKind, choice: Any) -> Any:
    if kind is ParamKind.CATALOG:
        return SimpleNamespace(**choice)
    return tuple(choice) if kind is ParamKind.OPTIONS else choice


def _draw(name: str, kind: str, choices: list[Any], fields: list[list[str]]) -> Draw:
    k = ParamKind(kind)
    return Draw(name, k, tuple(_loaded_choice(k, c) for c in choices), tuple((p, f) for p, f in fields))


def from_plain(p: dict[str, Any]) -> CompiledTemplate:
    """A compiled template back from `to_plain`: its spec holds only what generating a drill reads."""
    f: dict[str, Formula] = {}

    def parse(text: str) -> Formula:
        return f.setdefault(text, parse_formula(text))

    sid, title, topic, prompt, conventions, level, hint, taught = p["spec"]
    unit, tolerance, close, sig_figs, integer, noun, scale = p["answer"]
    answer = SimpleNamespace(
        unit=unit,
        tolerance=tolerance,
        close=close,
        sig_figs=sig_figs,
        integer=integer,
        noun=noun,
        scale=scale,
    )
    spec = SimpleNamespace(
        id=sid, title=title, topic=topic, prompt=prompt, conventions=conventions, level=level, hint=hint,
        taught=taught, answer=answer,
    )  # fmt: skip
    steps = [
        (cast("StepSpec", SimpleNamespace(label=lb, formula=fm, unit=u, name=n)), parse(text))
        for lb, fm, u, n, text in p["steps"]
    ]
    multiple = p["answer_multiple"]
    return CompiledTemplate(
        spec=cast("Template", spec),
        path=str(p["path"]),
        draws=tuple(_draw(*d) for d in p["draws"]),
        derived=tuple((n, parse(text)) for n, text in p["derived"]),
        constraints=tuple((parse(text), lo, hi) for text, lo, hi in p["constraints"]),
        answer=parse(p["answer_formula"]),
        steps=tuple(steps),
        units=dict(p["units"]),
        text_names=frozenset(p["text_names"]),
        multiples=tuple((parse(a), parse(b)) for a, b in p["multiples"]),
        measured=tuple(({k: tuple(v) for k, v in when}, note) for when, note in p["measured"]),
        slips=tuple((n, None if text is None else parse(text)) for n, text in p["slips"]),
        answer_multiple=None if multiple is None else parse(multiple),
        per=tuple((n, parse(text)) for n, text in p["per"]),
        unused=frozenset(p["unused"]),
        labels=dict(p["labels"]),
    )
