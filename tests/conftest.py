"""Shared fixtures: a real temporary SQLite file, a frozen clock, and no user files from this machine.

It also guards what is under test: the packages imported must be this working tree's files (an
editable install), unless FLOPCARDS_TEST_INSTALLED=1 says the installed copy is meant (CI installs
the package non-editable to test what ships, and then the tree's files must NOT be the ones imported).
"""

from __future__ import annotations

import gc
import importlib
import os
import shutil
import sqlite3
import sys
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
import sqlalchemy as sa

if TYPE_CHECKING:
    from engine.store.database import Store

sys.dont_write_bytecode = False
"""Keep compiled modules, whatever PYTHONDONTWRITEBYTECODE says: without the cache every worker of
every run rewrites the asserts of ~290 test modules and compiles the packages' sources again (a
collection costs 8.5 s of CPU instead of 4.3, paid by each xdist worker; the CLI's subprocesses read
the packages' cache too). The cache is __pycache__/, ignored by git. The packages are imported
after this line (in the fixtures), so their modules are cached as well."""

gc.set_threshold(2000, 10, 100)
"""Full collections 10 times rarer (gen0 every 2,000 allocations instead of 700): a test process
holds a large heap (Textual, SQLAlchemy, sympy, pint; the app freezes its first one only) and each
full collection walked it (0.15-0.5 s each, a fifth of the Pilot tests' CPU, measured 2026-11-28).
When garbage is collected is all this changes: no test reads the collector (the one that must see
garbage gone calls gc.collect())."""

TREE = Path(__file__).resolve().parent.parent
PACKAGES = ("engine", "cards", "drills", "tui")
INSTALLED_VAR = "FLOPCARDS_TEST_INSTALLED"


