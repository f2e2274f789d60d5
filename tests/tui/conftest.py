"""Fixtures for driving the real app: temp database, fixture decks, frozen clock and timer."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC
from pathlib import Path

import pytest

from engine.settings import Settings
from engine.studyday import StudyClock
from tui.app import FlopcardsApp
from tui.config import AppConfig

DATA = Path(__file__).parent.parent / "data"


class FakeTimer:
    """A monotonic clock that moves only when told to (each read advances it by `step`)."""

    def __init__(self, step: float = 2.5) -> None:
        self.value = 0.0
        self.step = step

    def __call__(self) -> float:
        self.value += self.step
        return self.value


@pytest.fixture
def make_app(db_path: Path, clock) -> Callable[..., FlopcardsApp]:
    def build(*deck_dirs: Path, include_bundled: bool = False, **settings: object) -> FlopcardsApp:
        dirs = deck_dirs or (DATA / "decks",)
        config = AppConfig(
            settings=Settings(db=str(db_path), deck_dirs=tuple(dirs), **settings),
            include_bundled=include_bundled,
            now=clock,
            clock=StudyClock(day_start_hour=4, tz=UTC),
            monotonic=FakeTimer(),
        )
        return FlopcardsApp(config)

    return build
