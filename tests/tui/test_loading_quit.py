"""The loading screen can always be left, and a deck over its load-time budget is skipped, named on screen."""

from __future__ import annotations

import pytest
from textual.widgets import Static

import cards.loader


@pytest.mark.parametrize("key", ["q", "ctrl+q", "ctrl+c"])
async def test_quit_while_decks_load(make_app, held_load, key: str) -> None:
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert "Opening your decks" in str(app.screen.query_one("#totals", Static).render())
        await pilot.press(key)
        await pilot.pause()
        assert not app.is_running
        held_load.set()  # the load goes on behind the closed app, which must not wait for it


async def test_deck_over_its_time_budget_is_skipped_and_named(
    make_app, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cards.loader, "LOAD_SECONDS", 0.0)
    monkeypatch.setattr(cards.loader, "LOAD_SECONDS_PER_MB", 0.0)
    app = make_app()
    async with app.run_test(size=(120, 30)) as pilot:
        await app.loaded.wait()
        await pilot.pause()
        banner = str(app.screen.query_one("#banner", Static).render())
        assert "took longer than 0 s to load; skipped" in banner and ".yaml" in banner


async def test_settings_problem_is_named_as_one(make_app) -> None:
    from dataclasses import replace

    from engine.problems import Problem

    app = make_app()
    app.config = replace(app.config, settings_problems=(Problem("s.toml", 2, None, "'x' is bad"),))
    async with app.run_test(size=(120, 30)) as pilot:
        await app.loaded.wait()
        await pilot.pause()
        banner = str(app.screen.query_one("#banner", Static).render())
        assert banner.startswith("Settings file problem: s.toml:2: error: 'x' is bad")
        assert "validate --settings" in banner


async def test_app_opens_over_hostile_deck_files(make_app, tmp_path) -> None:
    (tmp_path / "cycle.yaml").write_text("id: y\ncards: &a [*a]\n", encoding="utf-8")
    (tmp_path / "cycle.drill.yaml").write_text("id: x\nparams: &a [*a]\n", encoding="utf-8")
    template = (cards.loader.Path(__file__).parents[2] / "drills" / "templates" / "amdahl.yaml").read_text()
    many = "".join(f"  p{i}: {{range: [0, 100000], step: 1}}\n" for i in range(1000))
    (tmp_path / "many.drill.yaml").write_text(template.replace("params:\n", "params:\n" + many))
    nan = template.replace("choice: [0.5, 1, 2, 3, 5, 10, 20]", "range: [.nan, .nan], step: 1")
    (tmp_path / "nan.drill.yaml").write_text(nan)
    app = make_app(tmp_path)
    async with app.run_test(size=(160, 30)) as pilot:
        await app.loaded.wait()
        await pilot.pause()
        banner = str(app.screen.query_one("#banner", Static).render())
        assert "cycle.yaml:2:8: error: a YAML alias refers to a node that contains it" in banner
