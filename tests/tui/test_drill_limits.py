"""A sprint of drills leaves the flashcards' daily limits alone and keeps to its own limit of new
drill kinds, and home, the stats screen's figures and `flopcards stats` say the same number for the
same thing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from textual.widgets import DataTable, Input, Static

from engine.stats import compute_stats
from tests.tui.test_drill_session import ManualTimer, drill_app, open_setup, until
from tui.cli import main
from tui.screens.drill import DrillScreen
from tui.screens.drill_summary import DrillSummaryScreen
from tui.screens.home import HomeScreen

SPRINT = 6
"""Drills in the sprint: more than the day's 4 new drill kinds, so the limit decides the draw."""

WRONG = (1, 3, 5)
"""Sprint answers given wrong: their kinds come back today (due now on home and in stats)."""


async def answer(pilot, screen: DrillScreen, text: str) -> None:
    """The answer put in the box whole and submitted with enter: this test is about the counts, and
    typing ~80 keys one by one (tests/tui/test_drill_session.py types them) was most of its time."""
    screen.query_one("#drill-answer", Input).value = text
    await pilot.press("enter")
    await until(pilot, lambda: screen.phase != "checking", "the verdict")


def home_rows(home: HomeScreen) -> dict[str, tuple[int, int, int]]:
    """Deck row key -> (Due, New, total) as the deck table shows them."""
    table = home.query_one("#decks", DataTable)
    rows = {}
    for row_key in table.rows:
        cells = table.get_row(row_key)
        rows[str(row_key.value)] = (int(cells[1]), int(cells[2]), int(cells[3]))
    return rows


async def test_a_drill_sprint_leaves_the_new_card_limit_and_the_counts_agree(
    make_app, db_path: Path, clock, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    timer = ManualTimer()
    # with the bundled decks, as `flopcards stats` always reads them; 4 new drill kinds a day
    app = drill_app(
        lambda **settings: make_app(include_bundled=True, new_drills_per_day=4, **settings), timer
    )
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: app.services is not None, "the collection to load")
        home = app.screen
        assert isinstance(home, HomeScreen)
        await pilot.pause()
        before = home_rows(home)
        assert before["__all__"][1] > 0  # new cards to learn today

        await open_setup(pilot, (), str(SPRINT), seed=11)
        await pilot.press("enter")
        screen = app.screen
        assert isinstance(screen, DrillScreen)
        for n in range(SPRINT):
            drill = screen.drill
            assert drill is not None
            timer.advance(4)
            if n in WRONG:
                await answer(pilot, screen, f"{drill.expected * 3:.6g} {drill.unit}")
                if n < SPRINT - 1:
                    await pilot.press("n")
            else:
                await answer(pilot, screen, f"{drill.expected:.6g} {drill.unit}")
        await until(
            pilot, lambda: isinstance(app.screen, DrillSummaryScreen) or screen.phase == "answered", "end"
        )
        if not isinstance(app.screen, DrillSummaryScreen):
            await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, DrillSummaryScreen), "the summary")
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, HomeScreen), "home")
        await pilot.pause()
        home = app.screen
        header = str(home.query_one("#totals", Static).render())
        after = home_rows(home)
        services = app.services
        assert services is not None
        study = services.study
        screen_stats = compute_stats(
            services.store,
            study.today(),
            total_cards=study.counts([])[-1].total,
            drill_decks=study.drill_decks,
        )

    assert "new cards 0 of 20 a day" in header and "reviews 0 of 200 a day" in header
    # the drills' own line: six mixed drills drew from four kinds never tried, the day's limit
    assert "Drill kinds: new 4 of 4 a day" in header
    drill_row = next(key for key in after if key.startswith("drills"))
    for key, (_due, new, total) in before.items():
        if key == drill_row:
            continue
        assert after[key][1] == new, f"{key}: New {new} -> {after[key][1]} after a drill sprint"
        assert after[key][2] == total
    all_due, _, all_total = after["__all__"]
    failed_kinds = after[drill_row][0]
    assert failed_kinds >= 1  # the kinds answered wrong come back today

    monkeypatch.setattr("engine.app.values.utc_now", lambda: clock.now)  # what `flopcards stats` reads
    deck_dirs = [str(d) for d in app.config.settings.deck_dirs]
    argv = ["--db", str(db_path), *[arg for d in deck_dirs for arg in ("--decks", d)], "stats", "--json"]
    assert main(argv) == 0
    cli = json.loads(capsys.readouterr().out)
    # due now: the same items everywhere (every count here is under its daily limit)
    assert screen_stats.future.overdue == all_due == cli["future"]["overdue"]
    # cards in the collection, drill kinds not counted: home, stats screen, CLI
    assert screen_stats.counts.total == all_total == cli["counts"]["total"]
    assert cli["counts"]["new"] == screen_stats.counts.new
