"""Browse from home (b): the deck's cards listed with their schedule, a search narrows them, a bad
search says why, enter opens a card, ! and f mark it (stored) and u takes the mark back."""

from __future__ import annotations

import asyncio
import re
import sqlite3
from pathlib import Path

from textual.widgets import DataTable, Input

from tui.screens.browse import BrowseScreen
from tui.screens.card_view import CardViewScreen
from tui.screens.home import HomeScreen


async def open_browse(pilot) -> BrowseScreen:
    await asyncio.wait_for(pilot.app.loaded.wait(), 30)
    await pilot.pause()
    await pilot.press("down", "b")  # Basics
    screen = pilot.app.screen
    assert isinstance(screen, BrowseScreen)
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    return screen


async def search_for(pilot, screen: BrowseScreen, text: str) -> None:
    box = screen.query_one("#browse-search", Input)
    box.value = text
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def flags(db_path: Path) -> dict[str, tuple[int, int]]:
    with sqlite3.connect(db_path) as conn:
        return {k: (s, f) for k, s, f in conn.execute("SELECT card_key, suspended, flagged FROM card_mark")}


async def test_browse_search_open_and_mark(make_app, seen, until, db_path: Path) -> None:
    app = make_app()
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        screen = await open_browse(pilot)
        text = seen(app)
        assert "deck:basics" in text and "3 cards" in text
        assert "basics/adam-bytes" in text and "basics/bubble" in text and "new" in text, text
        assert "Lapses" in text and "EF" in text

        await search_for(pilot, screen, "deck:basics tag:pipeline")
        assert "1 card" in seen(app) and "basics/bubble" in seen(app) and "adam-bytes" not in seen(app)
        await search_for(pilot, screen, "is:weird")
        assert "Search: unknown search term 'is:weird'" in seen(app)
        await search_for(pilot, screen, "ring")
        assert screen.query_one("#browse-table", DataTable).row_count == 1

        screen.query_one("#browse-search").focus()
        await pilot.press("escape")  # from the search box to the list, not away
        assert app.screen is screen and screen.query_one("#browse-table").has_focus
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, CardViewScreen)
        assert "Bytes each GPU sends" in seen(app) and "reduce-scatter" in seen(app)
        await pilot.press("escape")

        await pilot.press("exclamation_mark")
        await app.workers.wait_for_complete()
        await until(pilot, lambda: "basics/ring-cost: suspended" in seen(app), "the suspended mark")
        await pilot.press("f")
        await app.workers.wait_for_complete()
        await until(pilot, lambda: "suspended · flagged" in seen(app), "the flag beside it")
        assert flags(db_path) == {"basics/ring-cost": (1, 1)}
        await search_for(pilot, screen, "is:suspended")
        assert "1 card" in seen(app) and "basics/ring-cost" in seen(app)
        screen.query_one("#browse-table").focus()
        await pilot.press("u", "u")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert "0 cards" in seen(app)

        await pilot.press("ctrl+f", "backspace")  # the box selects its text on focus: emptied
        assert screen.query_one("#browse-search", Input).value == ""
        await pilot.press("escape")  # an empty box has no search to keep: one esc leaves browse
        await pilot.pause()
        assert app.screen is not screen and "All decks" in seen(app)
    assert flags(db_path) == {"basics/ring-cost": (0, 0)}


async def test_an_older_search_that_ends_last_is_dropped(make_app, seen) -> None:
    import time

    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_browse(pilot)
        real = screen.services.browse

        def slow_for_the_old_one(text: str):  # type: ignore[no-untyped-def]
            if text == "tag:Memory":
                time.sleep(1.0)  # a busy machine: the older search finishes last
            return real(text)

        screen.services.browse = slow_for_the_old_one  # type: ignore[method-assign]
        box = screen.query_one("#browse-search", Input)
        box.value = "tag:Memory"
        await pilot.pause(0.1)
        box.value = "deck:basics"
        await pilot.pause(0.1)
        await asyncio.sleep(1.5)  # the old search's thread ends now, after the new one
        await pilot.pause()
        assert box.value == "deck:basics"
        assert "3 cards" in seen(app) and "1 card" not in seen(app).replace("1 card ", "")
        assert screen.query_one("#browse-table", DataTable).row_count == 3


async def test_at_80_columns_every_column_fits_and_a_long_card_key_gives_way(
    make_app, seen, tmp_path: Path
) -> None:
    """Long deck and card ids pushed Marks off the edge ("Ma", "su"); the card's key is cut instead."""
    deck = "tensor-parallel-communication-patterns"
    cards = "".join(
        f"  - {{id: all-reduce-versus-reduce-scatter-bytes-{n}, front: 'Q{n}?', back: 'A{n}'}}\n"
        for n in (1, 2)
    )
    (tmp_path / "long.yaml").write_text(f"id: {deck}\ntitle: Long\ncards:\n{cards}", encoding="utf-8")
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_browse(pilot)
        await pilot.press("exclamation_mark", "f")
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        text = seen(app)
        assert "Lapses  Marks" in text and "suspended · flagged" in text, text
        assert "tensor-parallel-communication-pa…" in text  # the key, cut where it must be
        assert screen.query_one("#browse-table", DataTable).row_count == 2


async def test_back_home_a_key_does_not_wait_for_the_counts(make_app, seen, until) -> None:
    """Esc back home reads the counts off the UI thread (0.1 s at a million cards): b pressed at
    once opens browse while they are still being read, and the counts drawn when read are the new
    ones (a card suspended in browse is no longer new)."""
    import threading

    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_browse(pilot)
        home = next(s for s in app.screen_stack if isinstance(s, HomeScreen))
        services = screen.services
        real, reading, release, read = services.home_view, *(threading.Event() for _ in range(3))

        def held():  # type: ignore[no-untyped-def]
            reading.set()
            release.wait(3)  # a safety net only: the test releases it
            view = real()
            read.set()
            return view

        await pilot.press("exclamation_mark")
        await until(pilot, lambda: "suspended" in seen(app), "the suspended mark")
        services.home_view = held  # type: ignore[method-assign]
        await pilot.press("escape")
        await until(pilot, reading.is_set, "the counts being read")
        await pilot.press("b")
        assert isinstance(app.screen, BrowseScreen) and not read.is_set()
        await pilot.press("escape")
        release.set()
        await until(pilot, lambda: re.search(r"Basics +0 +2 +3", seen(app)), "Basics' new cards, one fewer")
        assert app.screen is home and re.search(r"All decks +0 +3 +4", seen(app))
