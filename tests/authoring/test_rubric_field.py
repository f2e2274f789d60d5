"""`rubric:` and `drills:` on cards: read as points, refused with file:line:col when wrong."""

from __future__ import annotations

from pathlib import Path

from cards.loader import parse_deck
from cards.schema import RubricPoint
from engine.yamlpos import load_yaml
from tui.authoring import validate_paths

HEAD = "id: d\ntitle: D\ncards:\n  - id: a\n    front: f\n    back: b\n    tags: [x]\n"


def _problems(text: str) -> list[str]:
    _, found = parse_deck(load_yaml(text, "d.yaml"), "d.yaml")
    return [str(p) for p in found]


def test_lines_and_mappings_are_points() -> None:
    text = HEAD + (
        "    rubric:\n"
        "      - states 16 bytes per parameter\n"
        "      - {point: names the FP32 master copy, essential: true}\n"
        "      - {point: 'adds activations on top', weight: 2}\n"
    )
    deck, found = parse_deck(load_yaml(text, "d.yaml"), "d.yaml")
    assert found == [] and deck is not None
    assert deck.cards[0].rubric == [
        RubricPoint(point="states 16 bytes per parameter"),
        RubricPoint(point="names the FP32 master copy", essential=True),
        RubricPoint(point="adds activations on top", weight=2),
    ]


def test_more_than_six_points_is_refused_at_the_field() -> None:
    points = "".join(f"      - point {i}\n" for i in range(7))
    assert _problems(HEAD + "    rubric:\n" + points) == [
        "d.yaml:9:7: error: cards[0].rubric: a rubric has 3 to 6 points, not 7"
    ]


def test_fewer_than_three_points_is_refused() -> None:
    found = _problems(HEAD + "    rubric:\n      - one\n      - two\n")
    assert found == ["d.yaml:9:7: error: cards[0].rubric: a rubric has 3 to 6 points, not 2"]


def test_an_empty_point_is_refused_at_its_line() -> None:
    found = _problems(HEAD + "    rubric:\n      - one\n      - '  '\n      - three\n")
    assert found == [
        "d.yaml:10:9: error: cards[0].rubric[1].point: a rubric point is empty: say what the answer covers"
    ]


def test_an_unknown_drill_kind_is_refused_by_validate(tmp_path: Path) -> None:
    path = tmp_path / "d.yaml"
    path.write_text(HEAD + "    source: derived\n    drills: [kv-cache, no-such-kind]\n")
    problems, checked = validate_paths([path])
    assert checked == 1
    assert [str(p) for p in problems] == [
        f"{path}:9:24: error: drills: 'no-such-kind' is not a drill kind (flopcards drill list)"
    ]


def test_a_kind_from_a_template_being_validated_is_known(tmp_path: Path) -> None:
    template = tmp_path / "mine.drill.yaml"
    template.write_text("id: my-kind\ntitle: T\nprompt: p\nparams: {}\n")
    deck = tmp_path / "d.yaml"
    deck.write_text(HEAD + "    source: derived\n    drills: [my-kind]\n")
    problems, _ = validate_paths([deck, template])
    assert not [p for p in problems if "drill kind" in str(p)]
