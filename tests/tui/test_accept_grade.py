"""Anki's habit: once the answer shows, space or enter accepts the suggested grade (4, or the typed
verdict's); the grade bar says which, and the stored grade is that one."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

from tui.screens.review import ReviewScreen

TYPED = """\
id: typed1
title: One typed card
cards:
  - id: one
    front: Bytes per BF16 value?
    back: "**2 B**"
    tags: [Memory]
    answer: {value: 2, unit: B}
    rubric: [16 bits, 2 bytes, a byte is 8 bits]
"""
"""A rubric too: its checked typed answer grades it (no checklist), so space accepts as the bar says."""


def grades(db_path: Path) -> list[tuple[str, int]]:
    with sqlite3.connect(db_path) as conn:
        return conn.execute("SELECT card_key, grade FROM review_log ORDER BY id").fetchall()


async def open_review(pilot, *keys: str) -> ReviewScreen:
    await asyncio.wait_for(pilot.app.loaded.wait(), 30)
    await pilot.pause()
    await pilot.press(*keys, "enter")
    review = pilot.app.screen
    assert isinstance(review, ReviewScreen)
    return review


async def test_space_and_enter_accept_good_on_a_plain_card(make_app, seen, db_path: Path) -> None:
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        review = await open_review(pilot, "down")
        await pilot.press("space")  # show the answer
        await pilot.pause()
        assert "space/enter: grade 4" in seen(app)
        await pilot.press("space")  # accept 4
        assert review.card_key == "basics/ring-cost"
        await pilot.press("space", "enter")  # show, then accept 4 with enter
        assert review.card_key == "basics/bubble"
        await pilot.press("space", "2")  # digits still grade as they are
        await pilot.press("u")
        await pilot.press("space")
        await pilot.pause()
        assert "space/enter: grade 4" in seen(app)
    assert grades(db_path) == [("basics/adam-bytes", 4), ("basics/ring-cost", 4)]


async def test_space_accepts_the_typed_verdicts_grade(make_app, seen, tmp_path: Path, db_path: Path) -> None:
    (tmp_path / "typed1.yaml").write_text(TYPED, encoding="utf-8")
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await open_review(pilot)
        await pilot.press(*"2 B", "enter")  # correct and fast: the verdict suggests 5
        await pilot.pause()
        assert "space/enter: grade 5" in seen(app)
        await pilot.press("space")
        await pilot.pause()
        assert "Session done" in seen(app)
    assert grades(db_path) == [("typed1/one", 5)]
