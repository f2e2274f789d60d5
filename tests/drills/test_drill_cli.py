"""`flopcards drill list|show|check`: JSON shapes, human output, exit codes, one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from drills.generator import generate
from tui.cli_drill import main

VERDICTS = {"correct", "close", "wrong", "wrong_unit", "unreadable"}


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_list_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "list", "--json")
    assert code == 0 and err == ""
    rows = json.loads(out)
    assert isinstance(rows, list) and len(rows) >= 20
    assert all({"id", "title", "topic"} <= set(r) for r in rows)
    assert {"kv-cache", "allreduce-time", "pipeline-bubble", "zero3-memory"} <= {r["id"] for r in rows}


def test_list_text_and_leading_drill_word(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "drill", "list")
    assert code == 0
    assert any(line.startswith("kv-cache ") for line in out.splitlines())


def test_show_json_has_question_answer_and_solution(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "show", "kv-cache", "--seed", "4", "--json")
    assert code == 0
    doc = json.loads(out)
    drill = generate("kv-cache", 4)
    assert doc["kind"] == "kv-cache" and doc["seed"] == 4
    assert doc["prompt"] == drill.prompt
    assert doc["params"]["seq"] == {"value": drill.value("seq"), "unit": ""}
    assert doc["params"]["dtype"]["unit"] == "B"
    assert doc["answer"]["value"] == pytest.approx(drill.expected) and doc["answer"]["unit"] == "GB"
    assert doc["tolerance"] == drill.tolerance
    assert doc["conventions"] == list(drill.conventions)
    assert [s["label"] for s in doc["solution"]] == [s.label for s in drill.steps]
    assert all({"label", "formula", "substituted", "value", "unit"} <= set(s) for s in doc["solution"])


def test_show_text_prints_every_part(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "show", "allreduce-time", "--seed", "2")
    drill = generate("allreduce-time", 2)
    assert code == 0
    for needle in (
        "Conventions:",
        "Given:",
        "Answer:",
        "Solution:",
        "per direction",
        drill.value("link"),
        " ms",
    ):
        assert needle in out
    assert all(len(line) <= 100 for line in out.splitlines())


def test_show_without_seed_prints_the_seed_it_drew(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "show", "amdahl", "--json")
    doc = json.loads(out)
    assert code == 0 and isinstance(doc["seed"], int)
    assert generate("amdahl", doc["seed"]).prompt == doc["prompt"]


@pytest.mark.parametrize("answer", ["1.07 GB", "5 ms", "3 parsecs", "", "9**9**9**9"])
def test_check_json_shape_and_exit_zero(capsys: pytest.CaptureFixture[str], answer: str) -> None:
    code, out, _ = run(capsys, "check", "kv-cache", "--seed", "1", "--answer", answer, "--json")
    assert code == 0
    doc = json.loads(out)
    assert {"verdict", "expected", "given", "relative_error", "message"} <= set(doc)
    assert doc["verdict"] in VERDICTS
    assert doc["expected"] == pytest.approx(generate("kv-cache", 1).expected)
    assert doc["given"] == answer


def test_check_verdicts(capsys: pytest.CaptureFixture[str]) -> None:
    drill = generate("pipeline-bubble", 6)
    right = f"{drill.expected:.3f}%"
    _, out, _ = run(capsys, "check", "pipeline-bubble", "--seed", "6", "--answer", right, "--json")
    doc = json.loads(out)
    assert doc["verdict"] == "correct" and doc["relative_error"] < 0.01
    _, out, _ = run(capsys, "check", "pipeline-bubble", "--seed", "6", "--answer", "5 GB", "--json")
    assert json.loads(out)["verdict"] == "wrong_unit"
    code, out, _ = run(capsys, "check", "pipeline-bubble", "--seed", "6", "--answer", "-1")
    assert code == 0 and out.startswith("Not quite") and "Solution:" in out
    _, out, _ = run(capsys, "check", "pipeline-bubble", "--seed", "6", "--answer", right)
    assert out.startswith("Correct") and "Solution:" not in out


@pytest.mark.parametrize(
    "argv",
    [
        ["show", "no-such-kind", "--seed", "1"],
        ["check", "no-such-kind", "--seed", "1", "--answer", "1"],
        ["show", "kv-cache", "--seed", "x"],
        ["check", "kv-cache", "--seed", "1"],
        ["check", "kv-cache", "--answer", "1"],
        ["frobnicate"],
        [],
    ],
)
def test_errors_are_one_line_and_nonzero(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code, out, err = run(capsys, *argv)
    assert code != 0
    assert out == ""
    assert len(err.strip().splitlines()) == 1 and err.startswith("flopcards drill: error:")


def test_unknown_kind_names_the_kind(capsys: pytest.CaptureFixture[str]) -> None:
    _, _, err = run(capsys, "show", "no-such-kind", "--seed", "1")
    assert "no-such-kind" in err and "drill list" in err


def test_help_exits_zero(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--help")
    assert code == 0 and "list" in out


def test_user_templates_folder(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    (tmp_path / "t.yaml").write_text(
        "id: user-one\ntitle: One\ntopic: Custom\nprompt: 'Type {x}. Answer in GB.'\n"
        "conventions: ['GB = 10^9 bytes.']\nparams: {x: {choice: [3], unit: GB}}\n"
        "answer: {formula: 'x', unit: GB}\nsteps: [{label: x, formula: 'x', unit: GB}]\n",
        encoding="utf-8",
    )
    (tmp_path / "broken.yaml").write_text("id: [\n", encoding="utf-8")
    code, out, err = run(
        capsys, "check", "user-one", "--seed", "0", "--answer", "3 GB", "--templates", str(tmp_path), "--json"
    )
    assert code == 0 and json.loads(out)["verdict"] == "correct"
    assert "broken.yaml" in err and err.startswith("warning:")
