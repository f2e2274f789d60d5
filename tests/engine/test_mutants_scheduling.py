"""Fixed values for scheduling rules benchmarks/mutate.py found untested: one study day between
FSRS answers counts as one day however few hours lie between them (fsrs-one-day-elapsed), and the
grade each Anki-layout key stands for (anki-hard-key)."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest

from engine.app import Grade
from engine.app.scheduler import FsrsScheduler, Moment
from engine.app.values import grade_of_key, key_of_grade
from engine.sm2 import CardState
from engine.studyday import StudyClock

CLOCK = StudyClock(day_start_hour=4, tz=UTC)


def at(when: datetime) -> Moment:
    return Moment(when, CLOCK.today(when), CLOCK.next_day_start(when))


@pytest.mark.parametrize(
    ("first", "later", "due"),
    [
        (datetime(2026, 3, 1, 20, 0, tzinfo=UTC), timedelta(hours=12, minutes=10), date(2026, 3, 9)),
        (datetime(2026, 3, 2, 4, 30, tzinfo=UTC), timedelta(hours=24, minutes=30), date(2026, 3, 10)),
    ],
    ids=["12h-next-morning", "24.5h-next-day"],
)
def test_good_twice_then_good_on_the_next_study_day_counts_one_day(
    first: datetime, later: timedelta, due: date
) -> None:
    """12 hours or 24.5 hours later, the next study day is one elapsed day (Anki's count): the
    stability py-fsrs gives for exactly 24 hours, 7.32 (0 or 12 hours gave 2.31)."""
    scheduler, state = FsrsScheduler(), CardState()
    for when in (first, first + timedelta(minutes=10), first + later):
        state, _ = scheduler.review(state, Grade.WELL, at(when))
    assert state.fsrs is not None and state.fsrs.stability is not None
    assert round(state.fsrs.stability, 2) == 7.32
    assert state.due == due


def test_each_grade_has_its_anki_button_and_back() -> None:
    shown = {grade: key_of_grade("anki", grade) for grade in Grade}
    assert shown == {
        Grade.BLACKOUT: (1, "Again"),
        Grade.NOT_AT_ALL: (1, "Again"),
        Grade.BARELY: (1, "Again"),
        Grade.WITH_EFFORT: (2, "Hard"),
        Grade.WELL: (3, "Good"),
        Grade.PERFECTLY: (4, "Easy"),
    }
    assert [grade_of_key("anki", key) for key in range(6)] == [
        None,
        Grade.NOT_AT_ALL,
        Grade.WITH_EFFORT,
        Grade.WELL,
        Grade.PERFECTLY,
        None,
    ]
    assert [key_of_grade("flopcards", grade) for grade in Grade] == [
        (0, "blackout"),
        (1, "not at all"),
        (2, "barely"),
        (3, "with effort"),
        (4, "well"),
        (5, "perfectly"),
    ]
