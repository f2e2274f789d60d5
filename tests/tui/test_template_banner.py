"""A broken or too-slow user drill template is skipped and named (file:line) on the home screen's banner."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from textual.widgets import Static

import drills.loader
from drills.loader import load_templates
from engine import budget

ROOT = Path(__file__).parents[2]
AMDAHL = ROOT / "drills" / "templates" / "amdahl.yaml"


def _deck_dir(tmp_path: Path) -> Path:
    shutil.copy(ROOT / "tests" / "data" / "decks" / "basics.yaml", tmp_path / "basics.yaml")
    return tmp_path


async def _banner(app) -> str:
    async with app.run_test(size=(160, 30)) as pilot:
        await app.loaded.wait()
        await pilot.pause()
        return str(app.screen.query_one("#banner", Static).render())


async def test_broken_template_is_named_with_its_line(make_app, tmp_path: Path) -> None:
    broken = _deck_dir(tmp_path) / "mine.drill.yaml"
    text = AMDAHL.read_text().replace("id: amdahl", "id: my-amdahl").replace("topic:", "topci:")
    broken.write_text(text, encoding="utf-8")
    banner = await _banner(make_app(tmp_path))
    assert banner.startswith(f"Skipped a drill template with problems: {broken}:4:1: error:")
    assert "topci" in banner


async def test_template_over_its_time_budget_is_skipped_and_named(
    make_app, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    slow = _deck_dir(tmp_path) / "slow.drill.yaml"
    slow.write_text(AMDAHL.read_text().replace("id: amdahl", "id: slow-amdahl"), encoding="utf-8")
    monkeypatch.setattr(drills.loader, "LOAD_SECONDS", 0.0)
    banner = await _banner(make_app(tmp_path))
    assert banner.startswith("Skipped a drill template with problems: ")
    assert "took longer than 0 s to load; skipped (run `flopcards validate` on it)" in banner


def test_only_the_slow_file_is_skipped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    slow = tmp_path / "slow.drill.yaml"
    slow.write_text(AMDAHL.read_text().replace("id: amdahl", "id: slow-amdahl"), encoding="utf-8")
    monkeypatch.setattr(drills.loader, "LOAD_SECONDS", budget.LOAD_SECONDS)  # the app's, as users see it
    real = drills.loader._load_file

    def stalls(path: Path, *args: object) -> object:
        if path == slow:  # as a compile would that runs past the file's budget
            with budget.time_limit(-1.0):
                budget.check_time()
        return real(path, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(drills.loader, "_load_file", stalls)
    loaded = load_templates(deck_dirs=[tmp_path])
    assert "slow-amdahl" not in loaded.templates and "amdahl" in loaded.templates
    assert [str(p) for p in loaded.problems] == [
        f"{slow}:1: error: took longer than 3 s to load; skipped (run `flopcards validate` on it)"
    ]
