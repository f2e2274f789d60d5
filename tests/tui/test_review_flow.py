"""Pilot tests of the real app: home counts, a review with three grades and an undo, the rows."""

from __future__ import annotations

import asyncio
import sqlite3
from datetime import UTC
from pathlib import Path

from textual.widgets import DataTable, Static

from tui.screens.home import HomeScreen
from tui.screens.review import ReviewScreen
from tui.screens.summary import SummaryScreen
from tui.services import load_services

DATA = Path(__file__).parent.parent / "data"


async def wait_loaded(pilot) -> HomeScreen:
    app = pilot.app
    await asyncio.wait_for(app.loaded.wait(), 30)
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, HomeScreen) and screen.loaded
    return screen


def table_rows(screen: HomeScreen) -> list[list[object]]:
    table = screen.query_one("#decks", DataTable)
    return [table.get_row_at(i) for i in range(table.row_count)]


async def test_home_lists_all_decks_first_with_due_and_new(make_app) -> None:
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        home = await wait_loaded(pilot)
        rows = table_rows(home)
        assert rows[0] == ["All decks", 0, 4, 4]
        assert rows[1:3] == [["Basics", 0, 3, 3], ["Serving", 0, 1, 1]]
        drill_title, due, new, kinds = rows[3]
        assert drill_title.startswith("Drill kinds") and (due, new) == (0, 0) and kinds >= 17
        assert "Today: 0 answers" in str(home.query_one("#totals", Static).render())


async def test_review_three_cards_undo_one_and_rows_are_stored(make_app, db_path: Path) -> None:
    app = make_app(timer_step=2.5)  # the review reads the timer only when a card shows and is graded
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_loaded(pilot)
        await pilot.press("down")  # Basics
        await pilot.press("enter")
        review = app.screen
        assert isinstance(review, ReviewScreen)
        assert review.card_key == "basics/adam-bytes"
        await pilot.press("5")  # not revealed yet: ignored
        assert review.session.done == 0
        await pilot.press("space", "5")
        assert review.card_key == "basics/ring-cost"
        await pilot.press("space", "2")
        assert review.card_key == "basics/bubble"
        await pilot.press("space", "4")
        # ring-cost was graded 2: it comes back in the same session
        assert review.card_key == "basics/ring-cost"
        await pilot.press("u")  # undo the grade 4 of 'bubble'
        assert review.card_key == "basics/bubble"
        assert review.session.done == 2
        await pilot.press("space", "3")
        assert review.card_key == "basics/ring-cost"

    with sqlite3.connect(db_path) as conn:
        log = conn.execute("SELECT card_key, grade, seconds FROM review_log ORDER BY id").fetchall()
        states = dict(conn.execute("SELECT card_key, interval_days FROM card_state").fetchall())
    assert [(k, g) for k, g, _ in log] == [
        ("basics/adam-bytes", 5),
        ("basics/ring-cost", 2),
        ("basics/bubble", 3),
    ]
    assert all(seconds > 0 for _, _, seconds in log)
    assert states == {"basics/adam-bytes": 1, "basics/ring-cost": 1, "basics/bubble": 1}


async def test_grade_labels_show_each_grades_interval(make_app) -> None:
    app = make_app()
    async with app.run_test(size=(120, 30)) as pilot:
        await wait_loaded(pilot)
        await pilot.press("enter", "space")
        bar = str(app.screen.query_one("#grades", Static).render())
        assert "0 blackout again" in bar and "3 with effort again" in bar, "back today: not '1d'"
        assert "4 well 1d" in bar and "5 perfectly 1d" in bar


async def test_session_ends_with_summary_and_home_counts_update(make_app) -> None:
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_loaded(pilot)
        await pilot.press("down", "down", "enter")  # Serving: one card
        await pilot.press("space", "5")
        assert isinstance(app.screen, SummaryScreen)
        await pilot.press("enter")
        home = app.screen
        assert isinstance(home, HomeScreen)
        rows = table_rows(home)
        assert rows[0] == ["All decks", 0, 3, 4]
        totals = str(home.query_one("#totals", Static).render())
        assert "Today: 1 answer  ·" in totals and "new cards 1 of 20 a day" in totals


def test_new_card_limit_applies(make_app) -> None:
    """What the home's rows are drawn from (its table shows them: the test above), headless."""
    services = load_services(make_app(new_per_day=2).config)
    try:
        title, counts = services.home_view().rows[0]
        assert (title, counts.due, counts.new, counts.total) == ("All decks", 0, 2, 4)
    finally:
        services.close()


async def test_typed_answer_is_checked_and_suggests_a_grade(make_app, db_path: Path) -> None:
    app = make_app(DATA / "typed")
    async with app.run_test(size=(110, 30)) as pilot:
        await wait_loaded(pilot)
        await pilot.press("enter")
        review = app.screen
        assert isinstance(review, ReviewScreen)
        await pilot.press(*"lots", "enter")
        assert "could not read that" in str(review.query_one("#verdict", Static).render())
        assert not review.revealed
        box = review.query_one("#answer")
        box.value = "1120 GB"
        await pilot.press("enter")
        assert review.revealed and review.suggested == 5
        assert "correct" in str(review.query_one("#verdict", Static).render())
        await pilot.press("enter")  # accept the suggested grade
        assert isinstance(app.screen, SummaryScreen)
    with sqlite3.connect(db_path) as conn:
        assert conn.execute("SELECT card_key, grade FROM review_log").fetchall() == [("typed/adam-70b", 5)]


async def test_due_drill_kind_is_reviewed_as_a_fresh_drill(make_app, clock) -> None:
    from drills.attempts import Attempt, record_attempt
    from drills.generator import generate
    from engine.app import Study
    from engine.store.database import open_store
    from engine.studyday import StudyClock

    app = make_app()
    store = open_store(app.config.settings.db)
    study = Study(store, clock=StudyClock(tz=UTC), now=clock)
    record_attempt(study, Attempt(generate("kv-cache", 1), "", None, 130.0, 120.0))  # timed out
    store.close()
    clock.advance(days=1)
    async with app.run_test(size=(110, 30)) as pilot:
        home = await wait_loaded(pilot)
        assert table_rows(home)[3][1] == 1  # one drill kind due
        await pilot.press("down", "down", "down", "enter")
        review = app.screen
        assert isinstance(review, ReviewScreen) and review.card_key == "drills/kv-cache"
        assert review.item is not None and review.item.prompt.check is not None
        assert "KV cache" in review.item.prompt.front
