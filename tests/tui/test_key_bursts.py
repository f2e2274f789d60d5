"""Fast key bursts never lose a key: keys sent together (no pause for the app between them) while
an answer is checked, a grade saved or the next card drawn are all handled, in order."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

from textual.widgets import Input

from tui.screens.drill import DrillScreen
from tui.screens.drill_summary import DrillSummaryScreen

from .bursts import burst
from .conftest import screen_text, wait_until
from .test_drill_session import ManualTimer, drill_app, open_setup
from .test_typed_keys import DECK


async def test_a_burst_over_typed_cards_grades_them_all(
    make_app, writes_pending, tmp_path: Path, db_path: Path
) -> None:
    (tmp_path / "typed2.yaml").write_text(DECK, encoding="utf-8")
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await asyncio.wait_for(app.loaded.wait(), 30)
        await pilot.pause()
        # check, accept, type the next card's answer while the grade is saved, check, accept, leave
        burst(app, "enter", "1.12 TB", "enter", "enter", "2 B", "enter", "enter")
        await wait_until(pilot, lambda: "Session done" in screen_text(app), "the summary")
        shown = screen_text(app)
        assert "Session done" in shown and "2 answers" in shown, shown
    with sqlite3.connect(db_path) as conn:
        assert conn.execute("SELECT count(*) FROM review_log").fetchone() == (2,)


PLAIN = """\
id: plain2
title: Two plain cards
cards:
  - {id: one, front: "HBM3 bandwidth of one H100 SXM?", back: "3.35 TB/s", tags: [Memory]}
  - {id: two, front: "NVLink 4 bandwidth per H100, both directions?", back: "900 GB/s", tags: [Comms]}
"""


async def test_space_and_grades_sent_while_the_next_card_loads_grade_it(
    make_app, writes_pending, tmp_path: Path, db_path: Path
) -> None:
    (tmp_path / "plain2.yaml").write_text(PLAIN, encoding="utf-8")
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await asyncio.wait_for(app.loaded.wait(), 30)
        await pilot.pause()
        burst(app, "enter", "space", "4", "space", "3")  # space and 3 sent while grade 4 is saved
        await wait_until(pilot, lambda: "done 2" in screen_text(app), "both grades saved")
        assert "done 2  ·  left 1  ·  plain2/two" in screen_text(app)  # a 3 on a new card comes back
    with sqlite3.connect(db_path) as conn:
        rows = conn.execute("SELECT card_key, grade FROM review_log ORDER BY id").fetchall()
    assert rows == [("plain2/one", 4), ("plain2/two", 3)]


async def test_a_burst_over_a_drill_session_answers_each_drill(make_app, writes_pending) -> None:
    timer = ManualTimer()
    app = drill_app(make_app, timer)
    async with app.run_test(size=(110, 40)) as pilot:
        await open_setup(pilot, ("kv-cache",), "2", seed=3)
        await pilot.press("enter")
        screen = app.screen
        assert isinstance(screen, DrillScreen)
        first = screen.drill
        # answer, next, give up the second while it is drawn, next: the session ends
        burst(app, f"{first.expected:.6g} GB", "enter", "enter", "ctrl+g", "enter")
        await wait_until(pilot, lambda: "accuracy" in screen_text(app), "the summary", 30)
        assert isinstance(app.screen, DrillSummaryScreen)
        shown = screen_text(app)
        assert "accuracy 50% (1 of 2)" in shown and "1 given up" in shown, shown


async def test_a_burst_in_a_sprint_gives_up_the_next_drill_not_the_first(make_app, writes_pending) -> None:
    timer = ManualTimer()
    app = drill_app(make_app, timer)
    async with app.run_test(size=(110, 40)) as pilot:
        setup = await open_setup(pilot, (), "5", seed=3)
        setup.query_one("#drill-limit", Input).value = "45"
        await pilot.press("ctrl+t")
        screen = app.screen
        assert isinstance(screen, DrillScreen)
        first = screen.drill
        burst(app, f"{first.expected:.6g}", "enter", "ctrl+g")  # right: moves on; the next one given up
        await wait_until(pilot, lambda: "GAVE UP" in screen_text(app), "the second drill given up", 30)
        shown = screen_text(app)
        assert "score 1  ·  streak 0" in shown and "GAVE UP" in shown, shown
        assert screen.drill is not first
