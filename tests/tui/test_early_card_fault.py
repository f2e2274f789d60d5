"""A store fault just as the decks open behind an early Enter's card: one line on screen, the review
closed back to the home, the app still running (nothing was graded yet, so nothing is lost)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

import tui.services
from tui.app import FlopcardsApp
from tui.config import AppConfig
from tui.screens.review import ReviewScreen

from .conftest import real_load_services
from .fault_review import said
from .test_early_card import early_card


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """The database in a folder of its own, which the test moves away."""
    (tmp_path / "home").mkdir()
    return tmp_path / "home" / "flopcards.db"


@pytest.fixture
def load_then_move(monkeypatch: pytest.MonkeyPatch, db_path: Path) -> Iterator[threading.Event]:
    """The app's load waits for the returned event, opens the decks, then the database's folder is
    moved away before the review's session is read."""
    release = threading.Event()

    def load(config: AppConfig, **options: bool) -> object:
        assert release.wait(60), "the test never released the load"
        services = real_load_services(config, **options)
        db_path.parent.rename(db_path.parent.with_name("moved"))
        return services

    monkeypatch.setattr(tui.services, "load_services", load)
    yield release
    release.set()


async def test_a_fault_as_the_decks_open_closes_the_early_review_with_a_notice(
    opened, start_config: AppConfig, load_then_move: threading.Event, seen, until
) -> None:
    opened(start_config).close()
    app = FlopcardsApp(start_config)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await early_card(pilot, until, seen)
        load_then_move.set()
        await until(pilot, lambda: not isinstance(app.screen, ReviewScreen), "back to the home")
        await until(pilot, lambda: "Cannot start the review" in said(app), "the notice")
        text = said(app)
        gone = "the database cannot be reached (server stopped, or its file or folder gone)."
        assert f"Cannot start the review: {gone}" in text, text
        assert "Traceback" not in text and app.is_running and app.screen is app.home
    assert app.return_code in (None, 0)
