"""Custom study and round-robin new cards without a terminal, on the fixture decks (Basics: 3
cards, Serving: 1) and a real SQLite file."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC
from pathlib import Path

import pytest

from engine.app import Grade, Limits
from engine.app.custom import Custom
from engine.settings import Settings
from engine.studyday import StudyClock
from tui.config import AppConfig
from tui.services import Services, load_services

DATA = Path(__file__).parent.parent / "data"


@pytest.fixture
def services(tmp_path: Path, clock) -> Iterator[Services]:
    config = AppConfig(
        settings=Settings(db=str(tmp_path / "f.db"), deck_dirs=(DATA / "decks",)),
        include_bundled=False,
        now=clock,
        clock=StudyClock(day_start_hour=4, tz=UTC),
    )
    opened = load_services(config)
    yield opened
    opened.close()


def test_new_cards_of_all_decks_take_turns_and_counts_share_the_limit(services: Services) -> None:
    study = services.study
    assert study.session(None).queue == [
        "basics/adam-bytes",
        "serving/kv-llama3-8b",
        "basics/ring-cost",
        "basics/bubble",
    ]
    study.limits = Limits(new_per_day=2)
    assert study.session(None).queue == ["basics/adam-bytes", "serving/kv-llama3-8b"]
    study.answer("basics/adam-bytes", Grade.WELL, 2.0)
    counts = {c.deck_id: c.new for c in study.counts(["basics", "serving"])}
    assert counts == {None: 1, "basics": 1, "serving": 1}  # one left of the shared two


def test_custom_study_kinds(services: Services, clock) -> None:
    study = services.study
    assert services.custom_study(None, Custom.TAG, "pipeline").queue == ["basics/bubble"]
    assert services.custom_study("serving", Custom.TAG, "pipeline").queue == []  # other decks' tag
    with pytest.raises(ValueError, match=r"^no card tagged 'Pipelin' \(try pipeline\)$"):
        services.custom_study("serving", Custom.TAG, "Pipelin")
    with pytest.raises(ValueError, match="name a tag"):
        services.custom_study(None, Custom.TAG, " ")
    study.answer("basics/ring-cost", Grade.NOT_AT_ALL, 2.0)
    study.answer("basics/ring-cost", Grade.WELL, 2.0)
    study.answer("basics/bubble", Grade.WELL, 2.0)  # due tomorrow
    assert services.custom_study(None, Custom.FAILED_TODAY).queue == ["basics/ring-cost"]
    assert services.custom_study("basics", Custom.NEW_ONLY).queue == ["basics/adam-bytes"]
    assert sorted(services.custom_study(None, Custom.AHEAD, "1").queue) == [
        "basics/bubble",
        "basics/ring-cost",
    ]
    with pytest.raises(ValueError, match="how many days"):
        services.custom_study(None, Custom.AHEAD, "soon")
    with pytest.raises(ValueError, match="1 to 365"):
        services.custom_study(None, Custom.AHEAD, "0")
    study.change_mark("basics/bubble", suspended=True)
    assert services.custom_study(None, Custom.AHEAD, "3").queue == ["basics/ring-cost"]
    clock.advance(days=1)
    assert services.custom_study(None, Custom.FAILED_TODAY).queue == []
