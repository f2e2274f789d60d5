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
    assert doc["params"]["seq"] == {"value": drill.value("seq"), "unit": "tokens"}
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


def test_show_names_a_labelled_given_by_its_label(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "show", "chinchilla-model-size", "--seed", "0")
    assert code == 0
    assert "compute budget = " in out and "c_e21 =" not in out.replace("`", "")
    code, out, _ = run(capsys, "show", "chinchilla-model-size", "--seed", "0", "--json")
    assert json.loads(out)["params"]["c_e21"]["label"] == "compute budget"


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


def test_list_json_shows_level_and_topic_of_at_least_80_kinds(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "list", "--json")
    rows = json.loads(out)
    assert code == 0 and len(rows) >= 80
    assert {r["level"] for r in rows} == {"warm-up", "interview", "senior"}
    assert all(r["topic"] for r in rows)
    code, out, _ = run(capsys, "list", "--json", "--level", "senior")
    senior = json.loads(out)
    assert senior and {r["level"] for r in senior} == {"senior"}
    assert {"plan-fit", "plan-gpus", "plan-speed"} <= {r["id"] for r in senior}
    code, out, _ = run(capsys, "list", "--level", "warm-up")
    assert code == 0 and all(" warm-up " in line for line in out.splitlines())


def test_show_hint_prints_the_question_and_hint_but_not_the_answer(
    capsys: pytest.CaptureFixture[str],
) -> None:
    drill = generate("pipeline-bubble", 3)
    code, out, _ = run(capsys, "show", "pipeline-bubble", "--seed", "3", "--hint")
    assert code == 0
    assert "Hint: each GPU idles p − 1 slots" in out
    assert drill.prompt.split()[0] in out and "Answer:" not in out and "Solution:" not in out
    code, out, _ = run(capsys, "show", "pipeline-bubble", "--seed", "3", "--json")
    assert json.loads(out)["hint"] == drill.hint and json.loads(out)["level"] == "warm-up"


def test_show_by_level_draws_a_kind_of_that_level(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "show", "--level", "senior", "--seed", "7", "--json")
    doc = json.loads(out)
    assert code == 0 and doc["level"] == "senior"
    code, again, _ = run(capsys, "show", "--level", "senior", "--seed", "7", "--json")
    assert json.loads(again)["kind"] == doc["kind"]  # the seed picks the kind too
    code, _, err = run(capsys, "show", "kv-cache", "--seed", "1", "--level", "senior")
    assert code == 1 and err.strip() == "flopcards drill: error: 'kv-cache' is a warm-up drill, not senior"
    code, _, err = run(capsys, "show", "allreduce-busbw", "--seed", "1", "--level", "senior")
    assert code == 1 and err.strip().endswith("'allreduce-busbw' is an interview drill, not senior")


def test_integer_answers_are_shown_as_exact_and_measured_lines_printed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "show", "plan-gpus", "--seed", "2")
    assert code == 0 and "(exact whole number)" in out
    code, out, _ = run(capsys, "check", "plan-gpus", "--seed", "2", "--answer", "1000")
    assert "Not quite" in out


def test_the_worked_solution_prints_the_measured_reality_check() -> None:
    from tui.cli_drill import show_text

    drill = generate("achievable-matmul", 0, overrides={"gpu": "h100-sxm", "n": 8192})
    assert "Reality check: Measured on an H100: 764 TFLOP/s at n = 8192" in " ".join(show_text(drill).split())


def test_check_json_names_the_slip_and_the_reading_rule(capsys: pytest.CaptureFixture[str]) -> None:
    drill = generate("kv-cache", 1)
    half = f"{drill.expected / 2:.4g} gb"
    _, out, _ = run(capsys, "check", "kv-cache", "--seed", "1", "--answer", half, "--json")
    doc = json.loads(out)
    assert doc["slip"] == "k-only" and doc["notes"] == ["read 'gb' as GB"]
    assert "looks like you counted K only" in doc["message"]
