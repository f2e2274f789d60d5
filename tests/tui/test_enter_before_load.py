"""Enter pressed while the decks are still opening is not lost: the review starts once they are open."""

from __future__ import annotations

import asyncio
import threading

import pytest
from textual.widgets import Markdown, Static

import tui.services
from tui.screens.home import HomeScreen
from tui.screens.review import ReviewScreen


async def test_enter_before_the_counts_opens_the_first_card_once_loaded(
    make_app, monkeypatch: pytest.MonkeyPatch
) -> None:
    release = threading.Event()
    real = tui.services.load_services

    def slow(config, **options):  # held until the test has pressed Enter
        release.wait(30)
        return real(config, **options)

    monkeypatch.setattr(tui.services, "load_services", slow)
    app = make_app()
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            assert "Opening your decks" in str(app.screen.query_one("#totals", Static).render())
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, HomeScreen)  # nothing to review yet, and no error
            release.set()
            await asyncio.wait_for(app.loaded.wait(), 30)
            for _ in range(20):
                await pilot.pause(0.05)
                if isinstance(app.screen, ReviewScreen):
                    break
            assert isinstance(app.screen, ReviewScreen)
            await pilot.pause()
            front = app.screen.query_one("#front", Markdown)
            shown = app.screen.session.current().prompt.front
            assert "bytes per parameter" in shown  # the first card of the fixture decks
            assert front.source == shown
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, HomeScreen)  # opened once, not again on the way back
    finally:
        release.set()
