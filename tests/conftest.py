"""Shared fixtures: a real temporary SQLite file, a frozen clock, and no user files from this machine."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from engine.store.database import Store, open_store

FROZEN_NOW = datetime(2026, 3, 2, 15, 0, tzinfo=UTC)


@pytest.fixture(autouse=True)
def no_user_environment(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Keep the machine running the tests out of them: no real data, settings or deck folders."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("FLOPCARDS_HOME", str(home))
    monkeypatch.delenv("FLOPCARDS_DB", raising=False)


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "flopcards.db"


@pytest.fixture
def store(db_path: Path) -> Iterator[Store]:
    opened = open_store(db_path)
    yield opened
    opened.close()


class Clock:
    """A controllable UTC clock."""

    def __init__(self, now: datetime = FROZEN_NOW) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **kwargs: float) -> None:
        self.now += timedelta(**kwargs)


@pytest.fixture
def clock() -> Clock:
    return Clock()
