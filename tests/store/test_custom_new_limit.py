"""Custom study 'new cards only' gives exactly another day's worth of new cards (Anki's "increase
today's new card limit"), at fixed values: 3 a day from a deck of 5."""

from __future__ import annotations

from datetime import UTC

from engine.app import Limits, Study, StudyItem
from engine.app.custom import Custom, custom_session
from engine.studyday import StudyClock


def test_new_only_takes_one_more_days_limit(store, clock) -> None:  # type: ignore[no-untyped-def]
    items = [StudyItem(f"n/{i}", "n") for i in range(5)]
    study = Study(
        store, items, clock=StudyClock(day_start_hour=4, tz=UTC), limits=Limits(new_per_day=3), now=clock
    )
    assert custom_session(study, "n", Custom.NEW_ONLY).queue == ["n/0", "n/1", "n/2"]
