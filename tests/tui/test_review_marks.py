"""Review keys from Anki: ! suspends, - buries until tomorrow, f flags, u takes each back; the 8th
lapse shows a leech notice. Checked on screen and in the database file."""

from __future__ import annotations

import asyncio
import sqlite3
from datetime import UTC
from pathlib import Path

from engine.app import Grade, Study, StudyItem
from engine.store.database import open_store
from engine.studyday import StudyClock
from tui.screens.help import HelpScreen
from tui.screens.review import ReviewScreen


def marks(db_path: Path) -> dict[str, tuple[int, object, int, int, int]]:
    with sqlite3.connect(db_path) as conn:
        rows = conn.execute("SELECT card_key, suspended, buried_until, flagged, leech, lapses FROM card_mark")
        return {key: tuple(rest) for key, *rest in rows}  # type: ignore[misc]


async def open_basics(pilot) -> ReviewScreen:
    await asyncio.wait_for(pilot.app.loaded.wait(), 30)
    await pilot.pause()
    await pilot.press("down", "enter")
    review = pilot.app.screen
    assert isinstance(review, ReviewScreen)
    return review


async def test_suspend_bury_flag_and_undo_on_the_review_screen(make_app, seen, until, db_path: Path) -> None:
    app = make_app()
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        review = await open_basics(pilot)
        assert review.card_key == "basics/adam-bytes"
        await pilot.press("space", "f")  # flag with the answer showing: it stays showing
        await until(pilot, lambda: "Flagged basics/adam-bytes" in seen(app), "the flag's notice")
        assert review.revealed and "⚑ flagged" in seen(app) and "Flagged basics/adam-bytes" in seen(app)
        await pilot.press("exclamation_mark")
        await until(pilot, lambda: "Suspended basics/adam-bytes" in seen(app), "the suspension's notice")
        assert review.card_key == "basics/ring-cost" and "Suspended basics/adam-bytes" in seen(app)
        await pilot.press("minus")
        await until(pilot, lambda: "Buried basics/ring-cost" in seen(app), "the burial's notice")
        assert review.card_key == "basics/bubble" and "Buried basics/ring-cost until tomorrow" in seen(app)
        assert "left 1" in seen(app)
        stored = marks(db_path)
        assert stored["basics/adam-bytes"][:1] == (1,) and stored["basics/adam-bytes"][2] == 1
        assert stored["basics/ring-cost"][1] is not None

        await pilot.press("u")  # unbury
        await until(pilot, lambda: "Undid the last mark" in seen(app), "the undo's notice")
        assert review.card_key == "basics/ring-cost" and "Undid the last mark" in seen(app)
        await pilot.press("u")  # unsuspend: flagged still
        assert review.card_key == "basics/adam-bytes" and "⚑ flagged" in seen(app)
        await pilot.press("u")  # unflag
        await pilot.pause()
        assert "⚑ flagged" not in seen(app)
        app.clear_notifications()
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = seen(app)
        assert "Suspend" in text and "Bury until tomorrow" in text and "Flag" in text
    assert {k: (s, b, f) for k, (s, b, f, _, _) in marks(db_path).items()} == {
        "basics/adam-bytes": (0, None, 0),
        "basics/ring-cost": (0, None, 0),
    }


async def test_eighth_lapse_shows_a_leech_notice(make_app, seen, until, clock, db_path: Path) -> None:
    key = "basics/adam-bytes"
    store = open_store(db_path)
    study = Study(store, [StudyItem(key, "basics")], clock=StudyClock(day_start_hour=4, tz=UTC), now=clock)
    clock.advance(days=-1)
    study.answer(key, Grade.WELL, 3.0)  # in review, due today
    study.change_mark(key, lapses=7)
    clock.advance(days=1)
    store.close()
    app = make_app()
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        review = await open_basics(pilot)
        assert review.card_key == key
        await pilot.press("space", "1")
        await until(pilot, lambda: "is a leech" in seen(app), "the leech notice")
        assert "basics/adam-bytes is a leech: failed 8 times" in seen(app)
        assert review.card_key == "basics/ring-cost"
    assert marks(db_path)[key] == (1, None, 0, 1, 8)
