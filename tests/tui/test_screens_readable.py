"""What a person sees: every modal shows its text, and at 80x24 and 120x40 nothing needed is off-screen."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from tui.screens.drill_summary import DrillSummaryScreen
from tui.screens.help import HelpScreen
from tui.screens.home import HomeScreen
from tui.screens.review import ReviewScreen
from tui.screens.summary import SummaryScreen

DATA = Path(__file__).parent.parent / "data"
SIZES = pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])


async def loaded(pilot) -> None:
    await asyncio.wait_for(pilot.app.loaded.wait(), 30)
    for _ in range(3):
        await pilot.pause(0.02)


async def answered_drill(pilot, drill_opener, until, *, factor: float) -> None:
    """One kv-cache drill answered with `factor` times the right value (1.5: wrong by 50%)."""
    screen = await drill_opener(pilot, amount="1")
    drill = screen.drill
    await pilot.press(*f"{drill.expected * factor:.6g} {drill.unit}", "enter")
    await until(pilot, lambda: screen.phase == "answered", "the verdict")


@SIZES
async def test_help_lists_the_keys_of_the_screen_below_and_the_review_summary_the_counts(
    make_app, seen, size
) -> None:
    """Home's keys, the review's keys; then (the same run: back home) a review's summary."""
    app = make_app()
    async with app.run_test(size=size) as pilot:
        await loaded(pilot)
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        text = seen(app)
        expected = (
            "Keys · Home",
            "enter     Review",
            "a         Study ahead",
            "?         Keys",
            "q         Quit",
            "home/end  First/last deck",
            "esc closes",
        )
        for line in expected:
            assert line in text, text
        assert "ctrl+q/ctrl+c quit" in text, text
        await pilot.press("escape", "enter", "space", "question_mark")
        text = seen(app)
        assert "Keys · Review" in text and "u/ctrl+z" in text and "Undo" in text and "0-5" in text, text

        await pilot.press("escape", "escape")  # the help, then the review (nothing graded): home
        assert isinstance(app.screen, HomeScreen)
        await pilot.press("down", "down", "enter")  # Serving: one card
        await pilot.press("space", "2", "space", "5")  # failed, back the same day, then passed
        assert isinstance(app.screen, SummaryScreen)
        text = seen(app)
        assert "Session done" in text
        assert "2 answers (1 new card)" in text, text
        assert "2 barely: 1, 5 perfectly: 1" in text, text


@SIZES
async def test_drill_summary_shows_the_counts(make_app, seen, drill_opener, until, size) -> None:
    app = make_app(drill_seconds=120)
    async with app.run_test(size=size) as pilot:
        await answered_drill(pilot, drill_opener, until, factor=1.0)
        # a right answer moves on at once: the one-drill session ends without another key
        await until(pilot, lambda: isinstance(app.screen, DrillSummaryScreen), "the summary")
        text = seen(app)
        assert "Drill session done" in text
        assert "Score 1  ·  accuracy 100% (1 of 1)" in text and "kv-cache" in text, text


@SIZES
async def test_home_always_shows_the_counts(make_app, seen, size) -> None:
    app = make_app(DATA / "decks", DATA / "long_title")
    async with app.run_test(size=size) as pilot:
        await loaded(pilot)
        lines = seen(app).splitlines()
        header = next(line for line in lines if "Deck" in line)
        assert header.split()[-3:] == ["Due", "New", "Cards"]
        long_row = next(line for line in lines if "Tensor, pipeline" in line)
        assert "…" in long_row and long_row.split()[-3:] == ["0", "1", "1"], long_row
        assert "Today: 0 answers  ·  reviews 0 of 200 a day  ·  new cards 0 of 20 a day" in seen(app)
        assert "? Keys" in lines[-1], "the way to every other key stays in the footer"


@SIZES
async def test_drill_verdict_and_solution_scroll_into_view(make_app, seen, drill_opener, until, size) -> None:
    app = make_app(drill_seconds=120)
    async with app.run_test(size=size) as pilot:
        await answered_drill(pilot, drill_opener, until, factor=1.5)
        await pilot.pause(0.05)
        text = seen(app)
        assert "WRONG" in text and "relative error 50%" in text, text
        assert "Solution:" in text and "Whole batch" in text, text


async def test_enter_while_opening_starts_the_review_once_open(make_app, seen, held_load, until) -> None:
    release = held_load
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.1)
        assert "Opening your decks…" in seen(app)
        assert "Reload" not in seen(app).splitlines()[-1], "nothing to reload yet"
        await pilot.press("enter")
        assert "Opening your decks… the review starts once they are open." in seen(app)
        release.set()
        await until(pilot, lambda: isinstance(app.screen, ReviewScreen), "the queued review")
        await until(pilot, lambda: "How many bytes per parameter" in seen(app), "its first card drawn")
        await pilot.press("escape")
        assert "r Reload decks" in seen(app).splitlines()[-1]


async def test_page_keys_scroll_the_drill_while_typing(make_app, seen, drill_opener) -> None:
    app = make_app(drill_seconds=120)
    async with app.run_test(size=(80, 24)) as pilot:
        await drill_opener(pilot, amount="1")
        assert "GB = 10^9 bytes" not in seen(app), "below the fold at 80x24"
        assert "pgup/pgdn Scroll" in seen(app).splitlines()[-1]
        assert "f1 Keys" in seen(app).splitlines()[-1], "the key bar's last key fits at 80 columns"
        await pilot.press("pagedown")
        await pilot.pause(0.05)
        assert "GB = 10^9 bytes" in seen(app)
        assert app.screen.query_one("#drill-answer").value == ""


async def test_home_fits_the_counts_after_a_resize(make_app, seen) -> None:
    app = make_app(DATA / "decks", DATA / "long_title")
    async with app.run_test(size=(160, 30)) as pilot:
        await loaded(pilot)
        assert "with every collective and what it costs on the wire" in seen(app)
        await pilot.resize_terminal(80, 24)
        await pilot.pause(0.1)
        long_row = next(line for line in seen(app).splitlines() if "Tensor, pipeline" in line)
        assert "…" in long_row and long_row.split()[-3:] == ["0", "1", "1"], long_row
