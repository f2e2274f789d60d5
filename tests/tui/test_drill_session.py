"""Pilot tests of a drill session in the real app: right, wrong and timed-out attempts and their rows."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import random
import sqlite3
from datetime import timedelta
from pathlib import Path

from textual.widgets import Input, SelectionList, Static

from tui.screens.drill import DrillScreen
from tui.screens.drill_setup import DrillSetupScreen
from tui.screens.drill_summary import DrillSummaryScreen
from tui.screens.home import HomeScreen

KINDS = ("kv-cache", "allreduce-time", "train-memory-adam")
LIMIT = 30


class ManualTimer:
    """A monotonic clock that moves only with `advance`."""

    def __init__(self) -> None:
        self.value = 100.0

    def __call__(self) -> float:
        return self.value

    def advance(self, seconds: float) -> None:
        self.value += seconds


async def until(pilot, condition, what: str, timeout: float = 20.0) -> None:
    async def poll() -> None:
        while not condition():
            await pilot.pause(0.02)

    try:
        await asyncio.wait_for(poll(), timeout)
    except TimeoutError:
        raise AssertionError(f"timed out waiting for {what}") from None


def drill_app(make_app, timer: ManualTimer):
    app = make_app(drill_seconds=LIMIT)
    app.config = dataclasses.replace(app.config, monotonic=timer)
    return app


async def open_setup(pilot, kinds: tuple[str, ...], amount: str, seed: int) -> DrillSetupScreen:
    await asyncio.wait_for(pilot.app.loaded.wait(), 30)
    await pilot.pause()
    await pilot.press("d")
    setup = pilot.app.screen
    assert isinstance(setup, DrillSetupScreen)
    await until(pilot, lambda: setup.ready and setup.warm, "the drill kinds to load")
    setup.rng = random.Random(seed)
    chooser = setup.query_one("#drill-kinds", SelectionList)
    for kind in kinds:
        chooser.select(kind)
    setup.query_one("#drill-amount", Input).value = amount
    return setup


async def answer(pilot, screen: DrillScreen, text: str) -> None:
    await pilot.press(*text)
    await pilot.press("enter")
    await until(pilot, lambda: screen.phase != "checking", "the verdict")


async def test_three_drills_right_wrong_timed_out_are_stored_and_scheduled(
    make_app, db_path: Path, clock
) -> None:
    timer = ManualTimer()
    app = drill_app(make_app, timer)
    async with app.run_test(size=(110, 40)) as pilot:
        await open_setup(pilot, KINDS, "3", seed=5)
        await pilot.press("enter")
        screen = app.screen
        assert isinstance(screen, DrillScreen)

        first = screen.drill
        assert first is not None and first.kind in KINDS
        assert first.prompt in screen.query_one("#drill-question", Static).content.markup
        countdown = screen.query_one("#drill-clock", Static)
        assert "0:30 left" in str(countdown.render())
        timer.advance(12)
        await until(pilot, lambda: "0:18 left" in str(countdown.render()), "the countdown to tick")
        await answer(pilot, screen, f"{first.expected:.6g} {first.unit}")
        second = screen.drill  # a right answer moves on at once, no second enter
        assert screen.phase == "asking" and second is not first
        assert "✓ Correct" in str(screen.query_one("#drill-flash", Static).render())
        assert second is not None and second is not first
        timer.advance(20)
        await answer(pilot, screen, f"{second.expected * 3:.6g} {second.unit}")
        assert "WRONG" in str(screen.query_one("#drill-verdict", Static).render())

        await pilot.press("n")
        third = screen.drill
        assert third is not None and third is not second
        await pilot.press("1")  # typed but never submitted
        timer.advance(LIMIT + 1)
        await until(pilot, lambda: screen.phase == "answered", "the countdown to run out")
        assert "TIME'S UP" in str(screen.query_one("#drill-verdict", Static).render())
        assert screen.query_one("#drill-answer", Input).disabled

        await pilot.press("enter")
        summary = app.screen
        assert isinstance(summary, DrillSummaryScreen)
        shown = str(summary.query_one("#drill-summary-text", Static).render())
        assert "Score 1  ·  accuracy 33% (1 of 3)" in shown
        await pilot.press("enter")
        assert isinstance(app.screen, HomeScreen)

    drills = [first, second, third]
    assert len({d.kind for d in drills}) == 3  # seed 5 draws three different kinds
    with sqlite3.connect(db_path) as conn:
        rows = conn.execute(
            "SELECT kind, seed, params, given, verdict, seconds, timed_out, grade, expected, unit"
            " FROM drill_attempt ORDER BY id"
        ).fetchall()
        states = {
            k: (r, ef, i, due)
            for k, r, ef, i, due in conn.execute(
                "SELECT card_key, repetitions, ef_centi, interval_days, due_day FROM card_state"
            )
        }
        log = conn.execute("SELECT card_key, deck_id, grade FROM review_log ORDER BY id").fetchall()

    assert [(r[0], r[1]) for r in rows] == [(d.kind, d.seed) for d in drills]
    assert [r[4] for r in rows] == ["correct", "wrong", "wrong"]
    assert [r[5] for r in rows] == [12, 20, LIMIT]
    assert [bool(r[6]) for r in rows] == [False, False, True]
    # grades: correct within half the limit -> 5; wrong -> 1; timed out -> 0
    assert [r[7] for r in rows] == [5, 1, 0]
    assert rows[0][3] == f"{first.expected:.6g} {first.unit}" and rows[2][3] == ""
    assert [(r[8], r[9]) for r in rows] == [(d.expected, d.unit) for d in drills]
    params = json.loads(rows[0][2])
    assert params == {p.name: {"value": p.value, "unit": p.unit} for p in first.params}

    assert log == [(f"drills/{d.kind}", "drills", g) for d, g in zip(drills, (5, 1, 0), strict=True)]
    tomorrow = (clock.now + timedelta(days=1)).date().isoformat()
    # SM-2 from a new card (EF 2.50): EF' = EF + 0.1 - (5-q)(0.08 + 0.02(5-q)); a pass schedules
    # repetition 1 at 1 day, a fail restarts at 0 repetitions and is also due tomorrow.
    assert states == {
        f"drills/{first.kind}": (1, 260, 1, tomorrow),
        f"drills/{second.kind}": (0, 196, 1, tomorrow),
        f"drills/{third.kind}": (0, 170, 1, tomorrow),
    }


async def test_bad_amount_then_unreadable_answer_start_nothing_and_can_be_retyped(
    make_app, db_path: Path
) -> None:
    """A bad amount is explained and starts nothing; then, in the drill started after it, an
    unreadable answer is not an attempt and can be retyped (one run of the app for both)."""
    timer = ManualTimer()
    app = drill_app(make_app, timer)
    async with app.run_test(size=(110, 40)) as pilot:
        setup = await open_setup(pilot, ("kv-cache",), "lots", seed=1)
        await pilot.press("enter")
        assert app.screen is setup
        assert "neither a number of drills" in str(setup.query_one("#drill-setup-status", Static).render())
        setup.query_one("#drill-amount", Input).value = "1"
        await pilot.press("enter")
        screen = app.screen
        assert isinstance(screen, DrillScreen)
        await answer(pilot, screen, "lots of bytes")
        assert screen.phase == "asking"
        assert "could not read that" in str(screen.query_one("#drill-verdict", Static).render())
        box = screen.query_one("#drill-answer", Input)
        assert not box.disabled and box.value == "lots of bytes"
        box.value = ""
        drill = screen.drill
        assert drill is not None
        await answer(pilot, screen, f"{drill.expected * 1.01:.6g} {drill.unit}")
        await until(pilot, lambda: isinstance(app.screen, DrillSummaryScreen), "the one-drill session to end")
        assert "Score 1" in str(app.screen.query_one("#drill-summary-text", Static).render())
    with sqlite3.connect(db_path) as conn:
        rows = conn.execute("SELECT given, verdict FROM drill_attempt").fetchall()
    assert rows == [(f"{drill.expected * 1.01:.6g} {drill.unit}", "correct")]