def imported_from() -> dict[str, Path]:
    """Folder each package was imported from."""
    return {name: Path(str(importlib.import_module(name).__file__)).resolve().parent for name in PACKAGES}


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """`-n auto`: three workers per two cores. A Pilot test spends much of its time waiting (frames,
    the app's threads), so one worker per core leaves the cores idle; on 2 quiet cores (3,175 tests,
    2026-11-28) 3 workers took 142-147 s and 248 s of CPU, 4 workers 151 s and 276 s of CPU (each
    worker collects and imports everything once)."""
    return max(1, (3 * len(os.sched_getaffinity(0)) + 1) // 2)


def pytest_configure(config: pytest.Config) -> None:
    installed = os.environ.get(INSTALLED_VAR) == "1"
    origins = imported_from()
    if installed:
        wrong = {n: p for n, p in origins.items() if p == TREE / n}
        why = f"{INSTALLED_VAR}=1 but these come from the working tree, not the installed package"
    else:
        wrong = {n: p for n, p in origins.items() if p != TREE / n}
        why = (
            f"these are not the working tree's files (install editable: pip install -e '.[test]', "
            f"or set {INSTALLED_VAR}=1 to test the installed copy on purpose)"
        )
    if wrong:
        listed = ", ".join(f"{n} from {p}" for n, p in sorted(wrong.items()))
        raise pytest.UsageError(f"{why}: {listed}")


def pytest_unconfigure(config: pytest.Config) -> None:
    """Collect until nothing is left, then freeze what lives: pytest's unraisable-exception check
    then collects five times more (gc_collect_harder) over an empty young heap instead of walking
    the whole heap five times at each worker's end (~0.3-0.5 s each). Any finalizer's exception
    still comes out here, under pytest's hook, as it would in those five collections."""
    for _ in range(5):
        if not gc.collect():
            break
    gc.freeze()


FAST_FOLDERS = ("engine", "cards", "drills", "store")
"""Test folders of the inner loop (`pytest -m fast`): the headless core, without the terminal app."""


HEAVY_FILES = (
    "sim/test_learner.py",
    "test_readme.py",
    "store/test_faults.py",
    "anki/test_fsrs_vs_anki.py",
    "tui/test_faults_sqlite.py",
    "tui/test_faults_pg.py",
    "tui/test_drill_limits.py",
    "tui/test_kill.py",
    "store/test_recover_bounded.py",
    "store/test_interval_ceiling.py",
)
"""Files whose tests cost seconds of CPU each (measured): they run first, with tests marked `heavy`."""


def _run_order(item: pytest.Item, parts: tuple[str, ...]) -> int:
    """Heavy tests first, then the terminal app's (Pilot) tests, then the many small ones: xdist hands
    tests out in this order, so the workers end on small tests together, not one on a long test."""
    if "/".join(parts) in HEAVY_FILES or item.get_closest_marker("heavy"):
        return 0
    return 1 if parts[:1] == ("tui",) else 2


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    tests = TREE / "tests"
    order: dict[str, int] = {}
    for item in items:
        parts = item.path.relative_to(tests).parts if item.path.is_relative_to(tests) else ()
        if parts and parts[0] in FAST_FOLDERS:
            item.add_marker(pytest.mark.fast)
        order[item.nodeid] = _run_order(item, parts)
    items.sort(key=lambda item: order[item.nodeid])  # stable: collection order within each group


FROZEN_NOW = datetime(2026, 3, 2, 15, 0, tzinfo=UTC)


@pytest.fixture(autouse=True)
def no_user_environment(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Keep the machine running the tests out of them: no real data, settings or deck folders."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("FLOPCARDS_HOME", str(home))
    monkeypatch.setenv("FLOPCARDS_CACHE_DIR", str(home / "cache"))
    monkeypatch.delenv("FLOPCARDS_DB", raising=False)


LOAD_BUDGET_IN_TESTS = 600.0
"""Seconds a deck or template file may take to load in the tests: the app's budget (3 s) is about a
user's machine; on a busy test machine a file must not be skipped for being slow. The tests of the
budget itself set it to 0."""


@pytest.fixture(autouse=True)
def no_load_time_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    import cards.loader
    import drills.loader

    for loader in (cards.loader, drills.loader):
        monkeypatch.setattr(loader, "LOAD_SECONDS", LOAD_BUDGET_IN_TESTS)


@pytest.fixture(scope="session")
def migrated_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An SQLite file the real migrations brought to the head revision, once per test process."""
    from engine.store.database import open_store

    path = tmp_path_factory.mktemp("migrated") / "head.db"
    open_store(path).close()
    with sqlite3.connect(path) as conn:  # everything in the main file: a copy of it alone is whole
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return path


@pytest.fixture(autouse=True)
def new_files_migrated_by_copy(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch, migrated_template: Path
) -> None:
    """A new (empty) SQLite file that open_store would migrate from nothing gets a copy of the
    migrated template instead: the same schema, without running the 12 migrations in every test
    (~0.04 s each, in most of the suite's tests). Files at an older revision, servers and the
    tests marked `real_migration` (which watch a migration run) go through Alembic as before."""
    if request.node.get_closest_marker("real_migration"):
        return
    import engine.store.database as database

    real_upgrade = database.upgrade

    def upgrade(engine: sa.Engine, target: str = "head") -> None:
        name = engine.url.database if engine.dialect.name == "sqlite" else None
        file = Path(name) if name else None
        if target == "head" and file is not None and (not file.exists() or file.stat().st_size == 0):
            shutil.copyfile(migrated_template, file)
            return
        real_upgrade(engine, target)

    monkeypatch.setattr(database, "upgrade", upgrade)


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "flopcards.db"


@pytest.fixture
def store(db_path: Path) -> Iterator[Store]:
    from engine.store.database import open_store

    opened = open_store(db_path)
    yield opened
    opened.close()


class Clock:
    """A controllable UTC clock."""

    def __init__(self, now: datetime = FROZEN_NOW) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **kwargs: float) -> None:
        self.now += timedelta(**kwargs)


@pytest.fixture
def clock() -> Clock:
    return Clock()
