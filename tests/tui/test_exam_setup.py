"""The home screen's exam entry: a modal picks deck, sample size and order; help on stats and exam screens."""

from __future__ import annotations

import asyncio

import pytest
from textual.widgets import Checkbox, Static

from tui.screens.exam import ExamScreen
from tui.screens.exam_setup import ExamSetupScreen, read_count
from tui.screens.help import HelpScreen


def text_of(screen, selector: str) -> str:
    return str(screen.query_one(selector, Static).render())


def test_read_count() -> None:
    assert read_count("  ") is None and read_count("12") == 12
    for bad in ("0", "1001", "-3", "1e3", "x"):
        with pytest.raises(ValueError, match="whole number 1-1000"):
            read_count(bad)


async def test_sampled_shuffled_exam_from_home(make_app) -> None:
    app = make_app(include_bundled=True)
    async with app.run_test(size=(100, 40)) as pilot:
        await asyncio.wait_for(app.loaded.wait(), 30)
        await pilot.pause()
        await pilot.press("x")
        await pilot.pause()
        assert isinstance(app.screen, ExamSetupScreen)
        assert "Cold exam" in str(app.screen.query_one(".modal-title", Static).render())
        await pilot.press("7", "tab", "space")  # 7 questions; the checkbox: shuffle
        assert app.screen.query_one("#exam-shuffle", Checkbox).value
        await pilot.press("enter")  # on the checkbox too, enter starts (it does not untick)
        await pilot.pause()
        assert isinstance(app.screen, ExamScreen)
        assert "Question 1 of 7" in text_of(app.screen, "#exam-progress")
        numbers = [q.position for q in app.screen.session.questions]
        assert len(set(numbers)) == 7 and max(numbers) <= 60
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert "End exam" in text_of(app.screen, "#help-keys")


async def test_escape_leaves_the_modal_without_an_exam(make_app) -> None:
    app = make_app(include_bundled=True)
    async with app.run_test(size=(100, 40)) as pilot:
        await asyncio.wait_for(app.loaded.wait(), 30)
        await pilot.pause()
        await pilot.press("x")
        await pilot.pause()
        await pilot.press("0", "ctrl+s")  # ctrl+s starts, here refused: no exam of 0 questions
        await pilot.pause()
        assert "a whole number 1-" in str(app.screen.query_one("#exam-setup-status", Static).render())
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, ExamSetupScreen | ExamScreen)
