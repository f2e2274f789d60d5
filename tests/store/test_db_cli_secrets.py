"""`flopcards db` on a PostgreSQL URL holding a password (base64-like: a '/' in it), against the
suite's real server: whatever goes wrong - no server on the port, no such database, a port that is
not a number, a driver's error after the open - one line, the password masked, no traceback; nor
does the line that says all is well print it."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.app.values import Grade, Settings
from tests.store.conftest import PgServer
from tui.cli import main

SECRET = "Zq9/se+cret="


def _db(url: str, *command: str, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(["--db", url, "--no-bundled", "--no-cache", "db", *command])
    printed = capsys.readouterr()
    assert SECRET not in printed.out + printed.err
    assert "Traceback" not in printed.err
    return code, printed.out, printed.err


def _one_line(err: str) -> str:
    assert len(err.strip().splitlines()) == 1, err
    return err.strip()


def test_db_check_on_a_server_never_prints_the_password(
    pg_url: str, pg_server: PgServer, capsys: pytest.CaptureFixture[str]
) -> None:
    url = pg_url.replace("flopcards@", f"flopcards:{SECRET}@")  # the test server trusts every password
    code, out, _ = _db(url, "check", capsys=capsys)
    assert code == 0 and out.startswith("ok: postgresql+psycopg://flopcards:***@/t_")

    missing = url.replace("/t_", "/nothere_t_")
    code, _, err = _db(missing, "check", capsys=capsys)
    assert code == 2 and "does not exist" in _one_line(err)

    unreachable = f"postgresql://u:{SECRET}@127.0.0.1:9/x"  # nothing listens on port 9
    code, _, err = _db(unreachable, "check", capsys=capsys)
    assert code == 2 and "Connection refused" in _one_line(err)

    not_a_port = f"postgresql://u:{SECRET}@127.0.0.1:fivefour/x"
    code, _, err = _db(not_a_port, "check", capsys=capsys)
    assert code == 2 and _one_line(err).startswith("flopcards db: error: cannot read the database URL")


def test_a_drivers_error_after_the_open_is_its_reason_on_one_line(
    pg_url: str, pg_server: PgServer, capsys: pytest.CaptureFixture[str]
) -> None:
    """A role that may read the schema's version but no table: the counts fail past open_store,
    as the server's own words (no Python class, no SQL, no link)."""
    assert main(["--db", pg_url, "--no-bundled", "--no-cache", "db", "check"]) == 0  # migrated
    capsys.readouterr()
    pg_server.admin(
        "DO $$ BEGIN CREATE ROLE cli_reader LOGIN; EXCEPTION WHEN duplicate_object THEN NULL; END $$"
    )
    database = pg_url.split("@/", 1)[1].split("?", 1)[0]
    with_reader = pg_server.url(database).replace("flopcards@", "cli_reader@")
    import psycopg

    with psycopg.connect(pg_url.replace("postgresql+psycopg", "postgresql")) as conn:
        conn.execute("GRANT SELECT ON alembic_version, flopcards_meta TO cli_reader")
    reader = with_reader.replace("cli_reader@", f"cli_reader:{SECRET}@")
    code, _, err = _db(reader, "check", capsys=capsys)
    assert code == 2
    assert _one_line(err).startswith("flopcards db: error: the database said: permission denied for table")
    # a command whose store call is not wrapped by the application layer: the same line, not a bug's
    assert main(["--db", reader, "--no-bundled", "--no-cache", "stats"]) == 2
    printed = capsys.readouterr()
    assert SECRET not in printed.out + printed.err
    assert _one_line(printed.err).startswith("flopcards: error: the database said: permission denied")


def test_a_role_refused_by_the_server_is_told_as_a_refusal_not_as_a_server_gone(
    pg_url: str, pg_server: PgServer, capsys: pytest.CaptureFixture[str]
) -> None:
    """SQLSTATE 42501 (insufficient privilege): the `decks` listing and a write of the application
    layer (what a screen's notice shows) name the refusal and the table, not an unreachable server."""
    import psycopg

    from engine.app.errors import AppError, FaultKind
    from tui.config import AppConfig
    from tui.services import load_services

    assert main(["--db", pg_url, "--no-bundled", "--no-cache", "db", "check"]) == 0  # migrated
    capsys.readouterr()
    pg_server.admin(
        "DO $$ BEGIN CREATE ROLE cli_denied LOGIN; EXCEPTION WHEN duplicate_object THEN NULL; END $$"
    )
    database = pg_url.split("@/", 1)[1].split("?", 1)[0]
    owner = pg_url.replace("postgresql+psycopg", "postgresql")
    with psycopg.connect(owner) as conn:
        conn.execute("GRANT SELECT ON alembic_version, flopcards_meta TO cli_denied")
    role = pg_server.url(database).replace("flopcards@", f"cli_denied:{SECRET}@")
    decks = ["--db", role, "--decks", "tests/data/decks", "--no-bundled", "--no-cache", "decks"]
    assert main(decks) == 2
    printed = capsys.readouterr()
    assert SECRET not in printed.out + printed.err
    refused = "flopcards: the database refused: this role may not use table "
    assert _one_line(printed.err).startswith(refused) and printed.err.strip().endswith("(permission denied)")

    with psycopg.connect(owner) as conn:  # a role that may read everything, write nothing
        conn.execute("GRANT SELECT ON ALL TABLES IN SCHEMA public TO cli_denied")
    services = load_services(AppConfig(Settings(db=role, deck_dirs=(Path("tests/data/decks"),)), False))
    try:
        key = services.study.new_keys(None)[0]
        with pytest.raises(AppError) as caught:
            services.study.change_mark(key, suspended=True)
        assert caught.value.kind is FaultKind.DENIED
        marks = "the database refused: this role may not use table card_mark (permission denied)"
        assert caught.value.message == marks
        with psycopg.connect(owner) as conn:  # writes granted, the log's id sequence forgotten
            conn.execute("GRANT INSERT, UPDATE ON ALL TABLES IN SCHEMA public TO cli_denied")
        with pytest.raises(AppError) as caught:
            services.study.answer(key, Grade.WELL, 3.0)
        refused = "the database refused: this role may not use sequence review_log_id_seq"
        assert caught.value.message == f"{refused} (permission denied)"
    finally:
        services.close()
