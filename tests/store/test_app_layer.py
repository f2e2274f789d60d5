"""The application layer without a terminal: item sources dispatch, typed answers suggest a grade,
and one call grades, stores and schedules a drill attempt."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC
from pathlib import Path

from drills.attempts import Attempt, attempts, drill_key
from engine.answers import Verdict, check_numeric
from engine.app import Grade, Prompt, Study
from engine.app.items import ItemGroup
from engine.settings import Settings
from engine.studyday import StudyClock
from engine.units import format_quantity
from tui.config import AppConfig
from tui.services import Services, load_services

DATA = Path(__file__).parent.parent / "data"


class Numbers:
    """A minimal ItemSource: deck 'n', items answered by typing a number of GB."""

    def deck_ids(self) -> Sequence[str]:
        return ["n"]

    def deck_title(self, deck_id: str) -> str | None:
        return "Numbers" if deck_id == "n" else None

    def groups(self) -> Sequence[ItemGroup]:
        return [ItemGroup("n", ["n/one"])]

    def prompt(self, key: str, seed: int) -> Prompt:
        return Prompt(key, "How many GB?", "16 GB", "a number in GB", lambda t: check_numeric(t, 16, "GB"))


def test_the_owning_source_shows_the_item_and_the_verdict_suggests_a_grade(store, clock) -> None:
    study = Study(store, sources=[Numbers()], clock=StudyClock(tz=UTC), now=clock)
    assert study.deck_ids() == ["n"] and study.deck_title("n") == "Numbers"
    session = study.session("n")
    current = session.current()
    assert current is not None and current.prompt.front == "How many GB?"
    unread = session.check("lots", 5.0, 120.0)
    assert unread is not None and unread.suggested is None
    assert unread.result.verdict is Verdict.UNREADABLE
    fast, slow = session.check("16 GB", 5.0, 120.0), session.check("16 GB", 90.0, 120.0)
    assert fast is not None and fast.suggested is Grade.PERFECTLY
    assert slow is not None and slow.suggested is Grade.WELL
    close = session.check("17 GB", 5.0, 120.0)
    assert close is not None and close.suggested is Grade.WITH_EFFORT


def services_at(tmp_path: Path, clock) -> Services:
    config = AppConfig(
        settings=Settings(db=str(tmp_path / "f.db"), deck_dirs=(DATA / "decks",)),
        include_bundled=False,
        now=clock,
        clock=StudyClock(day_start_hour=4, tz=UTC),
    )
    return load_services(config)


def test_one_call_grades_stores_and_schedules_a_drill_attempt(tmp_path: Path, clock) -> None:
    services = services_at(tmp_path, clock)
    try:
        drill = services.drill("kv-cache", 7)
        typed = format_quantity(drill.expected, drill.unit)
        outcome = services.record_drill(
            Attempt(drill, typed, services.check_drill(drill, typed), 10.0, 120.0)
        )
        assert (outcome.verdict, outcome.grade, outcome.timed_out) == (
            Verdict.CORRECT,
            Grade.PERFECTLY,
            False,
        )
        (stored,) = attempts(services.store)
        assert (stored.kind, stored.seed, stored.given, stored.seconds) == ("kv-cache", 7, typed, 10.0)
        assert stored.verdict is Verdict.CORRECT and stored.attempted_at == clock()
        assert "drills" in services.deck_ids()
        clock.advance(days=1)
        assert services.review("drills").queue == [drill_key("kv-cache")]
    finally:
        services.close()
