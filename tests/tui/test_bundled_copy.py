"""A bundled deck is edited by copying it into the deck folder (or `flopcards edit-deck ID`): the
copy replaces the bundled deck under the same id, so every card keeps its history; the home banner
says which copy is in use, and `e` on a bundled card says how to get a copy."""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path

import pytest

from cards.loader import BUNDLED_DIR, load_collection
from engine.settings import user_deck_dir
from tui.cli import main

SMALLEST = min(BUNDLED_DIR.glob("*.yaml"), key=lambda p: p.stat().st_size)


def test_a_copy_in_the_deck_folder_replaces_the_bundled_deck(tmp_path: Path) -> None:
    copy = tmp_path / SMALLEST.name
    shutil.copy(SMALLEST, copy)
    collection = load_collection([tmp_path])
    bundled = load_collection().decks
    deck_id = next(d.id for d in bundled if d.path == SMALLEST)
    loaded = collection.deck(deck_id)
    assert loaded is not None and loaded.path == copy and not loaded.bundled
    assert collection.replaced == {deck_id: SMALLEST}
    assert collection.problems == []
    assert [d.id for d in collection.decks] == [d.id for d in bundled]  # same place, same keys


def test_edit_deck_copies_a_bundled_deck_once(capsys: pytest.CaptureFixture[str]) -> None:
    deck_id = next(d.id for d in load_collection().decks if d.path == SMALLEST)
    assert main(["edit-deck", deck_id]) == 0
    target = user_deck_dir() / SMALLEST.name
    assert target.read_bytes() == SMALLEST.read_bytes()
    out = capsys.readouterr().out
    assert f"copied {SMALLEST.name} to {target}: your copy replaces the bundled deck" in out
    assert main(["edit-deck", deck_id]) == 0
    assert capsys.readouterr().out.strip() == f"your copy of '{deck_id}' is in use already: {target}"
    assert main(["edit-deck", "nosuch"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("flopcards edit-deck: error: no bundled deck 'nosuch' (bundled: ")


async def test_the_banner_says_which_copy_is_in_use_and_e_says_how_to_edit_a_bundled_card(
    make_app, seen, tmp_path: Path
) -> None:
    from textual.widgets import DataTable, Static

    decks = tmp_path / "decks"
    decks.mkdir()
    shutil.copy(SMALLEST, decks / SMALLEST.name)
    deck_id = next(d.id for d in load_collection().decks if d.path == SMALLEST)
    app = make_app(decks, include_bundled=True)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await asyncio.wait_for(app.loaded.wait(), 60)
        await pilot.pause()
        banner = " ".join(str(app.screen.query_one("#banner", Static).render()).split())
        assert banner == f"Using your copy of the bundled deck '{deck_id}': {decks / SMALLEST.name}"
        assert app.screen.query_one("#banner", Static).display
        # a card of another, still bundled deck: e names the command that makes a copy
        table = app.screen.query_one("#decks", DataTable)
        other = next(
            row for row in range(table.row_count) if deck_id not in str(table.get_row_at(row)) and row > 0
        )
        table.move_cursor(row=other)
        await pilot.press("enter")
        await pilot.pause()
        app.screen.action_edit()  # what `e` runs (the typed answer's box has the focus here)
        await pilot.pause(0.1)
        text = " ".join(seen(app).replace("▌", " ").split())
        assert "is in a bundled deck: `flopcards edit-deck" in text
