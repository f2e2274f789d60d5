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
