"""In the app: a broken user deck is skipped with a banner, the good one studied; fixing the file on
disk and pressing `r` brings its cards in without a restart."""

from __future__ import annotations

import asyncio
import shutil
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

from textual.widgets import DataTable, Static

from engine.settings import Settings
from engine.studyday import StudyClock
from tests.tui.conftest import wait_until
from tui.app import FlopcardsApp
from tui.config import AppConfig
from tui.screens.home import HomeScreen
from tui.screens.review import ReviewScreen
from tui.screens.summary import SummaryScreen

DATA = Path(__file__).parents[1] / "data"
NOW = datetime(2026, 3, 2, 15, 0, tzinfo=UTC)
BROKEN = """\
id: extra
title: Extra cards
cards:
  - id: gib
    front: Bytes in a GiB?
    bakc: 2^30 = 1,073,741,824 bytes.
    tags: [Units]
"""


def build_app(db: Path, decks: Path) -> FlopcardsApp:
    steps = iter(range(1, 10_000))
    config = AppConfig(
        settings=Settings(db=str(db), deck_dirs=(decks,)),
        include_bundled=False,
        now=lambda: NOW,
        clock=StudyClock(day_start_hour=4, tz=UTC),
        monotonic=lambda: float(next(steps)),
    )
    return FlopcardsApp(config)


def rows(home: HomeScreen) -> list[list[object]]:
    table = home.query_one("#decks", DataTable)
    return [table.get_row_at(i) for i in range(table.row_count)]


def row_of(home: HomeScreen, title: str) -> int:
    return [r[0] for r in rows(home)].index(title)


async def test_broken_deck_banner_study_fix_and_reload(tmp_path: Path) -> None:
    decks = tmp_path / "decks"
    decks.mkdir()
    shutil.copy(DATA / "decks" / "basics.yaml", decks / "basics.yaml")
    broken = decks / "extra.yaml"
    broken.write_text(BROKEN, encoding="utf-8")
    db = tmp_path / "study.db"
    app = build_app(db, decks)
    async with app.run_test(size=(120, 30)) as pilot:
        await asyncio.wait_for(app.loaded.wait(), 30)
        await pilot.pause()
        home = app.screen
        assert isinstance(home, HomeScreen)
        banner = home.query_one("#banner", Static)
        assert banner.display
        assert f"{broken}:6:5: error: unknown key 'bakc' (did you mean 'back'?)" in str(banner.render())
        titles = [r[0] for r in rows(home)]
        assert "Basics" in titles and "Extra cards" not in titles

        await pilot.press(*["down"] * row_of(home, "Basics"), "enter")  # study the good deck to the end
        review = app.screen
        assert isinstance(review, ReviewScreen)
        for _ in range(3):
            assert review.card_key.startswith("basics/")
            await pilot.press("space", "5")
        # the last grade is saved, then the summary pushed: on a busy machine after the key's idle
        await wait_until(pilot, lambda: isinstance(app.screen, SummaryScreen), "the summary")
        await pilot.press("enter")
        assert app.screen is home

        broken.write_text(BROKEN.replace("bakc:", "back:"), encoding="utf-8")
        await pilot.press("r")
        await app.workers.wait_for_complete()  # decks are re-read in a worker
        await pilot.pause()
        assert not banner.display
        extra = row_of(home, "Extra cards")
        assert rows(home)[extra][1:] == [0, 1, 1]  # nothing due, one new card, one card

        home.query_one("#decks", DataTable).move_cursor(row=0)
        await pilot.press(*["down"] * extra, "enter")
        assert isinstance(app.screen, ReviewScreen)
        assert app.screen.card_key == "extra/gib"
        await pilot.press("space", "4")

    with sqlite3.connect(db) as conn:
        keys = [k for (k,) in conn.execute("SELECT card_key FROM review_log ORDER BY id")]
    assert keys[:3] == ["basics/adam-bytes", "basics/ring-cost", "basics/bubble"]
    assert keys[3:] == ["extra/gib"]
