"""Fixtures for driving the real app: temp database, fixture decks, frozen clock and timer."""

from __future__ import annotations

import asyncio
import os
import random
import shutil
import threading
from collections.abc import Awaitable, Callable, Iterator
from datetime import UTC
from pathlib import Path

import pytest
from textual.app import App
from textual.pilot import Pilot
from textual.widgets import Input, SelectionList

import tui.services
from engine.settings import Settings
from engine.studyday import StudyClock
from tui.app import FlopcardsApp
from tui.config import AppConfig
from tui.screens.drill import DrillScreen
from tui.screens.drill_setup import DrillSetupScreen
from tui.services import Services
from tui.services import load_services as real_load_services

from . import shot_chain

DATA = Path(__file__).parent.parent / "data"


class FakeTimer:
    """A monotonic clock that moves only when told to (each read advances it by `step`).

    The app's screens read it on every 0.2 s tick too, so a nonzero step makes the seconds a test
    sees depend on how long the machine took: the fixtures' timer stands still (step 0)."""

    def __init__(self, step: float = 0.0) -> None:
        self.value = 0.0
        self.step = step

    def __call__(self) -> float:
        self.value += self.step
        return self.value


@pytest.fixture
def make_app(db_path: Path, clock) -> Callable[..., FlopcardsApp]:
    def build(
        *deck_dirs: Path, include_bundled: bool = False, timer_step: float = 0.0, **settings: object
    ) -> FlopcardsApp:
        """`timer_step`: seconds each timer read moves on; only for screens without a ticking
        countdown (the review): the drill and exam screens read the timer on every tick."""
        dirs = deck_dirs or (DATA / "decks",)
        config = AppConfig(
            settings=Settings(db=str(db_path), deck_dirs=tuple(dirs), **settings),
            include_bundled=include_bundled,
            now=clock,
            clock=StudyClock(day_start_hour=4, tz=UTC),
            monotonic=FakeTimer(timer_step),
            warm_up_delay=0.0,
        )
        return FlopcardsApp(config)

    return build


@pytest.fixture(scope="session", autouse=True)
def shared_shots(tmp_path_factory: pytest.TempPathFactory) -> None:
    """Snapshot chains' shots are shared by this run's test processes (tests/tui/shot_chain.py):
    in the folder above the xdist workers' own temporary folders (this run's, removed with it)."""
    if os.environ.get("PYTEST_XDIST_WORKER"):
        shot_chain.SHARED[:] = [tmp_path_factory.getbasetemp().parent]


@pytest.fixture(autouse=True)
def abandoned_loads_end() -> Iterator[None]:
    """After a test, the app's load threads it left behind (a quit abandons the load: a daemon thread
    the real process ends with it) have ended, so none migrates a database or reads decks while the
    next test's app does (Alembic's context is process-wide)."""
    yield
    for thread in threading.enumerate():
        if thread.name == "flopcards-load":
            thread.join(LOAD_JOIN_SECONDS)
            assert not thread.is_alive(), "an app's load thread outlived its test by minutes"


LOAD_JOIN_SECONDS = 300


@pytest.fixture(autouse=True)
def no_cursor_blink(monkeypatch: pytest.MonkeyPatch) -> None:
    """Text boxes start with a steady cursor, so a screenshot never depends on when it was taken."""
    original = Input.__init__

    def steady(self: Input, *args: object, **kwargs: object) -> None:
        original(self, *args, **kwargs)  # type: ignore[arg-type]
        self.cursor_blink = False

    monkeypatch.setattr(Input, "__init__", steady)


