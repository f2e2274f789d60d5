"""SQLite faults while a review runs: disk full, busy past the timeout, read-only, folder moved away.
Each: the exact notice on screen, the grade kept on screen and saved once the fault is gone, the app
still running, and every answer the screen showed as saved in the file."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from .conftest import wait_until
from .fault_review import grade, open_review, said


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """The database in a folder of its own (one test moves that folder away)."""
    (tmp_path / "home").mkdir()
    return tmp_path / "home" / "flopcards.db"


def logged(path: Path) -> int:
    with sqlite3.connect(path) as conn:
        return int(conn.execute("SELECT count(*) FROM review_log").fetchone()[0])


def on_new_connections(app: Any, pragma: str) -> Callable[[], None]:
    """Every connection the app opens from now on runs `pragma` (the pool is emptied); returns
    the undo."""
    engine = app.services.store.engine

    def run(dbapi: Any, _record: Any) -> None:
        dbapi.execute(pragma)

    sa.event.listen(engine, "connect", run)
    engine.dispose()

    def lift() -> None:
        sa.event.remove(engine, "connect", run)
        engine.dispose()

    return lift


async def test_disk_full_keeps_the_grade_on_screen_and_saves_it_once_there_is_room(
    make_app, db_path: Path
) -> None:
    app = make_app()
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        review = await open_review(pilot)
        saved = sum([await grade(pilot, review) for _ in range(2)])
        pages = sqlite3.connect(db_path).execute("PRAGMA page_count").fetchone()[0]
        lift = on_new_connections(app, f"PRAGMA max_page_count={pages}")  # no page more: full
        for _ in range(200):
            if not await grade(pilot, review):
                break
            saved += 1
        else:
            pytest.fail("the database never filled up")
        text = said(app)
        assert "Grade 2 not saved: the disk holding the database is full." in text
        assert "Grade 2 was not saved — press 2 or space to try again." in text
        assert "Traceback" not in text and app.is_running and review.revealed
        assert logged(db_path) == saved
        lift()
        assert await grade(pilot, review, "space")  # the grade kept on screen, saved now
        assert logged(db_path) == saved + 1
    assert app.return_code in (None, 0)


async def test_busy_past_the_timeout_shows_saving_then_the_notice_and_never_freezes(
    make_app, db_path: Path, writes_pending: None
) -> None:
    app = make_app()
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        review = await open_review(pilot)
        assert await grade(pilot, review)
        # the app's 5 s wait per attempt, 8 attempts, cut to 0.3 s each: the same path, in seconds
        on_new_connections(app, "PRAGMA busy_timeout=300")
        holder = sqlite3.connect(db_path, isolation_level=None, check_same_thread=False)
        holder.execute("BEGIN IMMEDIATE")  # another program holds the write lock
        await pilot.press("space", "2")
        await wait_until(pilot, lambda: "saving grade 2…" in said(app), "the pending save to show")
        started = asyncio.get_running_loop().time()
        await pilot.press("question_mark")  # the screen answers keys while the write waits
        await wait_until(pilot, lambda: "Keys" in said(app), "the keys screen", 10)
        assert asyncio.get_running_loop().time() - started < 10
        await pilot.press("escape")
        await wait_until(pilot, lambda: review.saving is None, "the busy write to give up", 120)
        notice = "Grade 2 not saved: the database stayed busy (another program or device is writing)."
        await wait_until(pilot, lambda: notice in said(app), "the notice (its toast is mounted frames later)")
        assert review.revealed and review.session.done == 1
        threading.Thread(target=holder.rollback).start()
        assert await grade(pilot, review, "space")
        holder.close()
        assert logged(db_path) == 2


async def test_read_only_database_keeps_the_grade_and_saves_it_when_writable_again(
    make_app, db_path: Path
) -> None:
    app = make_app()
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        review = await open_review(pilot)
        assert await grade(pilot, review)
        # as a read-only file opens (chmod does not stop root, which the suite may run as)
        lift = on_new_connections(app, "PRAGMA query_only=ON")
        assert not await grade(pilot, review)
        text = said(app)
        assert "Grade 2 not saved: the database cannot be written (read-only file, folder or server)." in text
        assert logged(db_path) == 1
        lift()
        assert await grade(pilot, review, "space")
        assert logged(db_path) == 2


async def test_folder_moved_away_is_refused_not_written_into_and_saved_once_back(
    make_app, db_path: Path
) -> None:
    app = make_app()
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        review = await open_review(pilot)
        assert await grade(pilot, review) and await grade(pilot, review)
        folder, away = db_path.parent, db_path.parent.with_name("moved")
        folder.rename(away)
        assert not await grade(pilot, review)
        text = said(app)
        notice = f"Grade 2 not saved: the database file {db_path} was moved or removed while flopcards ran."
        assert notice.replace(" ", "") in text.replace(" ", "")  # the long path wraps anywhere
        assert logged(away / db_path.name) == 2  # nothing written into the moved file
        away.rename(folder)
        assert await grade(pilot, review, "space")
        assert logged(db_path) == 3


def attempts(path: Path) -> int:
    with sqlite3.connect(path) as conn:
        return int(conn.execute("SELECT count(*) FROM drill_attempt").fetchone()[0])


async def test_a_drill_attempt_the_store_refused_is_kept_and_saved_with_the_next(
    make_app, db_path: Path, drill_opener
) -> None:
    app = make_app()
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        drill = await drill_opener(pilot, amount="3")
        lift = on_new_connections(app, "PRAGMA query_only=ON")
        await pilot.press("ctrl+g")  # give up: an attempt, graded 0, the solution shown at once
        await wait_until(pilot, lambda: app._notifications, "the notice")
        await pilot.pause()
        reason = "the database cannot be written (read-only file, folder or server)"
        assert f"Attempt not saved (kept: saved again with the next one): {reason}." in said(app)
        assert drill.saves.waiting and attempts(db_path) == 0
        lift()
        await pilot.press("enter", "ctrl+g")  # the next drill, given up too: both are saved now
        await wait_until(pilot, lambda: not drill.saves.waiting, "both attempts to be saved")
        assert attempts(db_path) == 2


async def test_undo_and_suspend_refused_by_the_store_change_nothing_and_say_so(
    make_app, db_path: Path
) -> None:
    app = make_app()
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        review = await open_review(pilot)
        assert await grade(pilot, review)
        key = review.card_key
        lift = on_new_connections(app, "PRAGMA query_only=ON")
        reason = "the database cannot be written (read-only file, folder or server)"
        await pilot.press("u")
        await wait_until(pilot, lambda: review.saving is None and app._notifications, "the undo to fail")
        await pilot.pause()
        assert f"Cannot undo: {reason}." in said(app)
        assert review.session.done == 1 and review.card_key == key and logged(db_path) == 1
        app.clear_notifications()
        await pilot.press("exclamation_mark")
        await wait_until(pilot, lambda: review.saving is None and app._notifications, "the suspend to fail")
        await pilot.pause()
        assert f"Not changed: {reason}." in said(app)
        assert review.card_key == key
        lift()
        await pilot.press("u")
        await wait_until(pilot, lambda: review.session.done == 0, "the undo")
        assert logged(db_path) == 0


async def test_an_exam_result_the_store_refused_is_still_shown_and_the_notice_says_so(
    make_app, db_path: Path
) -> None:
    from tui.screens.exam import ExamScreen
    from tui.screens.exam_result import ExamResultScreen
    from tui.services import Services

    app = make_app()
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await asyncio.wait_for(app.loaded.wait(), 60)
        services: Services = app.services
        from cards.exam import ExamSession

        loaded = services.collection.deck("basics")
        assert loaded is not None
        await app.push_screen(ExamScreen(services, ExamSession.start(loaded.deck)))
        await pilot.pause()
        lift = on_new_connections(app, "PRAGMA query_only=ON")
        await pilot.press("enter")  # nothing typed: the answer shows
        await wait_until(pilot, lambda: app.screen.revealed, "the answer")
        await pilot.press("r", "escape")  # one marked right, then stop: the result is stored
        await wait_until(pilot, lambda: isinstance(app.screen, ExamResultScreen), "the result screen")
        await pilot.pause()
        reason = "the database cannot be written (read-only file, folder or server)"
        assert f"Exam result not saved: {reason}." in said(app)
        lift()
        with sqlite3.connect(db_path) as conn:
            assert conn.execute("SELECT count(*) FROM exam_result").fetchone()[0] == 0
