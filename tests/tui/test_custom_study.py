"""Custom study from home (c): the modal lists the four kinds, says why it cannot start, and starts
a review of the chosen cards."""

from __future__ import annotations

import asyncio

from textual.widgets import DataTable, Input, RadioSet

from tests.tui.conftest import wait_until
from tui.screens.custom_study import CustomStudyScreen
from tui.screens.review import ReviewScreen


async def open_custom(pilot) -> CustomStudyScreen:
    await asyncio.wait_for(pilot.app.loaded.wait(), 30)
    await pilot.pause()
    await pilot.press("c")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, CustomStudyScreen)
    return screen


async def test_custom_study_by_tag_and_its_problems(make_app, seen) -> None:
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        modal = await open_custom(pilot)
        text = seen(app)
        assert "Custom study · All decks" in text
        for kind in ("By tag", "Failed today", "New cards only", "Ahead by N days"):
            assert kind in text, kind
        await pilot.press("enter")  # by tag, no tag typed
        await pilot.pause()
        assert "Cannot start: name a tag" in seen(app)
        await pilot.press("down", "down", "down", "space")  # ahead by N days: pick it
        assert modal.query_one(RadioSet).pressed_index == 3
        modal.query_one("#custom-value", Input).value = "soon"
        await pilot.press("enter")
        await pilot.pause()
        assert "Cannot start: ahead by how many days?" in seen(app)
        modal.query_one("#custom-value", Input).value = "3"
        await pilot.press("enter")
        await pilot.pause()
        assert "Nothing to study that way here." in seen(app)  # nothing reviewed yet
        await pilot.press("up", "up", "up", "space")  # back to by tag
        modal.query_one("#custom-value", Input).value = "Pipelines"
        await pilot.press("enter")
        await pilot.pause()  # a tag no card has: named, and the close one offered
        assert "Cannot start: no card tagged 'Pipelines' (try pipeline)" in seen(app)
        modal.query_one("#custom-value", Input).value = "Pipeline"
        await pilot.press("enter")
        await pilot.pause()
        review = app.screen
        assert isinstance(review, ReviewScreen)
        assert review.card_key == "basics/bubble" and "left 1" in seen(app)


async def test_all_decks_take_new_cards_in_turn_within_the_shared_limit(make_app, seen) -> None:
    app = make_app(new_per_day=2)
    async with app.run_test(size=(100, 30)) as pilot:
        await asyncio.wait_for(app.loaded.wait(), 30)
        await pilot.pause()
        table = app.screen.query_one("#decks", DataTable)
        rows = [table.get_row_at(i)[:3] for i in range(3)]
        assert rows == [["All decks", 0, 2], ["Basics", 0, 2], ["Serving", 0, 1]]
        await pilot.press("enter")  # All decks
        review = app.screen
        assert isinstance(review, ReviewScreen)
        assert review.card_key == "basics/adam-bytes" and "left 2" in seen(app)
        await pilot.press("space", "4")
        assert review.card_key == "serving/kv-llama3-8b"  # not basics/ring-cost: decks take turns
        await pilot.press("escape")
        await pilot.pause()
        rows = [table.get_row_at(i)[:3] for i in range(3)]
        assert rows == [["All decks", 0, 1], ["Basics", 0, 1], ["Serving", 0, 1]]  # one left to share


async def test_up_down_and_enter_start_the_highlighted_kind(make_app, seen) -> None:
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await open_custom(pilot)
        await pilot.press("down", "down", "down", "up")  # to "Ahead by N days", back to "New cards only"
        await pilot.press("enter")
        await pilot.pause()
        assert "Cannot start: name a tag" not in seen(app)  # not the first kind
        await wait_until(pilot, lambda: isinstance(app.screen, ReviewScreen), "the review of new cards")
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        await open_custom(pilot)
        await pilot.press("down", "down", "down", "tab")  # ahead by N days, then type N
        # the dot marks the kind enter starts, also once the focus left the list for the box
        dotted = [line for line in seen(app).splitlines() if "●" in line]
        assert len(dotted) == 1 and "Ahead by N days" in dotted[0], dotted
        await pilot.press("x")
        await pilot.press("enter")
        await pilot.pause()
        assert "Cannot start: ahead by how many days?" in seen(app)
