"""Every command block of the README runs as written, in order, so the README cannot drift.

`flopcards ...` lines run from a folder that holds what a clone holds (cards/, docs/), with a fresh
user data folder: the first as a process of the installed console script (the command a reader
types exists and starts), the others in this process through the script's own entry point
(tui.cli.main: its exit code and its output; a process start costs ~0.5 s of CPU each, ~20 of
them); a block fenced ```sh needs-a-server (PostgreSQL set-up) is parsed, not run. The install
lines are not run here (pip, network): the fresh clone trial does that; this checks they create
the `.venv` every later line uses.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
from pathlib import Path

import pytest

from tests.tui.test_cli import flopcards_command
from tui.cli import build_parser, main

ROOT = Path(__file__).parents[1]
README = ROOT / "README.md"
FENCE = re.compile(r"^```(\S*)[ \t]*(.*)$")


def command_blocks() -> list[tuple[str, list[list[str]]]]:
    """(fence's tag, the commands of each line) for every ```sh block, in README order."""
    blocks: list[tuple[str, list[list[str]]]] = []
    current: list[list[str]] | None = None
    for line in README.read_text(encoding="utf-8").splitlines():
        fence = FENCE.match(line)
        if fence and current is None and fence.group(1) == "sh":
            current = []
            blocks.append((fence.group(2), current))
        elif line.startswith("```") and current is not None:
            current = None
        elif current is not None and line.strip() and not line.lstrip().startswith("#"):
            for part in line.split("&&"):
                current.append(shlex.split(part, comments=True))
    return blocks


def inline_commands() -> list[list[str]]:
    """`flopcards ...` spans in the prose that name no placeholder (DECK, [--n N], a|b)."""
    spans = re.findall(r"`(flopcards [^`]+)`", README.read_text(encoding="utf-8"))
    return [shlex.split(s) for s in spans if not re.search(r"[A-Z]{2,}|[\[\]|…<>]|\.\.\.", s)]


def test_the_readme_has_its_command_blocks() -> None:
    tags = [tag for tag, _ in command_blocks()]
    assert len(tags) >= 6 and tags.count("needs-a-server") == 1


def test_the_install_lines_make_the_venv_every_later_line_uses() -> None:
    commands = [c for _, block in command_blocks() for c in block]
    makes_venv = [i for i, c in enumerate(commands) if c[:4] == ["python3", "-m", "venv", ".venv"]]
    assert makes_venv, "no line creates .venv"
    for index, command in enumerate(commands):
        if command[0].startswith(".venv/"):
            assert index > makes_venv[0], command
        if command[0] == ".venv/bin/python" and command[1:2] != ["-m"]:
            assert (ROOT / command[1]).is_file(), f"{command[1]} is not in the repository"
        assert not any("/work/" in word for word in command), command  # no build machine's path
    assert "/work/" not in README.read_text(encoding="utf-8")


def run_in_process(command: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    """(exit code, standard error) of `command` run by the console script's entry point here."""
    capsys.readouterr()
    try:
        code = main(command[1:])
    except SystemExit as leaving:  # argparse's usage errors and --help leave this way
        code = leaving.code if isinstance(leaving.code, int) else 1
    return code, capsys.readouterr().err


def test_every_flopcards_command_runs_as_written_in_order(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    clone = tmp_path / "clone"
    clone.mkdir()
    for folder in ("cards", "docs", "drills"):
        (clone / folder).symlink_to(ROOT / folder)
    monkeypatch.setenv("FLOPCARDS_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("FLOPCARDS_DB", raising=False)
    monkeypatch.chdir(clone)
    env = dict(os.environ)
    ran: list[str] = []
    for tag, block in command_blocks():
        for command in block:
            if command[0] != "flopcards":
                continue
            if tag == "needs-a-server":
                build_parser().parse_known_args(command[1:])  # a usage error raises
                continue
            if ran:
                code, err = run_in_process(command, capsys)
            else:
                result = subprocess.run(
                    [*flopcards_command(), *command[1:]],
                    cwd=clone,
                    env=env,
                    capture_output=True,
                    text=True,
                    timeout=120,
                    stdin=subprocess.DEVNULL,
                )
                code, err = result.returncode, result.stderr
            assert code == 0, f"{shlex.join(command)}: {err[-800:]}"
            assert "Traceback" not in err
            ran.append(shlex.join(command))
    assert "flopcards export all --to everything.txt" in ran
    assert "flopcards import docs/examples/anki-sample.apkg --with-history" in ran
    assert len(ran) >= 14
    for command in inline_commands():  # then the prose's, on the collection the blocks made
        if not opens_the_screen_or_needs_an_extra(command):
            code, err = run_in_process(command, capsys)
            assert code == 0, f"{shlex.join(command)}: {err[-800:]}"
            assert "Traceback" not in err
            ran.append(shlex.join(command))
    assert "flopcards db check" in ran


OPENS_THE_SCREEN_OR_NEEDS_AN_EXTRA = {"exam", "optimize"}


def opens_the_screen_or_needs_an_extra(command: list[str]) -> bool:
    """An exam, the optimizer's extra, or a mock interview (its --json prints and leaves)."""
    interview = "interview" in command and "--json" not in command
    return interview or bool(OPENS_THE_SCREEN_OR_NEEDS_AN_EXTRA & set(command))


@pytest.mark.parametrize("command", inline_commands(), ids=shlex.join)
def test_commands_named_in_the_prose_parse(command: list[str]) -> None:
    args, rest = build_parser().parse_known_args(command[1:])
    assert args.command is not None or not rest
