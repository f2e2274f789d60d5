"""No password of a database URL is ever printed: an unexpected crash of the real app in a terminal,
a database that cannot be reached, a refused --db."""

from __future__ import annotations

import fcntl
import os
import select
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

from engine.redact import mask_secrets
from tui.cli import main

from .test_cli import run

DRIVER = Path(__file__).with_name("crash_driver.py")
SECRET = "S3cret"


def in_terminal(args: list[str], tmp_path: Path, timeout: float = 90) -> tuple[int, str]:
    """Run a command on a pseudo-terminal (80x24) as a person would; (exit code, all it printed)."""
    main, child = os.openpty()
    fcntl.ioctl(child, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    env = {**os.environ, "TERM": "xterm-256color", "HOME": str(tmp_path), "XDG_CACHE_HOME": str(tmp_path)}
    proc = subprocess.Popen(args, stdin=child, stdout=child, stderr=child, env=env, close_fds=True)
    os.close(child)
    out = bytearray()
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        ready, _, _ = select.select([main], [], [], 0.2)
        if ready:
            try:
                chunk = os.read(main, 65536)
            except OSError:  # the terminal closed: the command has ended
                break
            if not chunk:
                break
            out += chunk
        elif proc.poll() is not None:
            break
    else:
        proc.kill()
    os.close(main)
    return proc.wait(timeout=30), out.decode("utf-8", "replace")


def test_an_unexpected_crash_prints_no_password_and_no_local_variables(tmp_path: Path) -> None:
    url = f"postgresql://u:{SECRET}@127.0.0.1:9/flopcards"
    code, printed = in_terminal([sys.executable, str(DRIVER), "--db", url, "--no-cache"], tmp_path)
    assert code == 1
    assert "RuntimeError: unexpected failure while opening" in printed  # the report, wrapped at 80
    assert "postgresql://u:***@127.0.0.1:9/flopcards" in printed
    assert "internal error" in printed
    assert SECRET not in printed
    assert "url = " not in printed and "config = " not in printed  # no local variables listed


def test_a_server_that_cannot_be_reached_is_reported_without_its_password(tmp_path: Path) -> None:
    url = f"postgresql://u:{SECRET}@127.0.0.1:9/flopcards"  # nothing listens on port 9
    code, printed = in_terminal([*run_command(), "--db", url, "--no-cache"], tmp_path)
    assert code == 2
    assert "flopcards: error: cannot open the database at" in printed and "Connection refused" in printed
    assert SECRET not in printed


def run_command() -> list[str]:
    from .test_cli import flopcards_command

    return flopcards_command()


def test_a_refused_db_url_is_echoed_masked() -> None:
    result = run("--db", f"mysql://u:{SECRET}@host/x", "decks")
    assert result.returncode != 0
    assert SECRET not in result.stdout + result.stderr


def test_mask_secrets_covers_every_scheme_and_form() -> None:
    cases = {
        f"ok: postgresql+psycopg://flopcards:{SECRET}@/x?host=/tmp/s": "flopcards:***@/x",
        f"mysql://u:P@{SECRET}@host/x": "mysql://u:***@host/x",
        f"redis://:{SECRET}@h:6379": "redis://:***@h",
        f"host=/tmp user=u password={SECRET} dbname=x": "password=*** dbname=x",
        f"{{'password': '{SECRET}', 'user': 'u'}}": "'password': '***'",
        f"postgresql://u@h/x?password={SECRET}&sslmode=require": "password=***",
    }
    for text, kept in cases.items():
        masked = mask_secrets(text)
        assert SECRET not in masked and kept in masked, masked
    assert mask_secrets("sqlite:////home/me/flopcards.db") == "sqlite:////home/me/flopcards.db"
    assert mask_secrets("see https://example.org/a@b") == "see https://example.org/a@b"


def test_db_copy_to_a_server_that_cannot_be_reached_names_it_without_its_password(tmp_path: Path) -> None:
    source = tmp_path / "f.db"
    from engine.store.database import open_store

    open_store(source).close()
    result = run("db", "copy", str(source), f"postgresql://u:{SECRET}@127.0.0.1:9/x")
    assert result.returncode == 2
    assert "postgresql+psycopg://u:***@127.0.0.1:9/x" in result.stderr
    assert SECRET not in result.stdout + result.stderr


@pytest.mark.parametrize("command", [["stats"], ["db", "check"], ["decks"]])
def test_commands_on_a_refused_server_print_one_line(
    command: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    url = f"postgresql://u:{SECRET}@127.0.0.1:9/x"  # nothing listens on port 9
    assert main(["--db", url, "--no-bundled", "--no-cache", *command]) == 2
    captured = capsys.readouterr()
    assert len(captured.err.strip().splitlines()) == 1, captured.err
    assert "Connection refused" in captured.err
    assert SECRET not in captured.out + captured.err
