"""A due drill kind in the daily review: graded only by its answer, stored like a drill attempt."""

from __future__ import annotations

import json
import sqlite3
from datetime import UTC
from pathlib import Path

from textual.widgets import Input, Static

from tests.tui.conftest import screen_text, wait_until
from tests.tui.test_review_flow import table_rows, wait_loaded
from tui.screens.review import ReviewScreen


def due_drill(app, clock, kind: str = "kv-cache") -> None:
    """Store a timed-out attempt of `kind` yesterday, so the kind is due today."""
    from drills.attempts import Attempt, record_attempt
    from drills.generator import generate
    from engine.app import Study
    from engine.store.database import open_store
    from engine.studyday import StudyClock

    store = open_store(app.config.settings.db)
    study = Study(store, clock=StudyClock(tz=UTC), now=clock)
    record_attempt(study, Attempt(generate(kind, 1), "", None, 130.0, 120.0))
    store.close()
    clock.advance(days=1)


async def open_drill_review(pilot) -> ReviewScreen:
    home = await wait_loaded(pilot)
    assert table_rows(home)[3][1] == 1  # one drill kind due
    await pilot.press("down", "down", "down", "enter")
    review = pilot.app.screen
    assert isinstance(review, ReviewScreen) and review.card_key == "drills/kv-cache"
    return review


async def test_due_drill_must_be_answered_and_its_attempt_is_stored(make_app, clock, db_path: Path) -> None:
    app = make_app(timer_step=2.5)  # the review reads the timer only when a card shows and is graded
    due_drill(app, clock)
    async with app.run_test(size=(110, 30)) as pilot:
        review = await open_drill_review(pilot)
        drill = review.item.prompt.subject
        box = review.query_one("#answer", Input)
        assert "graded by its answer" in box.placeholder
        await wait_until(  # the key bar is mounted after the card (on a busy machine, frames later)
            pilot, lambda: "^g Give up (graded 0)" in screen_text(app).splitlines()[-1], "the drill's key bar"
        )
        shown = screen_text(app)
        footer = shown.splitlines()[-1]
        assert "ctrl+g: give up (graded 0)" in shown and "^g Give up (graded 0)" in footer, footer
        assert "Show answer" not in footer, footer
        await pilot.press("enter")  # nothing typed: not graded, not revealed
        verdict = review.query_one("#verdict", Static)
        assert "A drill is graded by its answer" in str(verdict.render())
        assert not review.revealed
        await pilot.press("5")  # a grade key types into the box; no grade is given
        box.value = ""
        typed = f"{drill.expected / 2:.5g} {drill.unit.lower()}"  # K only, unit in lower case
        await pilot.press(*typed, "enter")
        shown = str(verdict.render())
        assert "wrong" in shown and "looks like you counted K only" in shown
        assert "graded 1 by your answer" in str(review.query_one("#grades", Static).render())
        assert "tab: letter keys on" in str(review.query_one("#grades", Static).render())
        await pilot.press("u")  # typing on after the verdict undoes nothing
        await app.key_gate.settled()
        assert review.drill_graded is not None and review.session.done == 1
        await pilot.press("enter")  # a failed drill comes back later today, as a fresh showing
        assert app.screen is review and review.drill_graded is None and not review.revealed
        assert review.card_key == "drills/kv-cache" and review.session.done == 1
    with sqlite3.connect(db_path) as conn:
        rows = conn.execute(
            "SELECT kind, seed, params, given, verdict, slip, seconds, grade, gave_up FROM drill_attempt"
            " ORDER BY id"
        ).fetchall()
        log = conn.execute("SELECT card_key, grade FROM review_log ORDER BY id").fetchall()
    assert len(rows) == 2  # yesterday's timed-out one, and today's
    kind, seed, params, given, verdict_text, slip, seconds, grade, gave_up = rows[1]
    assert (kind, seed, given, verdict_text, slip, grade, gave_up) == (
        "kv-cache",
        drill.seed,
        typed,
        "wrong",
        "k-only",
        1,
        0,
    )
    assert json.loads(params) == {p.name: {"value": p.value, "unit": p.unit} for p in drill.params}
    assert seconds > 0
    assert log[-1] == ("drills/kv-cache", 1)


async def test_due_drill_given_up_is_graded_zero(make_app, clock, db_path: Path) -> None:
    app = make_app()
    due_drill(app, clock)
    async with app.run_test(size=(80, 24)) as pilot:  # the question is taller than the card here
        review = await open_drill_review(pilot)
        # the answer box is on screen, not below the fold with what is typed into it unseen
        boxed = "graded by its answer"
        await wait_until(pilot, lambda: boxed in screen_text(app), "the answer box on screen")
        await pilot.press("space")  # no reveal without an answer
        assert not review.revealed
        await pilot.press("ctrl+g")
        assert review.revealed and "gave up" in str(review.query_one("#verdict", Static).render())
        await wait_until(pilot, lambda: "gave up — the solution" in screen_text(app), "the verdict on screen")
        assert "**Answer:" in review.item.prompt.back
    with sqlite3.connect(db_path) as conn:
        query = "SELECT given, grade, gave_up, timed_out FROM drill_attempt ORDER BY id DESC"
        last = conn.execute(query).fetchone()
    assert last == ("", 0, 1, 0)
