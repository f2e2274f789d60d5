"""Several SVG snapshots from one run of the app: screens reached one after another, each shot
compared with the stored SVG of its own test, so the app starts once per chain and size rather than
once per screen (a start costs more CPU than the keys between two screens)."""

from __future__ import annotations

import fcntl
import json
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path

from pytest_textual_snapshot import SVGImageExtension
from syrupy import SnapshotAssertion
from textual.app import App
from textual.pilot import Pilot

Step = tuple[str, Callable[[Pilot[None]], Awaitable[None]]]
"""A screen's name and what brings the app there from the screen before (the first: from the start)."""

_TAKEN: dict[tuple[str, tuple[int, int]], dict[str, str]] = {}
"""Shots taken in this test process, by chain and size: the chain's other tests compare theirs."""

SHARED: list[Path] = []
"""A folder every test process of this run sees (tests/tui/conftest.py sets it): under xdist a
chain's tests may land on several workers (work stealing splits the queue anywhere), and the first
to run the chain leaves its shots there for the others instead of each running the app again."""


async def shot(pilot: Pilot[None]) -> str:
    """The screen as an SVG, after what pytest-textual-snapshot waits for before its own shot."""
    await pilot.pause()
    await pilot.wait_for_scheduled_animations()
    await pilot.pause()
    await pilot.pause()
    await pilot.wait_for_scheduled_animations()
    return pilot.app.export_screenshot(title=pilot.app.title, simplify=True)


def run_chain(app: App[None], size: tuple[int, int], steps: Sequence[Step]) -> dict[str, str]:
    """Each step's shot, from one run of `app` at `size`."""
    shots: dict[str, str] = {}

    async def auto_pilot(pilot: Pilot[None]) -> None:
        for name, step in steps:
            await step(pilot)
            shots[name] = await shot(pilot)
        pilot.app.exit()

    app.run(headless=True, auto_pilot=auto_pilot, size=size)  # type: ignore[arg-type]
    missing = [name for name, _ in steps if name not in shots]
    assert not missing, f"the chain ended before these screens: {missing}"
    return shots


def chain_shot(
    snapshot: SnapshotAssertion,
    chain: str,
    name: str,
    size: tuple[int, int],
    make: Callable[[], App[None]],
    steps: Sequence[Step],
) -> bool:
    """Whether screen `name` of `chain` at `size` matches its stored SVG (the chain runs at most once
    per process and size; its first test to need it runs it)."""
    key = (chain, size)
    if key not in _TAKEN:
        _TAKEN[key] = shared_run(chain, size, make, steps)
    return bool(snapshot.use_extension(SVGImageExtension) == _TAKEN[key][name])


def shared_run(
    chain: str, size: tuple[int, int], make: Callable[[], App[None]], steps: Sequence[Step]
) -> dict[str, str]:
    """The chain's shots at `size`: taken by this process, or read from the one that took them (a
    lock per chain and size: a worker needing a chain another is running waits for its shots)."""
    if not SHARED:
        return run_chain(make(), size, steps)
    base = SHARED[0] / f"{chain}-{size[0]}x{size[1]}"
    with open(base.with_suffix(".lock"), "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        done = base.with_suffix(".json")
        if done.exists():
            shots: dict[str, str] = json.loads(done.read_text())
            return shots
        shots = run_chain(make(), size, steps)  # a chain that fails leaves nothing: the next tries
        done.write_text(json.dumps(shots))
        return shots
