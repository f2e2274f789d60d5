"""`flopcards drill check` from the kept template (drills.quick): the same drill, output and errors as
the full load, the full load again whenever a template file changes, and no pydantic, YAML or pint."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from drills.generator import build, bundled_templates
from drills.quick import from_plain, to_plain
from engine.settings import Settings
from tui import drill_commands
from tui.cli_drill import main

TREE = Path(__file__).parents[2]


def test_every_bundled_template_builds_the_same_drills_back_from_plain_json() -> None:
    for compiled in bundled_templates().templates.values():
        back = from_plain(to_plain(compiled))
        for seed in (1, 7):
            assert build(back, seed) == build(compiled, seed), compiled.spec.id


def _run(capsys: pytest.CaptureFixture[str], cache: Path, *argv: str, decks: Path | None = None) -> tuple:
    settings = Settings(db="unused.db", deck_dirs=(decks,) if decks else ())
    code = main(list(argv), settings, cache_dir=cache)
    out, err = capsys.readouterr()
    return code, out, err


def _no_full_load(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("the templates were loaded in full")

    monkeypatch.setattr("tui.drill_commands.templates_for", refuse)  # the CLI's door to drills/


ANSWERS = [
    ("check", "allreduce-time", "--seed", "1", "--answer", "1 s"),
    ("check", "allreduce-time", "--seed", "1", "--answer", "301.8 ms", "--json"),
    ("check", "kv-cache", "--seed", "5", "--answer", "3 GiB"),
    ("check", "kv-cache", "--seed", "5", "--answer", "lots"),
    ("show", "kv-cache", "--seed", "5", "--json"),
    ("show", "amdahl", "--seed", "3", "--hint"),
    ("check", "kv-cache", "--seed", "5", "--answer", "3 GB", "--level", "senior"),
]


def test_kept_template_gives_the_full_loads_output(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    cache = tmp_path / "cache"
    full = [_run(capsys, cache, *argv) for argv in ANSWERS]  # fills the cache and keeps the templates
    _no_full_load(monkeypatch)
    quick = [_run(capsys, cache, *argv) for argv in ANSWERS[:-1]]
    assert quick == full[:-1]
    monkeypatch.undo()
    assert _run(capsys, cache, *ANSWERS[-1]) == full[-1]  # another level: the full load's error
    assert full[-1][0] == 1 and "not senior" in full[-1][2]


def test_a_changed_template_file_means_a_full_load(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    cache, decks = tmp_path / "cache", tmp_path / "decks"
    decks.mkdir()
    mine = decks / "mine.drill.yaml"
    shutil.copy(TREE / "drills" / "templates" / "amdahl.yaml", mine)
    text = mine.read_text()
    mine.write_text(text.replace("id: amdahl", "id: my-amdahl"))
    argv = ("check", "my-amdahl", "--seed", "2", "--answer", "2x", "--json")
    first = _run(capsys, cache, *argv, decks=decks)
    assert first[0] == 0 and '"kind": "my-amdahl"' in first[1]
    mine.write_text(text.replace("id: amdahl", "id: my-amdahl").replace("title:", "title: New"))
    calls: list[object] = []  # the full load is taken again: count it
    loader = drill_commands.templates_for
    monkeypatch.setattr(drill_commands, "templates_for", lambda *a, **k: calls.append(1) or loader(*a, **k))
    assert _run(capsys, cache, *argv, decks=decks) == first
    assert calls == [1]
    _no_full_load(monkeypatch)  # ...and the kept template is the new one
    assert _run(capsys, cache, *argv, decks=decks) == first
    (decks / "other.drill.yaml").write_text("id: broken\n")  # a new, broken file: warned about
    monkeypatch.undo()
    code, out, err = _run(capsys, cache, *argv, decks=decks)
    assert (code, out) == first[:2] and "warning: template" in err and "other.drill.yaml" in err


HEAVY = "print(sorted({m.split('.')[0] for m in sys.modules} & {'pydantic', 'yaml', 'pint', 'sympy'}))"


def test_a_drill_check_process_imports_no_schema_yaml_or_pint(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from tui.cli import main as cli_main

    argv = ["drill", "check", "allreduce-time", "--seed", "1", "--answer", "1 s"]
    monkeypatch.setenv("FLOPCARDS_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("FLOPCARDS_DB", str(tmp_path / "db.sqlite3"))
    monkeypatch.setenv("FLOPCARDS_HOME", str(tmp_path / "home"))
    assert cli_main(argv) == 0  # fills the cache as a first check does
    expected = capsys.readouterr().out
    code = f"import sys; from tui.cli import main; main(sys.argv[1:]); {HEAVY}"
    # not from the source tree: `-c` puts the working folder first on sys.path, and under CI (the
    # installed package) the tree's copy would read other template paths than the cache was kept for
    done = subprocess.run(
        [sys.executable, "-c", code, *argv], cwd=tmp_path, capture_output=True, text=True, check=True
    )
    assert done.stdout == expected + "[]\n", done.stderr
