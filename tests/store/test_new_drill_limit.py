"""New drill kinds a day: sprints and mixed drills try at most `new_drills_per_day` kinds never
tried, apart from the flashcards' new-card limit; a kind picked by name is still drawn."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from drills.session import DrillSession, Plan, PlanError, within_new_limit
from drills.timed import sprint_plan
from engine.app import Grade, Study
from engine.app.items import ItemGroup
from engine.counting import Limits
from engine.settings import load_settings
from engine.store.database import Store
from tests.store.test_drill_day_limits import CLOCK, Now
from tests.store.test_drill_day_limits import Source as DaySource

KINDS = [f"k{i}" for i in range(8)]


def key(kind: str) -> str:
    return f"drills/{kind}"


class Source(DaySource):
    def groups(self) -> list[ItemGroup]:
        return [
            ItemGroup("d", ["d/c0", "d/c1"]),
            ItemGroup("drills", [key(k) for k in KINDS], new_in_review=False),
        ]


def limited(study: Study, plan: Plan) -> Plan:
    """What the drill setup does before a session starts (tui.services.within_new_drills)."""
    tried = study.tried([key(kind) for kind in plan.kinds])
    return within_new_limit(
        plan, {kind for kind in plan.kinds if key(kind) in tried}, study.new_drills_left()
    )


def sprint(study: Study, plan: Plan, drills: int, seed: int) -> set[str]:
    """Answer `drills` drills of a session right; the kinds drawn."""
    session, drawn = DrillSession(plan, random.Random(seed)), set()
    for _ in range(drills):
        item = session.next_item()
        assert item is not None
        study.answer(key(item.kind), Grade.PERFECTLY, 4.0)
        drawn.add(item.kind)
    return drawn


def test_sprints_try_at_most_the_days_new_drill_kinds(store: Store) -> None:
    now = Now(datetime(2026, 3, 2, 12, tzinfo=UTC))
    limits = Limits(new_per_day=1, new_drills_per_day=3)
    study = Study(store, sources=[Source()], clock=CLOCK, limits=limits, now=now)
    assert study.new_drills_left() == 3

    first = sprint(study, limited(study, sprint_plan(KINDS)), 12, seed=1)
    assert first == {"k0", "k1", "k2"}  # twelve drills, three kinds never tried before
    assert study.new_drills_left() == 0 and study.totals().new_drills == 3
    assert study.remaining() == (1, 200)  # the cards' new-card limit is whole

    again = limited(study, sprint_plan(KINDS))  # the same day: only the kinds tried
    assert again.kinds == ("k0", "k1", "k2")
    by_name = within_new_limit(Plan(("k7",), count=3), set(), 0)  # picked by name: drawn, counted
    assert sprint(study, by_name, 1, seed=2) == {"k7"} and study.totals().new_drills == 4

    now.when += timedelta(days=1)  # a new day: three more new kinds, the four tried ones too
    assert study.new_drills_left() == 3
    assert limited(study, sprint_plan(KINDS)).kinds == ("k0", "k1", "k2", "k3", "k4", "k5", "k7")


def test_no_kind_left_is_a_one_line_reason() -> None:
    with pytest.raises(PlanError, match="today's new drill kinds are used up") as caught:
        within_new_limit(sprint_plan(KINDS), set(), 0)
    assert "\n" not in str(caught.value) and "new_drills_per_day" in str(caught.value)


def test_the_setting_is_read_and_bounded(tmp_path: Path) -> None:
    settings = tmp_path / "settings.toml"
    settings.write_text("new_drills_per_day = 5\n")
    assert load_settings(settings)[0].new_drills_per_day == 5
    settings.write_text("new_drills_per_day = -1\n")
    loaded, problems = load_settings(settings)
    assert (
        loaded.new_drills_per_day == 20
        and "'new_drills_per_day' must be a whole number" in problems[0].message
    )
