"""The command line finishes what it starts: options whose value is a subcommand's name, one error
format, unknown decks listed before any screen, every problem in one validate, no folder made by a typo."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from tests.tui.test_cli import run as run_process
from tui.cli import SUBCOMMANDS, build_parser, main

BAD_DECK = """\
id: mixed-faults
title: Three faults at once
cards:
  - id: a
    front: What?
    back: This.
    tags: [x]
    bogus_field: 3
  - id: a
    front: Again?
    back: That.
    tags: [x]
  - id: b
    front: How big?
    back: One byte.
    tags: [x]
    answer:
      value: 1
      unit: floopbytes
"""


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("value", ["fsrs", "sm2"])
def test_an_option_value_is_never_taken_for_a_subcommand(value: str) -> None:
    args, rest = build_parser().parse_known_args(["--scheduler", value])
    assert (args.scheduler, args.command, rest) == (value, None, [])  # the app starts, with FSRS


def test_decks_option_named_like_a_subcommand(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "decks").mkdir()
    (tmp_path / "decks" / "mine.yaml").write_text("id: mine\ntitle: Mine\ncards: []\n")
    code, out, err = run(capsys, "--db", str(tmp_path / "f.db"), "--decks", "decks", "decks", "--json")
    assert code == 0, err
    listing = json.loads(out)
    assert "mine" in [d["id"] for d in listing["decks"]]
    assert str(Path("decks")) in listing["extra_folders"]


def test_global_options_before_a_subcommand_with_its_own_options(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "--scheduler", "fsrs", "--db", str(tmp_path / "f.db"), "stats", "--json")
    assert code == 0, err
    assert "retention" in out


@pytest.mark.parametrize(
    ("args", "prog", "message"),
    [
        (["stats", "--period", "fortnight"], "flopcards stats", "argument --period: invalid choice"),
        (["cache", "empty"], "flopcards cache", "argument action: invalid choice"),
        (["db", "vacuum"], "flopcards db", "argument action: invalid choice"),
        (["fsrs", "tune"], "flopcards fsrs", "argument action: invalid choice"),
        (["export", "grill"], "flopcards export", "the following arguments are required: --to"),
        (["exam", "grill", "--n", "0"], "flopcards exam", "argument --n: the number of questions"),
        (["teach"], "flopcards", "argument SUBCOMMAND: invalid choice: 'teach'"),
        (["--bogus"], "flopcards", "unrecognized arguments: --bogus"),
    ],
)
def test_one_error_format_everywhere(
    args: list[str], prog: str, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "--db", str(tmp_path / "f.db"), *args)
    assert code == 2
    assert err.startswith(f"{prog}: error: {message}"), err
    assert len(err.strip().splitlines()) == 1 and "usage:" not in err and out == ""


def test_an_unknown_exam_deck_lists_the_decks_without_opening_the_screen(tmp_path: Path) -> None:
    started = time.monotonic()
    result = run_process("--db", str(tmp_path / "f.db"), "exam", "nosuch")
    elapsed = time.monotonic() - started
    assert result.returncode == 2
    assert result.stdout == ""  # no escape sequence: the screen was never taken over
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("flopcards exam: error: no deck 'nosuch' (decks: ")
    assert "grill" in lines[0] and "systems" in lines[0]
    assert elapsed < 30  # generous: a loaded machine; the point is it does not wait on a screen


def test_validate_lists_a_schema_error_a_duplicate_id_and_an_unknown_unit_in_one_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    deck = tmp_path / "mixed.yaml"
    deck.write_text(BAD_DECK)
    code, out, _ = run(capsys, "validate", str(deck))
    assert code == 1
    assert f"{deck}:8:5: error: unknown key 'bogus_field'" in out
    assert f"{deck}:9:9: error: duplicate card id 'a' (first used at line 4)" in out
    assert f"{deck}:19:13: error: answer unit: unknown unit 'floopbytes'" in out
    assert "3 errors" in out


def test_new_deck_refuses_a_bundled_id(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "new", "deck", "grill")
    assert code == 2
    assert err.startswith("flopcards new: error: deck id 'grill' is already used by a bundled deck ")
    from engine.settings import user_deck_dir

    assert not (user_deck_dir() / "grill.yaml").exists()


def test_decks_names_the_users_deck_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from engine.settings import user_deck_dir

    code, out, _ = run(capsys, "--db", str(tmp_path / "f.db"), "decks")
    assert code == 0
    assert f"Your deck folder: {user_deck_dir()}" in out
    code, out, _ = run(capsys, "--db", str(tmp_path / "f.db"), "decks", "--json")
    assert json.loads(out)["deck_folder"] == str(user_deck_dir())


def test_a_db_in_a_missing_folder_is_refused_unless_create(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    typo = tmp_path / "fla" / "f.db"
    code, _, err = run(capsys, "--db", str(typo), "stats")
    assert code == 2
    assert err.strip() == f"flopcards: error: --db {typo}: no folder {typo.parent} (add --create to make it)"
    assert not typo.parent.exists()
    code, _, err = run(capsys, "--db", str(typo), "--create", "stats")
    assert code == 0, err
    assert typo.exists()


def test_export_to_a_missing_folder_is_refused_unless_create(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "nowhere" / "grill.txt"
    code, _, err = run(capsys, "export", "grill", "--to", str(target))
    assert code == 2
    assert err.startswith(f"flopcards export: error: --to {target}: no folder {target.parent}")
    assert not target.parent.exists()
    code, _, err = run(capsys, "export", "grill", "--to", str(target), "--create")
    assert code == 0, err
    assert target.read_text().startswith("#separator:tab")


def test_every_subcommand_is_in_the_help() -> None:
    out = run_process("--help").stdout
    for name in SUBCOMMANDS:
        assert f"    {name} " in out or f"    {name}\n" in out, name
