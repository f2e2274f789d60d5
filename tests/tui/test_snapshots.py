"""SVG snapshots of every screen and every modal at 80x24 and 120x40 (frozen clock and countdown,
seeded drills, fixture decks, steady cursor).

Screens reached one from another share a run of the app (tests/tui/shot_chain.py): each test still
compares its own screen with its own stored SVG."""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Callable
from pathlib import Path

import pytest
from textual.app import App
from textual.widgets import DataTable

from tui.screens.browse import BrowseScreen
from tui.screens.drill import DrillScreen
from tui.screens.drill_setup import DrillSetupScreen
from tui.screens.drill_summary import DrillSummaryScreen
from tui.screens.help import HelpScreen

from .conftest import settled, wait_until
from .shot_chain import chain_shot

DATA = Path(__file__).parent.parent / "data"
SIZES = pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])


def frozen_app(make_app, *deck_dirs: Path):
    app = make_app(*deck_dirs, drill_seconds=120)
    app.config = dataclasses.replace(app.config, monotonic=lambda: 50.0)  # the countdown stays at 2:00
    return app


async def settle(pilot) -> None:
    # DataTable sizes its columns and markdown lays out on later refreshes: until the screen stays
    # the same (three fixed pauses were not enough on a busy machine: browse's columns cut short)
    await settled(pilot)


async def loaded(pilot) -> None:
    await asyncio.wait_for(pilot.app.loaded.wait(), 30)
    # Textual's workers (the key gate's wait of app_load) end before a shot; the load itself is a
    # daemon thread (tui/app_load.py), not waited for here: settle() waits for a steady screen
    await asyncio.wait_for(pilot.app.workers.wait_for_complete(), 60)
    await settle(pilot)


def keys(*pressed: str, first: bool = False, shows: Callable[[App[None]], bool] | None = None):
    """The step pressing these keys (the first step of a chain waits for the load first; `shows`:
    what the screen shows once it is done, waited for before it settles)."""

    async def step(pilot) -> None:
        if first:
            await loaded(pilot)
        for key in pressed:
            await pilot.press(key)
            await pilot.pause()
            await pilot.app.key_gate.settled(30)  # a key held longer than Pilot's 1 s wait is handled
            await asyncio.wait_for(pilot.app.workers.wait_for_complete(), 30)  # e.g. browse's search
        if shows is not None:
            await wait_until(pilot, lambda: shows(pilot.app), "the screen's content")
        await settle(pilot)

    return step


def browse_listed(app: App[None]) -> bool:
    """Browse lists its search's result (its search thread may start after the keys' workers were
    waited for, and end after the screen stayed "Searching…" for a few frames)."""
    screen = app.screen
    if not isinstance(screen, BrowseScreen) or screen.result is None:
        return False
    return screen.query_one("#browse-table", DataTable).row_count == len(screen.result.rows)


CHAINS = {
    "home": ((DATA / "decks", DATA / "long_title"), [("home", keys(first=True))]),
    "home_modals": (
        (DATA / "decks",),
        [
            ("home_help", keys("question_mark", first=True)),
            ("custom_study", keys("escape", "c")),
            ("custom_study_problem", keys("enter")),
            ("review_summary", keys("escape", "down", "down", "enter", "space", "4")),
        ],
    ),
    "review": (
        (DATA / "decks",),
        [
            ("review_front", keys("down", "enter", first=True)),
            ("review_revealed", keys("space")),
            ("review_help", keys("question_mark")),
        ],
    ),
    "review_typed": ((DATA / "typed",), [("review_typed", keys("enter", first=True))]),
    "browse": (
        (DATA / "decks",),
        [
            ("browse", keys("down", "b", first=True, shows=browse_listed)),
            ("browse_help", keys("question_mark")),
            ("browse_card", keys("escape", "enter")),
        ],
    ),
}
SCREENS = {name: chain for chain, (_, steps) in CHAINS.items() for name, _ in steps}


@SIZES
@pytest.mark.parametrize("name", list(SCREENS))
def test_review_side(snapshot, make_app, name: str, size: tuple[int, int]) -> None:
    chain = SCREENS[name]
    deck_dirs, steps = CHAINS[chain]
    assert chain_shot(snapshot, chain, name, size, lambda: frozen_app(make_app, *deck_dirs), steps)


@SIZES
def test_drill_setup(snap_compare, make_app, until, size: tuple[int, int]) -> None:
    async def run_before(pilot) -> None:
        await loaded(pilot)
        await pilot.press("d")
        setup = pilot.app.screen
        assert isinstance(setup, DrillSetupScreen)
        await until(pilot, lambda: setup.ready, "the drill kinds")
        await settle(pilot)

    assert snap_compare(frozen_app(make_app), terminal_size=size, run_before=run_before)


def drill_steps(drill_opener, until, *, slip: bool = False):
    """One drill answered: the question, its help (f1, closed again), the verdict and the summary;
    or (`slip`) the verdict on a slip: K only, the unit in lower case (it names the slip and the
    reading rule)."""
    screen: list[DrillScreen] = []

    async def question(pilot) -> None:
        screen.append(await drill_opener(pilot, amount="1"))
        await settle(pilot)

    async def answered(pilot) -> None:
        drill = screen[0].drill
        assert drill is not None
        if slip:
            typed = f"{drill.expected / 2:.4g} {drill.unit.lower()}"
        else:
            typed = f"{drill.expected * 1.5:.4g} {drill.unit}"
        await pilot.press(*typed, "enter")
        await until(pilot, lambda: screen[0].phase == "answered", "the verdict")
        await settle(pilot)

    async def help_keys(pilot) -> None:
        await pilot.press("f1")
        # a condition, not frames: on a busy machine the drill screen stayed unchanged for three
        # frames before the keys screen came up, and the shot missed it
        await until(pilot, lambda: isinstance(pilot.app.screen, HelpScreen), "the keys")
        await settle(pilot)

    async def help_closed(pilot) -> None:
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(pilot.app.screen, HelpScreen), "the keys closed")
        await settle(pilot)
        await answered(pilot)

    async def summary(pilot) -> None:
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(pilot.app.screen, DrillSummaryScreen), "the summary")
        await settle(pilot)

    if slip:
        return [("question", question), ("slip", answered)]
    return [("question", question), ("help", help_keys), ("verdict", help_closed), ("summary", summary)]


DRILL_STEPS = {"question": "drill", "help": "drill", "verdict": "drill", "summary": "drill", "slip": "slip"}


@SIZES
@pytest.mark.parametrize("step", list(DRILL_STEPS))
def test_drill(snapshot, make_app, drill_opener, until, step: str, size: tuple[int, int]) -> None:
    chain = DRILL_STEPS[step]
    steps = drill_steps(drill_opener, until, slip=chain == "slip")
    assert chain_shot(snapshot, chain, step, size, lambda: frozen_app(make_app), steps)
