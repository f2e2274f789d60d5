"""A drill kind is never a leech: its items are fresh numbers each time, so failing it eight times
is practice to do, not a bad card to set aside. The same answers make a card a leech (the control)."""

from __future__ import annotations

from datetime import UTC
from pathlib import Path

from drills.attempts import Attempt, drill_key
from engine.app import Grade
from engine.settings import Settings
from engine.store.marks import Mark
from engine.studyday import StudyClock
from engine.units import format_quantity
from tui.config import AppConfig
from tui.services import Services, load_services

DATA = Path(__file__).parent.parent / "data"
LAPSES = 9  # one more than the leech threshold (8, Anki's default)


def services_at(tmp_path: Path, clock) -> Services:  # type: ignore[no-untyped-def]
    config = AppConfig(
        settings=Settings(db=str(tmp_path / "f.db"), deck_dirs=(DATA / "decks",)),
        include_bundled=False,
        now=clock,
        clock=StudyClock(day_start_hour=4, tz=UTC),
    )
    return load_services(config)


def test_a_drill_kind_failed_past_the_leech_threshold_stays_unsuspended(tmp_path: Path, clock) -> None:
    services = services_at(tmp_path, clock)
    try:

        def attempt(right: bool) -> None:
            drill = services.drill("kv-cache", 7)
            typed = format_quantity(drill.expected * (1 if right else 3), drill.unit)
            outcome = services.record_drill(
                Attempt(drill, typed, services.check_drill(drill, typed), 10.0, 120.0)
            )  # raises AppError when the store refuses it
            assert outcome.grade >= Grade.WELL if right else outcome.grade < 3

        attempt(right=True)  # the kind is in review from now on
        for _ in range(LAPSES):
            clock.advance(days=1)
            attempt(right=False)  # a failed review of a kind in review
            clock.advance(days=1)
            attempt(right=True)
        assert services.study.mark(drill_key("kv-cache")) == Mark()
        assert drill_key("kv-cache") not in services.study.held()
    finally:
        services.close()


def test_the_same_answers_make_a_card_a_leech(tmp_path: Path, clock) -> None:
    services = services_at(tmp_path, clock)
    try:
        key = "basics/adam-bytes"
        services.study.answer(key, Grade.WELL, 3.0)
        for _ in range(LAPSES):
            clock.advance(days=1)
            services.study.answer(key, Grade.NOT_AT_ALL, 3.0)
            clock.advance(days=1)
            services.study.answer(key, Grade.WELL, 3.0)
        assert services.study.mark(key) == Mark(suspended=True, leech=True, lapses=LAPSES)
    finally:
        services.close()
