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
        assert called.read_text().split() == ["+8", str(decks / "edited.yaml")]  # the front's line
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


def editor_script(tmp_path: Path, *steps: str) -> Path:
    """A fake editor that logs its arguments and runs the next sed step on the file each time."""
    log = tmp_path / "calls.txt"
    count = tmp_path / "count"
    cases = "\n".join(f'  {i}) sed -i "{step}" "$2" ;;' for i, step in enumerate(steps))
    editor = tmp_path / "fake-editor"
    editor.write_text(
        f'#!/bin/sh\necho "$@" >> {log}\nn=$(cat {count} 2>/dev/null || echo 0)\n'
        f'case $n in\n{cases}\nesac\necho $((n + 1)) > {count}\n'
    )
    editor.chmod(0o755)
    return editor


async def test_a_broken_edit_names_its_line_and_e_reopens_it_there_until_it_loads(
    make_app, seen, until, tmp_path: Path, db_path: Path, monkeypatch: pytest.MonkeyPatch, no_suspend: None
) -> None:
    decks = tmp_path / "decks"
    decks.mkdir()
    (decks / "edited.yaml").write_text(DECK, encoding="utf-8")
    # first edit: a typo in a key (the deck no longer validates); second: fixed
    editor = editor_script(tmp_path, r"s/^    back: \(.\)\*\*4/    bak: \1**4/", "s/bak:/back:/")
    monkeypatch.delenv("VISUAL", raising=False)
    monkeypatch.setenv("EDITOR", str(editor))
    app = make_app(decks)
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        review = await open_review(pilot)
        await pilot.press("space", "1")
        assert review.card_key == "edited/two"
        await pilot.press("e")
        def toasts() -> str:
            return " ".join(seen(app).replace("▌", " ").split())  # the notice wraps in its toast

        await until(pilot, lambda: "does not load" in toasts(), "the notice")
        text = toasts()
        assert "edited.yaml does not load, line 9: unknown key 'bak'" in text
        assert "e opens it there" in text
        assert review.card_key == "edited/two" and "Bytes per FP32 value?" in seen(app)  # as it loaded
        await pilot.press("e")
        await until(pilot, lambda: "Reloaded edited.yaml" in seen(app), "the reload")
        await pilot.press("space", "4")
        assert review.card_key == "edited/one"
    calls = (tmp_path / "calls.txt").read_text().splitlines()
    assert [c.split()[0] for c in calls] == ["+8", "+9"]  # the front's line, then the problem's line
    with sqlite3.connect(db_path) as conn:
        log = conn.execute("SELECT card_key, grade FROM review_log ORDER BY id").fetchall()
    assert log == [("edited/one", 1), ("edited/two", 4)]


async def test_a_card_whose_id_the_edit_changed_leaves_the_session(
    make_app, seen, until, tmp_path: Path, db_path: Path, monkeypatch: pytest.MonkeyPatch, no_suspend: None
) -> None:
    decks = tmp_path / "decks"
    decks.mkdir()
    (decks / "edited.yaml").write_text(DECK, encoding="utf-8")
    editor = editor_script(tmp_path, "s/- id: one/- id: uno/")  # the card failed earlier, renamed
    monkeypatch.delenv("VISUAL", raising=False)
    monkeypatch.setenv("EDITOR", str(editor))
    app = make_app(decks)
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        review = await open_review(pilot)
        await pilot.press("space", "1")  # one: failed, queued to come back
        assert review.card_key == "edited/two"
        await pilot.press("e")
        await until(pilot, lambda: "Left this session: edited/one" in seen(app), "the notice")
        await pilot.press("space", "4")  # two; then no ghost of `one` to grade
        await until(pilot, lambda: review.session.done == 2, "the grade to be saved")
        assert review.card_key != "edited/one"
    with sqlite3.connect(db_path) as conn:
        log = conn.execute("SELECT card_key, grade FROM review_log ORDER BY id").fetchall()
    assert log == [("edited/one", 1), ("edited/two", 4)]
