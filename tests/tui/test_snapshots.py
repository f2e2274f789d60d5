"""SVG snapshots of the key screens (frozen clock, fixture decks, fixed terminal size)."""

from __future__ import annotations

import asyncio


async def loaded(pilot) -> None:
    await asyncio.wait_for(pilot.app.loaded.wait(), 30)
    # DataTable sizes its columns on a later refresh: let a few frames pass before the shot
    for _ in range(3):
        await pilot.pause(0.05)


def test_home_screen(snap_compare, make_app) -> None:
    assert snap_compare(make_app(), terminal_size=(100, 24), run_before=loaded)


def test_review_front(snap_compare, make_app) -> None:
    async def open_review(pilot) -> None:
        await loaded(pilot)
        await pilot.press("enter")
        await pilot.pause()

    assert snap_compare(make_app(), terminal_size=(100, 24), run_before=open_review)


def test_review_revealed_with_grade_intervals(snap_compare, make_app) -> None:
    async def reveal(pilot) -> None:
        await loaded(pilot)
        await pilot.press("enter", "space")
        await pilot.pause()

    assert snap_compare(make_app(), terminal_size=(130, 24), run_before=reveal)
