"""The CLI's one-shot store commands (engine.app.store_commands): what they return on a new
collection, and a store fault as one line naming it, with no traceback and nothing written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.app.store_commands import fsrs_parameters, import_histories, interview_records
from engine.faults import AppError, FaultKind
from tui.cli import main

pytestmark = pytest.mark.fast


def test_a_new_collection_has_no_interviews_no_fitted_parameters_and_imports_nothing(tmp_path: Path) -> None:
    db = str(tmp_path / "new.db")
    assert interview_records(db) == []
    assert fsrs_parameters(db) is None
    assert import_histories(db, []) == (0, 0)


def test_interview_json_prints_the_stored_list(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--db", str(tmp_path / "new.db"), "interview", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == []


def test_a_damaged_file_is_one_line_from_each_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    damaged = tmp_path / "collection.db"
    damaged.write_bytes(b"SQLite format 3\x00" + bytes(range(256)) * 16)
    before = damaged.read_bytes()
    with pytest.raises(AppError) as raised:
        fsrs_parameters(str(damaged))
    assert raised.value.kind is FaultKind.DAMAGED
    assert main(["--db", str(damaged), "fsrs", "show"]) == 1
    assert main(["--db", str(damaged), "interview", "--json"]) == 2
    out = capsys.readouterr()
    lines = out.err.strip().splitlines()
    assert out.out == "" and len(lines) == 2 and "Traceback" not in out.err
    assert lines[0].startswith("flopcards fsrs: error: ") and lines[1].startswith("flopcards interview: ")
    said = f"the database at {damaged} is damaged"  # SQLITE_NOTADB: the file, not a passing error
    assert all(said in line and line.endswith("or copy a backup over it.") for line in lines), lines
    assert damaged.read_bytes() == before
