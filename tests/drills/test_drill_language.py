"""Template-language features of issue #13: levels, hints, integer answers, close bands, multiple_of,
measured notes, and `validate` refusing constraints that (almost) never hold."""

from __future__ import annotations

from pathlib import Path

import pytest

from drills.catalog import load_catalog
from drills.generator import check, generate, levels
from drills.loader import load_file, load_templates

BASE = """\
id: {id}
title: Test
topic: Test
prompt: "{{a}} and {{b}}. Answer as a number."
conventions: ["none"]
params:
  a: {{range: [1, 1000], step: 1}}
  b: {{choice: [2, 3, 4]}}
"""


def write(tmp_path: Path, name: str, extra: str) -> Path:
    path = tmp_path / f"{name}.yaml"
    path.write_text(BASE.format(id=name) + extra, encoding="utf-8")
    return path


def test_bundled_kinds_have_a_level_and_a_hint_and_cover_every_level() -> None:
    found = load_templates().templates
    assert len(found) >= 80
    assert set(levels().values()) == {"warm-up", "interview", "senior"}
    for kind, t in found.items():
        assert t.spec.hint, kind
        drill = generate(kind, 1)
        assert drill.level == t.spec.level and drill.hint


def test_the_grading_band_is_stated_with_the_question() -> None:
    assert "Answers within ±2% are correct" in generate("kv-cache", 1).conventions[-1]
    assert "only the exact count" in generate("plan-gpus", 1).conventions[-1]


def test_multiple_of_and_integer_answers(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "multi",
        'constraints:\n  - {formula: "a", multiple_of: "b * 5"}\n'
        'answer: {formula: "a / (b * 5)", integer: true}\n'
        'steps:\n  - {label: n, formula: "a / (b * 5)"}\n',
    )
    t, problems = load_file(path, load_catalog(), sweep=True)
    assert t is not None and problems == []
    from drills.generator import build

    for seed in range(50):
        drill = build(t, seed)
        a, b = drill.value("a"), drill.value("b")
        assert isinstance(a, int) and isinstance(b, int) and a % (b * 5) == 0
        assert drill.integer and drill.expected == a // (b * 5)
        assert check(drill, str(int(drill.expected))).verdict == "correct"
        assert check(drill, str(int(drill.expected) + 1)).verdict == "wrong"


def test_a_close_band_narrower_than_the_tolerance_is_refused(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "bands",
        'answer: {formula: "a", tolerance: 0.05, close: 0.04}\nsteps:\n  - {label: a, formula: "a"}\n',
    )
    t, problems = load_file(path, load_catalog())
    assert t is None and "'close' must be wider than 'tolerance'" in problems[0].message


def test_a_custom_close_band_is_honoured(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "wide",
        'answer: {formula: "a", tolerance: 0.01, close: 0.3}\nsteps:\n  - {label: a, formula: "a"}\n',
    )
    t, _ = load_file(path, load_catalog())
    assert t is not None
    from drills.generator import build

    drill = build(t, 1)
    assert check(drill, str(drill.expected * 1.2)).verdict == "close"
    assert check(drill, str(drill.expected * 1.02)).verdict == "close"
    assert "within ±30%, close" in drill.conventions[-1]


@pytest.mark.parametrize(
    "constraint, message",
    [
        ('{formula: "a", min: 2000}', "never hold"),
        ('{formula: "a", max: 20}', "hold for only 1.5% of draws (at least 5% needed)"),
    ],
)
def test_validate_reports_constraints_that_rarely_or_never_hold(
    tmp_path: Path, constraint: str, message: str
) -> None:
    path = write(
        tmp_path,
        "rare",
        f'constraints:\n  - {constraint}\nanswer: {{formula: "a"}}\nsteps:\n  - {{label: a, formula: "a"}}\n',
    )
    t, problems = load_file(path, load_catalog(), sweep=True)
    assert t is None
    assert any(message in p.message and p.line is not None for p in problems), problems


def test_measured_notes_appear_only_for_the_matching_set_up() -> None:
    on_h100 = generate(
        "kv-cache", 0, overrides={"model": "llama-3-8b", "seq": 8192, "batch": 1, "dtype": "BF16"}
    )
    assert any("Measured on an H100" in n and "1,073,741,824" in n for n in on_h100.measured)
    other = generate(
        "kv-cache", 0, overrides={"model": "llama-3-8b", "seq": 4096, "batch": 1, "dtype": "BF16"}
    )
    assert other.measured == ()
    decode = generate(
        "decode-step-time", 0, overrides={"model": "llama-3-8b", "gpu": "h100-sxm", "wdtype": "BF16"}
    )
    assert "6.07 ms" in decode.measured[0]


def test_a_measured_condition_naming_an_unknown_entry_is_refused(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "meas",
        'answer: {formula: "a"}\nsteps:\n  - {label: a, formula: "a"}\n'
        "measured:\n  - {when: {nope: 1}, note: x}\n",
    )
    t, problems = load_file(path, load_catalog())
    assert t is None and "'nope' is not a param" in problems[0].message


@pytest.mark.parametrize("kind", sorted(k for k, t in load_templates().templates.items() if t.measured))
def test_every_bundled_measured_note_matches_a_reachable_set_up(kind: str) -> None:
    """Each 'measured on an H100' line is shown for the set-up it names (so none is dead text)."""
    for when, note in load_templates().templates[kind].measured:
        overrides = {(k.removesuffix("_label") if k.endswith("_label") else k): v[0] for k, v in when.items()}
        drill = generate(kind, 0, overrides=overrides)
        assert note in drill.measured
        assert "H100" in note or "DeepSeek" in note


@pytest.mark.parametrize(
    "kind, formula",
    [
        ("amdahl", "1 / (s"),
        ("pipeline-bubble", "(p − 1)/(m + p − 1)"),
        ("pipeline-microbatches", "(p − 1)/(m + p − 1)"),
        ("pipeline-bubble-interleaved", "(p − 1)/m"),
        ("specdec-tokens", "α^(γ+1)"),
        ("allreduce-time", "2(N − 1)/N"),
        ("allreduce-busbw", "2(N − 1)/N"),
        ("activation-memory", "34"),
        ("roofline-intensity", "2·M·N·K"),
    ],
)
def test_conventions_fix_the_convention_without_printing_the_formula(kind: str, formula: str) -> None:
    drill = generate(kind, 1)
    assert not any(formula in c for c in drill.conventions), kind
    assert drill.hint  # the hint (which costs a grade step) may show it
