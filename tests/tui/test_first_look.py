"""The home's first look: counts from the last load's outline, the same as the open decks show,
dropped as soon as a deck file or folder changes, and never trusted when the cache is damaged."""

from __future__ import annotations

import shutil
from datetime import UTC
from pathlib import Path

import pytest

import tui.start
from engine.app import Grade
from engine.settings import Settings
from engine.studyday import StudyClock
from tui.app import FlopcardsApp
from tui.config import AppConfig
from tui.screens.review import ReviewScreen
from tui.services import load_services
from tui.start import first_look

DATA = Path(__file__).parents[1] / "data"


@pytest.fixture
def decks(start_config: AppConfig) -> Path:
    return start_config.deck_dirs[0]


@pytest.fixture
def config(start_config: AppConfig) -> AppConfig:
    return start_config


def test_first_look_is_what_the_open_decks_show(opened, config: AppConfig) -> None:
    assert first_look(config) is None, "no outline before a first load"
    services = opened(config)
    try:
        session = services.review(None)
        session.answer(Grade.BLACKOUT, 4.0)  # failed: a same-day repeat, due again today
        session.answer(Grade.WELL, 4.0)
        services.study.change_mark(session.queue[0], suspended=True)
        view = first_look(config)
        assert view is not None
        assert view == services.home_view()
        titles = [title for title, _ in view.rows]
        assert titles == ["All decks", "Basics", "Serving", "Drill kinds (review the ones you miss)"]
        assert view.rows[-1][1].total > 60, "every bundled drill kind"
        assert view.rows[0][1].due == 1 and view.totals.reviews == 2
        assert view.decks_skipped and "zz-broken.yaml" in view.load_problems[0].path
    finally:
        services.close()


@pytest.mark.parametrize("change", ["edit", "add", "remove"])
def test_a_changed_deck_folder_drops_the_outline(opened, config: AppConfig, decks: Path, change: str) -> None:
    opened(config).close()
    assert first_look(config) is not None
    if change == "edit":
        with (decks / "basics.yaml").open("a") as file:
            file.write("\n")
    elif change == "add":
        shutil.copy(decks / "serving.yaml", decks / "sub-copy.yaml")
    else:
        (decks / "serving.yaml").unlink()
    assert first_look(config) is None
    opened(config).close()  # the next load keeps a fresh outline
    assert first_look(config) is not None


def test_damaged_or_foreign_cache_is_not_trusted(opened, config: AppConfig, monkeypatch) -> None:
    opened(config).close()
    monkeypatch.setattr(tui.start, "cache_version", lambda: "other code")
    assert first_look(config) is None, "an outline kept by other code"
    monkeypatch.undo()
    assert config.cache_dir is not None
    (config.cache_dir / "files.sqlite3").write_bytes(b"not a cache at all" * 100)
    for suffix in ("-wal", "-shm"):
        (config.cache_dir / f"files.sqlite3{suffix}").unlink(missing_ok=True)
    assert first_look(config) is None
    opened(config).close()
    assert first_look(config) is not None


async def test_counts_show_before_the_decks_open_and_enter_shows_the_first_card(
    opened, config: AppConfig, held_load, seen, until
) -> None:
    opened(config).close()
    app = FlopcardsApp(config)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.1)
        text = seen(app)
        assert app.services is None
        assert "Basics" in text and "Serving" in text and "Today: 0 answers" in text, text
        assert "Skipped a deck with problems" in text  # the path is cut at 80 columns
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, ReviewScreen), "the early card")
        await pilot.pause()
        assert app.services is None, "shown from the start-up glance, before the decks are open"
        assert "How many bytes per parameter" in seen(app)
        held_load.set()
        await until(pilot, lambda: app.services is not None, "the load")


def test_the_shipped_bundled_outline_is_current() -> None:
    from tui.bundled_outline import main

    assert main(["--check"]) == 0, "run: python -m tui.bundled_outline"


def test_an_empty_cache_counts_the_bundled_decks_from_the_shipped_outline(
    tmp_path: Path, db_path: Path, clock
) -> None:
    user = tmp_path / "my-decks"
    config = AppConfig(
        settings=Settings(db=str(db_path), deck_dirs=(user,)),
        include_bundled=True,
        now=clock,
        clock=StudyClock(day_start_hour=4, tz=UTC),
        cache_dir=tmp_path / "empty-cache",
    )
    assert first_look(config) is None, "no database yet"
    services = load_services(config)  # creates the database (what the first start does)
    try:
        view = first_look(config)
        assert view is not None
        assert view == services.home_view()
        assert len(view.rows) > 10 and view.rows[0][1].new == 20
    finally:
        services.close()
    user.mkdir()
    (user / "notes.txt").write_text("not a deck")
    assert first_look(config) is not None, "no deck or template file among the user's"
    shutil.copy(DATA / "decks" / "basics.yaml", user / "basics.yaml")
    assert first_look(config) is None, "a user deck: the shipped outline does not know it"


def test_the_start_path_loads_nothing_heavy() -> None:
    import subprocess
    import sys

    code = (
        "import sys, tui.app, tui.start, tui.screens.home\n"
        "heavy = ('pydantic', 'sqlalchemy', 'alembic', 'yaml', 'sympy', 'pint', 'cards.loader')\n"
        "print(sorted(m for m in heavy if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]", out.stdout + out.stderr
