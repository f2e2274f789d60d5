"""Templates from a warm cache compiled on first use (`flopcards drill show|check`): same ids, specs,
drills and problems as an eager load; an edit is seen; a spec that no longer compiles is an error."""

from __future__ import annotations

from pathlib import Path

import pytest

import drills.deferred
from drills.cached import NAMESPACE, open_template_cache, store_spec
from drills.catalog import Catalog, load_catalog
from drills.generator import DrillError, generate
from drills.loader import BUNDLED_DIR, load_templates
from drills.schema import Template
from engine.cache import read_stamped


def count_compiles(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    compiled: list[str] = []
    real = drills.deferred.compile_template

    def counting(spec: Template, path: str, catalog: Catalog):  # type: ignore[no-untyped-def]
        compiled.append(spec.id)
        return real(spec, path, catalog)

    monkeypatch.setattr(drills.deferred, "compile_template", counting)
    return compiled


def test_a_lazy_load_from_a_warm_cache_is_the_eager_load(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fresh = load_templates()
    load_templates(cache=open_template_cache(tmp_path))  # warms the cache
    compiled = count_compiles(monkeypatch)
    lazy = load_templates(cache=open_template_cache(tmp_path), lazy=True)
    assert list(lazy.templates) == list(fresh.templates) and len(fresh.templates) > 60
    assert lazy.problems == fresh.problems == ()
    assert compiled == [], "nothing is compiled before it is looked up"
    assert generate("allreduce-time", 7, templates=lazy) == generate("allreduce-time", 7, templates=fresh)
    assert compiled == ["allreduce-time"]
    assert [t.spec for t in lazy.templates.values()] == [t.spec for t in fresh.templates.values()]
    assert [t.path for t in lazy.templates.values()] == [t.path for t in fresh.templates.values()]
    assert len(compiled) == len(fresh.templates), "each compiled once"


def user_template(folder: Path, text_edit: tuple[str, str] = ("", "")) -> Path:
    folder.mkdir(exist_ok=True)
    text = (BUNDLED_DIR / "amdahl.yaml").read_text(encoding="utf-8").replace("id: amdahl", "id: mine")
    mine = folder / "mine.drill.yaml"
    mine.write_text(text.replace(*text_edit), encoding="utf-8")
    return mine


def test_an_edited_template_is_checked_again(tmp_path: Path) -> None:
    decks = tmp_path / "decks"
    mine = user_template(decks)
    load_templates(deck_dirs=[decks], cache=open_template_cache(tmp_path))
    assert (
        "mine" in load_templates(deck_dirs=[decks], cache=open_template_cache(tmp_path), lazy=True).templates
    )
    user_template(decks, ("(1 - s) / n", "(1 - s) / nope"))  # still valid YAML and schema; no longer compiles
    lazy = load_templates(deck_dirs=[decks], cache=open_template_cache(tmp_path), lazy=True)
    assert "mine" not in lazy.templates
    assert [(p.path, "nope" in p.message) for p in lazy.problems] == [(str(mine), True)]
    assert lazy.problems == load_templates(deck_dirs=[decks]).problems


def test_another_catalog_compiles_every_template_against_it(tmp_path: Path) -> None:
    load_templates(cache=open_template_cache(tmp_path))
    bare = load_catalog().model_copy(update={"interconnects": ()})
    lazy = load_templates(catalog=bare, cache=open_template_cache(tmp_path), lazy=True)
    eager = load_templates(catalog=bare, cache=open_template_cache(tmp_path))
    assert lazy.problems == eager.problems and any("interconnects" in p.message for p in lazy.problems)
    assert list(lazy.templates) == list(eager.templates) and "allreduce-time" not in lazy.templates


def test_a_tampered_cached_spec_that_does_not_compile_is_a_drill_error(tmp_path: Path) -> None:
    path = BUNDLED_DIR / "allreduce-time.yaml"
    cache = open_template_cache(tmp_path)
    load_templates(cache=cache)
    payload = cache.get(NAMESPACE, path)
    payload["spec"]["params"]["link"]["ids"] = ["no-such-link"]
    _, stamp = read_stamped(path)
    store_spec(cache, path, stamp, Template.model_validate(payload["spec"]), [])
    lazy = load_templates(cache=cache, lazy=True)
    with pytest.raises(DrillError, match=r"allreduce-time.*no-such-link"):
        generate("allreduce-time", 1, templates=lazy)
    eager = load_templates(cache=cache)
    assert "allreduce-time" not in eager.templates
    assert any("no-such-link" in p.message for p in eager.problems)
