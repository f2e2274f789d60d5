"""Which grades of a card in review are lapses, at fixed values: 0, 1 and 2 fail it (SM-2's pass is
3), so grade 2 counts towards the leech threshold and grade 3 does not."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC

from engine.app import Grade, Prompt, Study
from engine.app.items import ItemGroup
from engine.studyday import StudyClock


class One:
    """An ItemSource of one plain card, 'n/a'."""

    def deck_ids(self) -> Sequence[str]:
        return ["n"]

    def deck_title(self, deck_id: str) -> str | None:
        return "N"

    def groups(self) -> Sequence[ItemGroup]:
        return [ItemGroup("n", ["n/a"])]

    def prompt(self, key: str, seed: int) -> Prompt:
        return Prompt(key, "front", "back")


def test_grades_0_1_2_are_lapses_and_3_is_not(store, clock) -> None:  # type: ignore[no-untyped-def]
    study = Study(store, sources=[One()], clock=StudyClock(day_start_hour=4, tz=UTC), now=clock)
    study.answer("n/a", Grade.WELL, 3.0)  # new -> in review
    lapses = []
    for grade in (Grade.BARELY, Grade.WITH_EFFORT, Grade.NOT_AT_ALL, Grade.BLACKOUT):
        clock.advance(days=30)  # due again, a scheduled review
        applied = study.answer("n/a", grade, 3.0)
        lapses.append(None if applied.mark is None else applied.mark.after.lapses)
        clock.advance(days=1)
        study.answer("n/a", Grade.WELL, 3.0)  # back in review before the next one
    assert lapses == [1, None, 2, 3]
    assert study.mark("n/a").lapses == 3
