"""Typed-answer cards: the keys acting on the card work while the answer box has focus, and the
footer shows only keys that work at that moment."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

from textual.widgets import Input

from tui.screens.help import HelpScreen
from tui.screens.review import ReviewScreen

DECK = """\
id: typed2
title: Two typed cards
cards:
  - id: one
    front: 70B params — total state memory with mixed-precision Adam, in TB?
    back: "**1.12 TB**"
    tags: [Memory]
    answer: {value: "16 * 70e9 / 1e12", unit: TB}
  - id: two
    front: Bytes per BF16 value?
    back: "**2 B**"
    tags: [Memory]
    answer: {value: 2, unit: B}
"""


def footer_line(seen, app) -> str:
    return seen(app).splitlines()[-1]


async def open_typed(pilot) -> ReviewScreen:
    await asyncio.wait_for(pilot.app.loaded.wait(), 30)
    await pilot.pause()
    await pilot.press("enter")
    review = pilot.app.screen
    assert isinstance(review, ReviewScreen)
    await pilot.pause()
    assert review.query_one("#answer", Input).has_focus
    return review


async def test_undo_show_and_keys_work_while_typing(
    make_app, seen, until, tmp_path: Path, db_path: Path
) -> None:
    (tmp_path / "typed2.yaml").write_text(DECK, encoding="utf-8")
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        review = await open_typed(pilot)
        footer = footer_line(seen, app)
        assert "^g Show answer" in footer and "esc Back" in footer and "f1 Keys" in footer, footer
        assert "space" not in footer and "u " not in footer and "? " not in footer, footer
        assert "Undo" not in footer, "nothing to undo yet"
        assert "ctrl+g: show the answer" in seen(app)

        await pilot.press(*"1.12 TB", "enter")  # the verdict shows; typing on triggers nothing
        await pilot.press(*"ef!-u?")
        await app.key_gate.settled()
        assert review.card_key == "typed2/one" and review.revealed and isinstance(app.screen, ReviewScreen)
        assert "flagged" not in seen(app).lower() and review.session.done == 0
        footer = footer_line(seen, app)
        assert "0-5 Grade" in footer and "f1 Keys" in footer and "? " not in footer, footer
        assert "tab: letter keys on" in seen(app)
        await pilot.press("tab", "f")  # tab: the letter keys act again
        await until(pilot, lambda: "Flagged typed2/one" in seen(app), "the flag's notice")
        assert "tab: letter keys" not in seen(app)
        await pilot.press("enter")  # accept the suggested grade
        assert review.card_key == "typed2/two"
        assert review.query_one("#answer", Input).has_focus
        assert "^z Undo" in footer_line(seen, app)
        await pilot.press(*"u?")  # typed into the box, as the footer promised nothing else
        assert review.query_one("#answer", Input).value == "u?"

        await pilot.press("ctrl+z")
        assert review.card_key == "typed2/one" and review.session.done == 0
        await until(pilot, lambda: "Undid the last grade" in seen(app), "the notice, drawn on a next frame")

        await pilot.press("ctrl+g")  # give up: show the answer without typing one
        assert review.revealed and "1.12 TB" in seen(app)
        footer = footer_line(seen, app)
        assert "0-5 Grade" in footer and "space Accept grade" in footer and "Show answer" not in footer, (
            footer
        )

        await pilot.press("f1")
        assert isinstance(app.screen, HelpScreen) and "ctrl+z" in seen(app)
    with sqlite3.connect(db_path) as conn:
        assert conn.execute("SELECT count(*) FROM review_log").fetchone() == (0,)


async def test_plain_card_footer_keeps_the_single_keys(make_app, seen) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await asyncio.wait_for(app.loaded.wait(), 30)
        await pilot.pause()
        await pilot.press("enter")
        footer = footer_line(seen, app)
        assert "space ^g Show answer" in footer and "? f1 Keys" in footer, footer
        await pilot.press("space", "4")
        assert "u ^z Undo" in footer_line(seen, app)
        await pilot.press("u")
        assert app.screen.session.done == 0


async def test_a_reveal_as_the_box_takes_focus_leaves_digits_grading(make_app, seen, tmp_path: Path) -> None:
    """The box's has_focus follows the screen's focus a message later: a reveal in between still
    moves the focus to the card, so a digit grades instead of typing into the box."""
    (tmp_path / "typed2.yaml").write_text(DECK, encoding="utf-8")
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        review = await open_typed(pilot)
        review.query_one("#card").focus()
        await pilot.pause()
        review.query_one("#answer", Input).focus()
        review.action_reveal()
        await pilot.press("3")
        await app.key_gate.settled()
        assert review.card_key == "typed2/two" and review.query_one("#answer", Input).value == ""
        assert "Bytes per BF16 value?" in seen(app)