@pytest.fixture(autouse=True)
def store_writes_awaited(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """After the keys a test presses, the store writes they started have ended (they run in thread
    workers, tui.store_work), as a person sees a grade saved before the next key. A test that looks
    at a write still pending asks for `writes_pending` instead."""
    if "writes_pending" in request.fixturenames:
        return
    original = Pilot.press

    async def press(self: Pilot[object], *keys: str) -> None:
        await original(self, *keys)
        writes = [w for w in self.app.workers if w.group == "store"]
        if writes:
            await asyncio.wait_for(self.app.workers.wait_for_complete(writes), 120)
            await self.pause()

    monkeypatch.setattr(Pilot, "press", press)


@pytest.fixture
def writes_pending() -> None:
    """Keys pressed return while the store writes they started are still running."""


def screen_text(app: App[object]) -> str:
    """What the terminal shows, as plain text lines: every layer composited, as a person sees it."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


@pytest.fixture
def seen() -> Callable[[App[object]], str]:
    return screen_text


async def wait_until(
    pilot: Pilot[object], condition: Callable[[], object], what: str, timeout: float = 30
) -> None:
    """Let frames pass until `condition()` holds; fail naming `what` after `timeout` seconds.

    Polls every 0.02 s at first, then less often (up to 4 times a second): a long wait (a busy
    timeout, a server restart) must not spend the CPU the app under test needs."""
    step, waited = 0.02, 0.0
    while waited < timeout:
        if condition():
            return
        await pilot.pause(step)
        waited += step
        step = min(step * 1.25, 0.25)
    if not condition():
        try:  # what the screen showed: a wait that fails once in a full run is read from its log
            shown = f"{type(pilot.app.screen).__name__}:\n{screen_text(pilot.app)}"
        except Exception as exc:  # no screen any more
            shown = f"(no screen: {exc!r})"
        raise AssertionError(f"timed out waiting for {what}; the screen showed {shown}")


async def settled(pilot: Pilot[object], frames: int = 3, timeout: float = 60) -> None:
    """Let frames pass until the screen's text stays the same over `frames` frames in a row (a
    DataTable sizes its columns, Markdown lays out, on later refreshes): a condition, not a time,
    so a busy machine makes it slower, never different."""
    previous, same = None, 0
    for _ in range(int(timeout / 0.02)):
        await pilot.pause(0.02)
        now = screen_text(pilot.app)
        same = same + 1 if now == previous else 0
        if same >= frames:
            return
        previous = now
    raise AssertionError(f"the screen kept changing for {timeout} s")


async def open_drill(
    pilot: Pilot[object], kind: str = "kv-cache", amount: str = "2", seed: int = 3
) -> DrillScreen:
    """From the loaded app: the drill setup with a seeded draw, one kind ticked, started."""
    app = pilot.app
    await asyncio.wait_for(app.loaded.wait(), 30)  # type: ignore[attr-defined]
    await pilot.pause()
    setup = DrillSetupScreen(app.services, rng=random.Random(seed))  # type: ignore[attr-defined]
    await app.push_screen(setup)
    await wait_until(pilot, lambda: setup.ready and setup.warm, "the drill kinds to load")
    setup.query_one("#drill-kinds", SelectionList).select(kind)
    setup.query_one("#drill-amount", Input).value = amount
    await pilot.press("enter")
    # the setup starts the session when it has drawn: on a busy machine after the key is handled
    await wait_until(pilot, lambda: isinstance(app.screen, DrillScreen), "the drill screen")
    screen = app.screen
    assert isinstance(screen, DrillScreen)
    await pilot.pause()
    return screen


@pytest.fixture
def drill_opener() -> Callable[..., Awaitable[DrillScreen]]:
    return open_drill


@pytest.fixture
def until() -> Callable[..., Awaitable[None]]:
    return wait_until


HOLD_LIMIT = 300.0
"""Seconds a held load waits before failing the test: a safety net only; a test releases its load."""


@pytest.fixture
def held_load(monkeypatch: pytest.MonkeyPatch) -> Iterator[threading.Event]:
    """The app's load waits until the test sets the returned event (set at teardown too, for a test
    that ends without needing the load). Only the app's own load is held: a test's setup that opens
    services (`opened`) calls the real function."""
    release = threading.Event()

    def held(config: AppConfig, **options: bool) -> Services:
        if not release.wait(HOLD_LIMIT):
            raise AssertionError("held_load: the test never released the load")
        return real_load_services(config, **options)

    monkeypatch.setattr(tui.services, "load_services", held)
    yield release
    release.set()


@pytest.fixture
def held_templates(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[threading.Event, threading.Event]]:
    """The load's reading of the drill templates (after the decks open) waits: yields (reading,
    release), the first set once the load is there, the second set by the test (and at teardown)."""
    read = tui.services.read_templates
    reading, release = threading.Event(), threading.Event()

    def held(config: AppConfig) -> object:
        reading.set()
        release.wait(60)
        return read(config)

    monkeypatch.setattr(tui.services, "read_templates", held)
    yield reading, release
    release.set()


@pytest.fixture
def start_config(tmp_path: Path, db_path: Path, clock) -> AppConfig:  # type: ignore[no-untyped-def]
    """The fixture decks plus a broken one, in a folder of their own, with a deck cache: a start
    after `opened(start_config)` has a first look."""
    folder = tmp_path / "decks"
    shutil.copytree(DATA / "decks", folder)
    shutil.copy(next((DATA / "bad_decks").glob("*.yaml")), folder / "zz-broken.yaml")
    return AppConfig(
        settings=Settings(db=str(db_path), deck_dirs=(folder,), new_per_day=3),
        include_bundled=False,
        now=clock,
        clock=StudyClock(day_start_hour=4, tz=UTC),
        cache_dir=tmp_path / "cache",
        warm_up_delay=0.0,
    )


def open_and_keep(config: AppConfig):  # type: ignore[no-untyped-def]
    """Services as a full load opens them, with the outline and the unseen memos kept for the next start."""
    from engine.store import repo
    from tui.keep_outline import save_outline

    services = real_load_services(config)  # never the held copy: only the app's load is held
    save_outline(config, services)
    services.note_unseen()  # as the app's load does: first looks after it count through the memos
    assert repo.memos(services.store)
    return services


@pytest.fixture
def opened() -> Callable[[AppConfig], object]:
    return open_and_keep
