"""The first open of a day on screen: grades are saved while the day's backup copy runs, and a file
the day's check finds damaged is named in a notice, its grades refused, the app still running."""

from __future__ import annotations

import threading
from dataclasses import replace
from datetime import timedelta
from pathlib import Path

from engine.app.daily import check_today
from tests.store.test_damage import _filled, _zero_a_leaf_of

from .conftest import wait_until
from .fault_review import grade, open_review, said


async def test_grades_are_saved_while_the_days_copy_is_being_made(make_app, db_path: Path) -> None:
    held, release = threading.Event(), threading.Event()

    def hold() -> None:
        held.set()
        release.wait(120)

    app = make_app(backup_days=3)
    app.config = replace(app.config, before_daily_copy=hold)
    copies = db_path.parent / "backups"
    try:
        async with app.run_test(size=(120, 40), notifications=True) as pilot:
            review = await open_review(pilot)
            await wait_until(pilot, held.is_set, "the day's check to reach its copy", 60)
            assert [await grade(pilot, review) for _ in range(2)] == [True, True]  # saved meanwhile
            assert not copies.exists()
            release.set()
            await wait_until(pilot, lambda: copies.is_dir() and any(copies.glob("*.db")), "the copy", 60)
            assert "damaged" not in said(app)
    finally:
        release.set()


async def test_a_file_found_damaged_after_the_home_shows_is_named_and_its_grades_refused(
    make_app, db_path: Path, clock
) -> None:
    _filled(db_path)
    assert check_today(str(db_path), 3, clock.now - timedelta(days=1)) is None  # yesterday's good copy
    (good,) = (db_path.parent / "backups").iterdir()
    _zero_a_leaf_of(db_path, "review_log")
    app = make_app(backup_days=3)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await wait_until(pilot, lambda: "db recover" in said(app), "the day's check notice", 60)
        text = said(app)
        assert "flopcards.db is damaged" in text and "Backups:" in text and "db recover" in text
        assert app.return_code is None  # still running: the user reads the notice, quits, recovers
        # (every later write is refused: tests/store/test_daily_check.py)
    assert [p.name for p in (db_path.parent / "backups").iterdir()] == [good.name]
