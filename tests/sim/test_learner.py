"""Five years of a simulated learner's daily use, every invariant checked each simulated day
(tests/sim/learner.py). Hypothesis draws the seed; a failure names the seed and the simulated day,
and the history up to that day replays exactly (each day's draws follow the last's)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from engine.store.database import open_store
from tests.sim.learner import live

YEARS = 5


@settings(
    max_examples=1,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    phases=(Phase.explicit, Phase.reuse, Phase.generate),  # no shrinking: the failing day is named
)
@given(seed=st.integers(0, 2**32 - 1))
def test_five_years_of_daily_use_keep_every_invariant(
    tmp_path_factory: pytest.TempPathFactory, seed: int
) -> None:
    path = tmp_path_factory.mktemp("sim") / "learner.db"
    store = open_store(path)
    try:
        figures = live(store, seed, 365 * YEARS, decks=(14, 10), kinds=6, path=path)
    finally:
        store.close()
    assert figures.days == 365 * YEARS
    assert figures.answers > 1000 and figures.checks > 20 * figures.days
    assert figures.events["scheduler switch"] > 0 and figures.events["time zone change"] > 0
