"""Fixed outcomes benchmarks/mutate.py found untested: a template check's bounds are inclusive, as
the draws' are (template-constraint-hi); the 5% acceptance floor (template-acceptance); the close
band a drill states is the one it grades by (convention-band)."""

from __future__ import annotations

from pathlib import Path

import pytest

from drills.catalog import load_catalog
from drills.generator import grading_convention
from drills.loader import load_file
from engine.bands import Grading

TEMPLATE = """\
id: small-tp
title: Small TP
topic: Custom
prompt: "A model of {x} GB is split over TP ranks; how many GB per rank with 2 ranks? Answer in GB."
conventions: ["GB = 10^9 bytes."]
params:
  x: {range: [1, LAST], step: 1, unit: GB}
constraints:
  - {formula: "x", max: TOP}
answer: {formula: "x / 2", unit: GB}
steps:
  - {label: Split, formula: "x / 2", unit: GB}
"""


def swept(tmp_path: Path, last: int, top: int) -> list[str]:
    """The problems `flopcards validate` finds in the template with x in 1..last, x <= top."""
    path = tmp_path / "small-tp.yaml"
    path.write_text(TEMPLATE.replace("LAST", str(last)).replace("TOP", str(top)), encoding="utf-8")
    _, problems = load_file(path, load_catalog(), sweep=True)
    return [p.message for p in problems]


def test_values_on_a_constraints_upper_bound_are_drawn_and_checked(tmp_path: Path) -> None:
    """Of x in 1..4 only x = 1 meets x <= 1: the sweep must accept it as the draws do, or it finds
    no value to check the formulas with."""
    assert swept(tmp_path, 4, 1) == []


def test_a_template_accepting_2_percent_of_draws_is_refused(tmp_path: Path) -> None:
    assert swept(tmp_path, 100, 2) == [
        "the constraints hold for only 2.0% of draws (at least 5% needed): widen the draws"
    ]


@pytest.mark.parametrize(
    ("tolerance", "close", "sentence"),
    [
        (0.02, None, "Answers within ±2% are correct; within ±10%, close."),
        (0.05, None, "Answers within ±5% are correct; within ±25%, close."),
        (0.01, 0.03, "Answers within ±1% are correct; within ±3%, close."),
    ],
)
def test_the_stated_close_band_is_the_graded_one(
    tolerance: float, close: float | None, sentence: str
) -> None:
    assert grading_convention(False, tolerance, close) == sentence
    band = Grading(tolerance, close).close_band
    assert f"±{band * 100:g}%, close" in sentence
