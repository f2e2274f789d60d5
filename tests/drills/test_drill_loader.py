"""Template loading: bundled templates are clean; broken user files are reported, never fatal."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from drills.generator import generate
from drills.loader import BUNDLED_DIR, load_templates
from engine.units import same_dimension

GOOD = """\
id: user-double
title: Double it
topic: Custom
prompt: "What is twice {x} GB? Answer in GB."
conventions: ["GB = 10^9 bytes."]
params:
  x: {range: [1, 10], step: 1, unit: GB}
answer: {formula: "2 * x", unit: GB}
steps:
  - {label: Double, formula: "2 * x", unit: GB}
"""

REQUIRED_KINDS = {
    "train-memory-adam",
    "train-memory-breakdown",
    "ddp-memory",
    "zero1-memory",
    "zero2-memory",
    "zero3-memory",
    "fsdp-peak",
    "kv-cache",
    "allreduce-time",
    "reduce-scatter-time",
    "all-gather-time",
    "pipeline-bubble",
    "activation-memory",
    "activation-checkpointing",
    "tp-comm-per-layer",
    "roofline-intensity",
    "roofline-ridge",
    "roofline-attainable",
    "amdahl",
    "specdec-tokens",
    "specdec-speedup",
    "serving-capacity",
    "training-time",
    "quantized-size",
}


BUNDLED = load_templates()
"""Loaded once for the per-kind checks below (loading every template per test is slow)."""


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def test_bundled_templates_load_without_problems() -> None:
    loaded = load_templates()
    assert loaded.problems == ()
    assert set(loaded.templates) >= REQUIRED_KINDS


@pytest.mark.parametrize("kind", sorted(BUNDLED.templates))
def test_prompt_asks_for_the_answer_unit(kind: str) -> None:
    spec = BUNDLED.templates[kind].spec
    ask = re.search(r"Answer (in|as) (.*)$", spec.prompt.strip())
    assert ask, f"{kind}: the prompt must end by saying how to answer"
    if spec.answer.unit not in ("", "x"):
        assert spec.answer.unit in ask.group(2).split(" ")[0], kind
    if spec.answer.unit == "x":
        assert "factor" in ask.group(2)


@pytest.mark.parametrize("kind", sorted(BUNDLED.templates))
def test_step_units_are_consistent_with_the_answer(kind: str) -> None:
    spec = BUNDLED.templates[kind].spec
    assert same_dimension(spec.steps[-1].unit, spec.answer.unit), kind


def test_a_user_folder_adds_templates(tmp_path: Path) -> None:
    write(tmp_path, "double.yaml", GOOD)
    loaded = load_templates([tmp_path])
    assert loaded.problems == ()
    drill = generate("user-double", 3, templates=loaded)
    assert drill.expected == 2 * drill.value("x")
    assert "user-double" not in load_templates().templates


def variant(new_id: str, old: str, new: str) -> str:
    """GOOD with another id and one text replaced (the replaced text must exist)."""
    assert old in GOOD
    return GOOD.replace("id: user-double", f"id: {new_id}").replace(old, new)


ANSWER = 'answer: {formula: "2 * x", unit: GB}'
X_PARAM = "{range: [1, 10], step: 1, unit: GB}"
BROKEN = {  # file -> (text, line of the problem, part of its message)
    "syntax.yaml": ("id: [unclosed\n", 2, "YAML syntax"),  # libyaml reports the end of input
    "unknown-key.yaml": (variant("a\ncolour: red", "", ""), 2, "colour"),
    "bad-name.yaml": (
        variant("b", ANSWER, ANSWER.replace("2 * x", "2 * y")),
        8,
        "unknown or non-numeric name(s): y",
    ),
    "evil.yaml": (variant("c", ANSWER, ANSWER.replace("2 * x", "__import__('os')")), 8, "not allowed"),
    "placeholder.yaml": (variant("d", "{x} GB", "{z} GB"), 4, "unknown placeholder '{z}'"),
    "cycle.yaml": (
        variant("e", f"x: {X_PARAM}", "x: {formula: 'y + 1'}\n  y: {formula: 'x * 2'}"),
        7,
        "cycle",
    ),
    "kind.yaml": (variant("f", X_PARAM, "{between: [1, 2]}"), 7, "catalog, choice"),
    "catalog.yaml": (
        variant("g", X_PARAM, "{catalog: gpus, fields: {bw: warp_speed}}"),
        7,
        "unknown gpus field 'warp_speed' (known: bf16_tflops, fp4_tflops,",
    ),
    "catalog-where.yaml": (  # the line of the unknown field itself, not of its param
        variant(
            "g2",
            X_PARAM,
            "\n    catalog: gpus\n    where:\n      hbm_gb: 80\n      warp: 4\n    fields: {bw: hbm_gbs}",
        ),
        11,
        "unknown gpus field 'warp' (known: ",
    ),
    "catalog-fields.yaml": (
        variant("g3", X_PARAM, "\n    catalog: gpus\n    fields:\n      bw: hbm_gbs\n      fl: flops"),
        11,
        "unknown gpus field 'flops' (known: ",
    ),
    "empty-range.yaml": (variant("h", "[1, 10]", "[10, 1]"), 7, "empty"),
    "unit.yaml": (variant("i", "unit: GB}\nsteps", "unit: furlongs}\nsteps"), 8, "unknown unit"),
    "list.yaml": ("- 1\n- 2\n", 1, "mapping"),
    "duplicate.yaml": (variant("kv-cache", "", ""), 1, "duplicate template id"),
    "label.yaml": (variant("j", X_PARAM, X_PARAM.replace("}", ', label: "x = 2 * y"}')), 7, "plain words"),
    "label-twice.yaml": (
        variant("k", X_PARAM, X_PARAM.replace("}", ", label: size}\n  y: {choice: [1], label: Size}")),
        8,
        "label 'Size' is already the label of 'x'",
    ),
}


def test_broken_files_are_reported_with_file_and_line(tmp_path: Path) -> None:
    for name, (text, _, _) in BROKEN.items():
        write(tmp_path, name, text)
    write(tmp_path, "zz-good.yaml", GOOD)
    loaded = load_templates([tmp_path])
    assert "user-double" in loaded.templates  # the good file still loads...
    assert "kv-cache" in loaded.templates and loaded.templates["kv-cache"].path.startswith(
        str(BUNDLED_DIR)
    )  # ...and a duplicate id never replaces a bundled template
    by_file = {Path(p.file).name: p for p in loaded.problems}
    assert set(by_file) == set(BROKEN)
    for name, (_, line, needle) in BROKEN.items():
        problem = by_file[name]
        assert needle in problem.message, (name, problem)
        assert problem.line == line, (name, problem)
        assert f"{name}:{line}:" in str(problem)


def test_missing_folder_is_a_problem_not_a_crash(tmp_path: Path) -> None:
    loaded = load_templates([tmp_path / "nowhere"])
    assert [p.message for p in loaded.problems] == ["not a folder"]
    assert set(loaded.templates) >= REQUIRED_KINDS


def test_oversized_file_is_refused(tmp_path: Path) -> None:
    write(tmp_path, "huge.yaml", GOOD + "#" * 300_000)
    loaded = load_templates([tmp_path])
    assert "larger than" in loaded.problems[0].message


def test_drill_files_in_deck_folders_are_templates(tmp_path: Path) -> None:
    nested = tmp_path / "papers"
    nested.mkdir()
    write(nested, "double.drill.yaml", GOOD)
    write(tmp_path, "my-deck.yaml", "id: mine\ntitle: Mine\ncards: []\n")
    loaded = load_templates(deck_dirs=[tmp_path, tmp_path / "missing"])
    assert loaded.problems == ()
    assert "user-double" in loaded.templates
    assert generate("user-double", 1, templates=loaded).expected > 0
