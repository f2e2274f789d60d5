"""Pilot test of a sprint: auto-advance on a right answer, give-up, again, the session clock, summary."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from textual.widgets import Input, Static

from tests.tui.test_drill_session import ManualTimer, drill_app, open_setup, until
from tui.screens.drill import DrillScreen
from tui.screens.drill_summary import DrillSummaryScreen


def text(screen, selector: str) -> str:
    return str(screen.query_one(selector, Static).render())


async def test_sprint(make_app, db_path: Path) -> None:
    timer = ManualTimer()
    app = drill_app(make_app, timer)
    async with app.run_test(size=(110, 40)) as pilot:
        setup = await open_setup(pilot, (), "5", seed=3)
        setup.query_one("#drill-limit", Input).value = "45"
        await pilot.press("ctrl+t")
        screen = app.screen
        assert isinstance(screen, DrillScreen)
        assert screen.sitting.plan.budget_seconds == 120 and screen.sitting.plan.mixed
        assert "0:45" in text(screen, "#drill-clock")
        assert "session 2:00 left" in text(screen, "#drill-score")

        first = screen.drill
        timer.advance(10)
        await pilot.press(*f"{first.expected:.6g} {first.unit}".rstrip(), "enter")
        await until(pilot, lambda: screen.drill is not first, "auto-advance after a right answer")
        assert screen.phase == "asking"  # no second enter needed
        assert "✓ Correct" in text(screen, "#drill-flash")
        assert "score 1  ·  streak 1" in text(screen, "#drill-score")

        second = screen.drill
        timer.advance(5)
        await pilot.press("ctrl+g")
        assert screen.phase == "answered"
        assert "GAVE UP" in text(screen, "#drill-verdict") and "grade 0" in text(screen, "#drill-verdict")
        assert "Solution:" in screen.query_one("#drill-solution", Static).content.markup
        assert "score 1  ·  streak 0" in text(screen, "#drill-score")

        timer.advance(80)  # reading the solution: 95 s into the sprint, 25 s left
        await pilot.press("a")  # again, new numbers
        third = screen.drill
        assert third.kind == second.kind and third.seed != second.seed
        assert "0:25" in text(screen, "#drill-clock")  # capped at the session's time left
        assert "session 0:25 left" in text(screen, "#drill-score")
        timer.advance(30)
        await until(pilot, lambda: isinstance(app.screen, DrillSummaryScreen), "the sprint to end")
        summary = text(app.screen, "#drill-summary-text")
        assert "Score 1  ·  accuracy 50% (1 of 2)" in summary and "1 given up" in summary
        assert f"{first.kind}" in summary and "10.0 s" in summary
        assert f"{second.kind}" in summary and "0/1" in summary
    with sqlite3.connect(db_path) as conn:
        query = "SELECT kind, seed, grade, gave_up, timed_out FROM drill_attempt ORDER BY id"
        rows = conn.execute(query).fetchall()
    # the third drill was on screen when the sprint ended: not answered, so not graded
    assert rows == [(first.kind, first.seed, 5, 0, 0), (second.kind, second.seed, 0, 1, 0)]


async def test_hint_costs_a_grade_step_and_measured_lines_show(make_app, db_path: Path) -> None:
    timer = ManualTimer()
    app = drill_app(make_app, timer)
    async with app.run_test(size=(110, 40)) as pilot:
        setup = await open_setup(pilot, ("kv-cache",), "2", seed=3)
        await pilot.press("enter")
        screen = app.screen
        assert isinstance(screen, DrillScreen)
        drill = screen.drill
        await pilot.press("ctrl+o")
        assert f"Hint (costs one grade step): {drill.hint}" in text(screen, "#drill-hint")
        timer.advance(3)
        await pilot.press(*f"{drill.expected:.6g} GB", "enter")
        await until(pilot, lambda: screen.drill is not drill, "auto-advance")
        assert "(grade 4)" in text(screen, "#drill-flash")  # 5 for a fast right answer, less the hint
        assert setup is not None
    with sqlite3.connect(db_path) as conn:
        assert conn.execute("SELECT grade, hinted FROM drill_attempt").fetchall() == [(4, 1)]


def test_measured_lines_join_the_worked_solution() -> None:
    from drills.generator import generate
    from drills.present import solution_markdown

    setup = {"model": "llama-3-8b", "seq": 8192, "dtype": "BF16", "batch": 1}
    drill = generate("kv-cache", 1, overrides=setup)
    assert drill.measured and "H100" in drill.measured[0]
    assert f"Reality check: {drill.measured[0]}" in solution_markdown(drill)


async def test_sprint_accepts_a_right_answer_as_typed_and_waits_for_enter_on_a_wrong_one(
    make_app, db_path: Path
) -> None:
    timer = ManualTimer()
    app = drill_app(make_app, timer)
    async with app.run_test(size=(110, 40)) as pilot:
        await open_setup(pilot, (), "5", seed=3)
        await pilot.press("ctrl+t")
        screen = app.screen
        assert isinstance(screen, DrillScreen) and screen.sitting.auto_accept
        first = screen.drill
        await pilot.press(*f"{first.expected:.6g}")  # no Enter
        timer.advance(1)  # typing paused
        await until(pilot, lambda: screen.drill is not first, "the right answer accepted without Enter")
        assert "✓ Correct" in text(screen, "#drill-flash")
        assert "score 1  ·  streak 1" in text(screen, "#drill-score")

        second = screen.drill
        await pilot.press(*f"{second.expected * 3:.6g}")
        timer.advance(1)
        await pilot.pause(0.6)  # ticks pass: a wrong answer is not acted on unasked
        assert screen.drill is second and screen.phase == "asking"
        assert text(screen, "#drill-verdict") == ""
        await pilot.press("enter")
        await until(pilot, lambda: screen.phase == "answered", "the wrong answer checked on Enter")
        assert "Solution:" in screen.query_one("#drill-solution", Static).content.markup
        assert "score 1  ·  streak 0" in text(screen, "#drill-score")


async def test_outside_sprints_enter_is_needed_unless_set(make_app, db_path: Path) -> None:
    timer = ManualTimer()
    app = drill_app(make_app, timer)
    async with app.run_test(size=(110, 40)) as pilot:
        await open_setup(pilot, ("kv-cache",), "2", seed=3)
        await pilot.press("enter")
        screen = app.screen
        assert isinstance(screen, DrillScreen) and not screen.sitting.auto_accept
        drill = screen.drill
        await pilot.press(*f"{drill.expected:.6g} GB")
        timer.advance(1)
        await pilot.pause(0.6)
        assert screen.drill is drill and screen.phase == "asking"


async def test_the_setting_accepts_as_typed_outside_sprints(make_app, db_path: Path) -> None:
    import dataclasses

    timer = ManualTimer()
    app = make_app(drill_seconds=60, drill_auto_accept=True)
    app.config = dataclasses.replace(app.config, monotonic=timer)
    async with app.run_test(size=(110, 40)) as pilot:
        await open_setup(pilot, ("kv-cache",), "2", seed=3)
        await pilot.press("enter")
        screen = app.screen
        assert isinstance(screen, DrillScreen) and screen.sitting.auto_accept
        drill = screen.drill
        await pilot.press(*f"{drill.expected:.6g} GB")
        timer.advance(1)
        await until(pilot, lambda: screen.drill is not drill, "the right answer accepted without Enter")
        assert "✓ Correct" in text(screen, "#drill-flash")


def test_the_settings_file_turns_auto_accept_on(tmp_path: Path) -> None:
    from engine.settings import load_settings

    path = tmp_path / "settings.toml"
    path.write_text("drill_auto_accept = true\n", encoding="utf-8")
    assert load_settings(path) == (load_settings(path)[0], []) and load_settings(path)[0].drill_auto_accept
    path.write_text('drill_auto_accept = "yes"\n', encoding="utf-8")
    settings, problems = load_settings(path)
    assert not settings.drill_auto_accept and "true or false" in problems[0].message
