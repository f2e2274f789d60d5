"""e in a review: the card opens in $EDITOR (a fake script here) at its line, the deck reloads with
the new wording on screen, and the card keeps its key and its history."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from pathlib import Path

import pytest
from textual.app import App

from tui.screens.review import ReviewScreen

DECK = """\
id: edited
title: Edited
cards:
  - id: one
    front: Bytes per BF16 value?
    back: "**2 B**"
  - id: two
    front: Bytes per FP32 value?
    back: "**4 B**"
"""


@pytest.fixture
def no_suspend(monkeypatch: pytest.MonkeyPatch) -> None:
    """The headless test driver cannot give the terminal away: run the editor without suspending."""
    monkeypatch.setattr(App, "suspend", contextlib.contextmanager(lambda self: (yield)))


async def open_review(pilot) -> ReviewScreen:
    await asyncio.wait_for(pilot.app.loaded.wait(), 30)
    await pilot.pause()
    await pilot.press("enter")
    review = pilot.app.screen
    assert isinstance(review, ReviewScreen)
    return review


async def test_edit_rewrites_the_wording_and_keeps_the_history(
    make_app, seen, until, tmp_path: Path, db_path: Path, monkeypatch: pytest.MonkeyPatch, no_suspend: None
) -> None:
    decks = tmp_path / "decks"
    decks.mkdir()
    (decks / "edited.yaml").write_text(DECK, encoding="utf-8")
    called = tmp_path / "called.txt"
    editor = tmp_path / "fake-editor"
    rewrite = "s/Bytes per FP32 value?/How many bytes in one FP32?/"
    editor.write_text(f'#!/bin/sh\necho "$@" > {called}\nsed -i "{rewrite}" "$2"\n')
    editor.chmod(0o755)
    monkeypatch.delenv("VISUAL", raising=False)
    monkeypatch.setenv("EDITOR", str(editor))
    app = make_app(decks)
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        review = await open_review(pilot)
        await pilot.press("space", "1")  # one: failed, comes back later
        assert review.card_key == "edited/two" and "Bytes per FP32 value?" in seen(app)
        await pilot.press("e")
        await until(pilot, lambda: "Reloaded edited.yaml" in seen(app), "the reload after the editor")
        assert called.read_text().split() == ["+7", str(decks / "edited.yaml")]
        assert "How many bytes in one FP32?" in seen(app) and "Reloaded edited.yaml" in seen(app)
        assert review.card_key == "edited/two"
        await pilot.press("space", "4")
        assert review.card_key == "edited/one"
    with sqlite3.connect(db_path) as conn:
        log = conn.execute("SELECT card_key, grade FROM review_log ORDER BY id").fetchall()
    assert log == [("edited/one", 1), ("edited/two", 4)]


async def test_no_editor_says_how_to_set_one(
    make_app, seen, until, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, no_suspend: None
) -> None:
    (tmp_path / "edited.yaml").write_text(DECK, encoding="utf-8")
    monkeypatch.delenv("VISUAL", raising=False)
    monkeypatch.delenv("EDITOR", raising=False)
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        review = await open_review(pilot)
        await pilot.press("e")
        await until(pilot, lambda: "Set $EDITOR" in seen(app), "the notice")
        assert "Set $EDITOR (or $VISUAL) to edit cards" in seen(app)
        assert review.card_key == "edited/one"
