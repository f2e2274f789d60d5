"""The installed `flopcards` console script: --version, --help, --db and bad input."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tui.cli import main, package_version


def flopcards_command() -> list[str]:
    script = shutil.which("flopcards", path=str(Path(sys.executable).parent))
    return [script] if script else [sys.executable, "-m", "tui.cli"]


def run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*flopcards_command(), *args],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, **(env or {})},
        stdin=subprocess.DEVNULL,
    )


def test_version() -> None:
    result = run("--version")
    assert result.returncode == 0
    assert result.stdout.strip() == f"flopcards {package_version()}"


def test_help_mentions_db_and_subcommands() -> None:
    result = run("--help")
    assert result.returncode == 0
    assert "--db" in result.stdout and "drill" in result.stdout


def test_not_a_database_is_refused_with_a_message(tmp_path: Path) -> None:
    bad = tmp_path / "notes.txt"
    bad.write_text("hello")
    result = run("--db", str(bad))
    assert result.returncode == 2
    assert "not an SQLite database" in result.stdout + result.stderr
    assert bad.read_text() == "hello"


def test_negative_limit_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--new-per-day", "-1"]) == 2
    message = "flopcards: error: --new-per-day must be a whole number 0-10000, not -1"
    assert capsys.readouterr().err.strip() == message
