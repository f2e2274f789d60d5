"""PostgreSQL faults while a review runs: the suite's own server stopped mid-review and started
again, and a server that refuses new connections. The notice on screen is asserted, the grade given
during the fault stays on screen and is saved after it, and no answer the screen showed as saved is
missing from the server."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import psycopg
import pytest
from textual.widgets import Input

from tui.app import FlopcardsApp
from tui.screens.custom_study import CustomStudyScreen

from ..store.conftest import NoServer, PgServer, running_server
from .conftest import wait_until
from .fault_review import grade, open_review, said

DB = "faults"


@pytest.fixture(scope="module")
def own_server() -> Iterator[PgServer]:
    """A server of this module's own (not the suite's shared one): its tests stop and start it.
    One initdb for the module, not one per test: each test gets a database of its own on it."""
    try:
        with running_server() as started:
            yield started
    except NoServer as reason:
        pytest.skip(str(reason))


@pytest.fixture
def server(own_server: PgServer) -> Iterator[PgServer]:
    """The module's server, running, with a fresh database `DB` (the one a previous test used is
    dropped: names stay the same, so the notices and URLs the tests read do not change)."""
    try:
        own_server.admin("SELECT 1")
    except psycopg.OperationalError:  # a failed test may have left it stopped
        own_server.start()
    own_server.admin(f"DROP DATABASE IF EXISTS {DB} WITH (FORCE)")
    own_server.admin(f"CREATE DATABASE {DB} TEMPLATE {migrated_template(own_server)}")
    yield own_server


MIGRATED: dict[str, str] = {}


def migrated_template(server: PgServer) -> str:
    """A database the real migrations brought to head, once per server: each test's database is a
    copy of it (CREATE DATABASE ... TEMPLATE), as the SQLite tests copy a migrated file."""
    name = f"{DB}_head"
    if MIGRATED.get(server.socket_dir) != name:
        from engine.store.database import open_store

        server.admin(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        server.admin(f"CREATE DATABASE {name}")
        open_store(server.url(name)).close()
        MIGRATED[server.socket_dir] = name
    return name


@pytest.fixture
def db_path(server: PgServer) -> str:
    """make_app's database: the server's (with a password, which trust authentication ignores)."""
    return server.url(DB).replace("flopcards@", "flopcards:S3cret@")


def logged(server: PgServer) -> int:
    with psycopg.connect(host=server.socket_dir, port=5432, user="flopcards", dbname=DB) as conn:
        row = conn.execute("SELECT count(*) FROM review_log").fetchone()
        return int(row[0]) if row else -1


def assert_no_secret(app: Any) -> None:
    assert "S3cret" not in said(app)
    assert all("S3cret" not in str(n.message) for n in app._notifications)


async def test_server_stopped_mid_review_then_started_loses_no_answer(make_app, server: PgServer) -> None:
    app = make_app()
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        review = await open_review(pilot)
        assert await grade(pilot, review) and await grade(pilot, review)
        server.stop()
        assert not await grade(pilot, review)
        text = said(app)
        reached = "the database cannot be reached (server stopped, or its file or folder gone)"
        assert f"Grade 2 not saved: {reached}." in text
        assert "Grade 2 was not saved — press 2 or space to try again." in text
        assert "Traceback" not in text and app.is_running and review.revealed
        assert_no_secret(app)
        server.start()
        assert await grade(pilot, review, "space")  # the grade given during the outage, saved now
        assert await grade(pilot, review)
        assert review.session.done == 4
    assert logged(server) == 4


async def test_server_refusing_new_connections_keeps_the_grade_until_it_accepts_again(
    make_app, server: PgServer
) -> None:
    app = make_app()
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        review = await open_review(pilot)
        assert await grade(pilot, review)
        server.admin(f"ALTER DATABASE {DB} ALLOW_CONNECTIONS false")
        server.admin(f"SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '{DB}'")
        assert not await grade(pilot, review)
        assert "Grade 2 not saved: the database server refuses new connections." in said(app)
        assert app.is_running and review.revealed
        assert_no_secret(app)
        server.admin(f"ALTER DATABASE {DB} ALLOW_CONNECTIONS true")
        assert await grade(pilot, review, "space")
        assert review.session.done == 2
    assert logged(server) == 2


def test_db_check_names_the_server_without_its_password(server: PgServer, db_path: str) -> None:
    from .test_cli import run

    result = run("--db", db_path, "db", "check")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("ok: postgresql+psycopg://flopcards:***@/faults?host=")
    assert "S3cret" not in result.stdout + result.stderr


async def test_leaving_the_review_and_starting_another_while_the_server_is_down(
    make_app, server: PgServer
) -> None:
    app = make_app()
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        review = await open_review(pilot)
        assert await grade(pilot, review)
        server.stop()
        reached = "the database cannot be reached (server stopped, or its file or folder gone)"
        await pilot.press("escape")  # home: its counts cannot be read now
        await pilot.pause()
        assert f"Counts not refreshed: {reached}." in said(app)
        app.clear_notifications()
        await pilot.press("enter")
        await pilot.pause()
        assert f"Cannot start the review: {reached}." in said(app)
        assert app.is_running and "Traceback" not in said(app)
        assert_no_secret(app)
        server.start()
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is not review and app.screen.__class__ is review.__class__
    assert logged(server) == 1


async def test_server_gone_while_the_load_prepares_search_is_one_line_and_the_app_goes_on(
    make_app, server: PgServer, tmp_path: Path
) -> None:
    """The load's later work (here the search index, read from the server) meets the server gone
    after the home shows: a notice says what was not done and why; no traceback, the app runs.
    Then a search on the browse screen, the stats screen and custom study by tag say why they
    show nothing. Before that, as a role that may not read the drill attempts, the stats say so."""

    held = threading.Lock()  # stands for the index's lock until the test has taken that one

    class HeldSync(FlopcardsApp):
        def _loaded(self, services: Any) -> None:  # on the UI thread: before the load goes on
            nonlocal held
            held = services.search_index()._lock  # its sync waits on this until the server is gone
            held.acquire()
            super()._loaded(services)

    server.admin("DO $$ BEGIN CREATE ROLE reader LOGIN; EXCEPTION WHEN duplicate_object THEN NULL; END $$")
    with psycopg.connect(host=server.socket_dir, port=5432, user="flopcards", dbname=DB) as conn:
        conn.execute("GRANT SELECT ON ALL TABLES IN SCHEMA public TO reader")
        conn.execute("REVOKE SELECT ON drill_attempt FROM reader")  # the stats read it, not the home
    config = make_app().config
    reader = config.settings.db.replace("flopcards:", "reader:")
    app = HeldSync(replace(config, settings=replace(config.settings, db=reader), cache_dir=tmp_path / "c"))
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        try:  # the lock is let go whatever fails here, else the app's close waits for it forever
            await wait_until(pilot, app.counts_shown.is_set, "the home's counts", 60)
            await pilot.press("s")  # the figures' worker meets the refusal (the counts were allowed)
            await wait_until(pilot, lambda: "Stats not read" in said(app), "the stats' summary", 60)
            denied = "the database refused: this role may not use table drill_attempt (permission denied)"
            assert f"Stats not read: {denied}." in said(app)
            await pilot.press("escape")
            server.stop()
        finally:
            if held.locked():
                held.release()
        await wait_until(pilot, app.loaded.is_set, "the load's end", 60)
        await pilot.pause()
        text = said(app)
        reached = "the database cannot be reached (server stopped, or its file or folder gone)"
        assert f"Search index not prepared: {reached}." in text
        assert "Traceback" not in text and app.is_running and app.return_code is None
        app.clear_notifications()
        await pilot.press("b")  # browse: its search reads the cards' states from the server
        await wait_until(pilot, lambda: "Search failed" in said(app), "the search's status", 60)
        assert f"Search failed: {reached}." in said(app)
        await pilot.press("escape", "s")  # the stats: their counts and figures come from the server
        await wait_until(pilot, lambda: "Stats not read" in said(app), "the stats' summary", 60)
        assert f"Stats not read: {reached}." in said(app)
        await pilot.press("escape", "c")  # custom study by tag: its search reads the server too
        await wait_until(pilot, lambda: isinstance(app.screen, CustomStudyScreen), "custom study", 60)
        app.screen.query_one("#custom-value", Input).value = "Pipeline"
        await pilot.press("enter")
        await wait_until(pilot, lambda: "Cannot start:" in said(app), "custom study's problem", 60)
        modal = " ".join(said(app).replace("│", " ").split())  # its line wraps inside the modal
        assert f"Cannot start: {reached}." in modal
        assert app.is_running and app.return_code is None
        assert_no_secret(app)
