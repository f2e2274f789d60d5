"""One fixture per problem kind (tests/data/bad_decks/): each reported at its exact file:line:col."""

from __future__ import annotations

from pathlib import Path

import pytest

from tui.authoring import validate_paths

BAD = Path(__file__).parents[1] / "data" / "bad_decks"

EXPECTED: dict[str, tuple[int, int, str, str]] = {  # file -> (line, col, severity, message)
    "yaml_syntax.yaml": (
        5,
        29,
        "error",
        "YAML syntax: mapping values are not allowed in this context"
        " (a ': ' inside a value: put the value in quotes, or use a | block)",
    ),
    "unknown_key.yaml": (6, 5, "error", "unknown key 'bakc' (did you mean 'back'?)"),
    "missing_field.yaml": (8, 5, "error", "missing required field 'back' in cards[1]"),
    "wrong_type.yaml": (6, 11, "error", "cards[0].back: expected text, got true (put it in quotes)"),
    "duplicate_id.yaml": (9, 9, "error", "duplicate card id 'kv' (first used at line 4)"),
    "duplicate_key.yaml": (8, 5, "error", "duplicate key 'front' in cards[0]"),
    "formula_syntax.yaml": (
        9,
        16,
        "error",
        "answer formula '(p - 1)/(m + p - 1' does not parse: not a valid formula at position 9",
    ),
    "formula_undefined.yaml": (
        9,
        16,
        "error",
        "answer formula uses 'v', which is not in 'variables' (defined: p, m)",
    ),
    "value_not_evaluating.yaml": (
        10,
        14,
        "error",
        "answer value '2 * 70e9 / (1e9 - 1e9)' cannot be evaluated: division by zero",
    ),
    "check_text_missing.yaml": (
        11,
        15,
        "error",
        "check text '16 bytes per param' does not appear in front, back or note",
    ),
    "check_disagrees.yaml": (
        15,
        18,
        "error",
        "check '1.2 TB': the text says 1.2 but 16 * 70e9 / 1e12 = 1.12 (off by 7.14%, tolerance ±1%)",
    ),
    "unsafe_tag.yaml": (
        5,
        12,
        "error",
        "unsafe or unknown YAML tag '!!python/object/apply:os.system' is not allowed (plain data only)",
    ),
    "unknown_unit.yaml": (11, 13, "error", "answer unit: unknown unit 'gigglebytes'"),
    "not_a_mapping.yaml": (
        1,
        1,
        "error",
        "a deck file must be a mapping with id, title and cards; got list",
    ),
    "near_duplicate.yaml": (
        9,
        12,
        "warning",
        "front of card 'ring-bytes-again' is 99% the same as card 'ring-bytes' (line 5);"
        " merge them or link with see_also",
    ),
    "long_card.yaml": (
        6,
        11,
        "warning",
        "card 'essay' has a very long back: 2031 characters on 40 lines"
        " (more than 1500 or 30 lines); consider splitting it",
    ),
    "missing_source.yaml": (
        6,
        11,
        "warning",
        "card 'hbm' states a number with a unit in its back but has no source"
        " (add source: a paper with section, a datasheet, a docs page, or 'derived: …')",
    ),
    "missing_tags.yaml": (4, 9, "warning", "card 'untagged' has no tags (add e.g. tags: [Memory math])"),
    "undefined_param.drill.yaml": (8, 19, "error", "the answer uses unknown or non-numeric name(s): y"),
    "empty_range.drill.yaml": (8, 5, "error", "params.x: range [10, 1] is empty"),
    "formula_fails.drill.yaml": (
        11,
        40,
        "error",
        "formula 'hours / gpus' fails for hours=100, gpus=0: division by zero",
    ),
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_each_problem_kind_is_reported_exactly_once_where_it_is(name: str) -> None:
    path = BAD / name
    line, col, severity, message = EXPECTED[name]
    problems, checked = validate_paths([path])
    assert checked == 1
    assert [str(p) for p in problems] == [f"{path}:{line}:{col}: {severity}: {message}"]


def test_every_fixture_has_an_expectation() -> None:
    assert {p.name for p in BAD.iterdir()} == set(EXPECTED)


def test_a_folder_lists_every_problem_of_every_file_in_file_order() -> None:
    problems, checked = validate_paths([BAD])
    assert checked == len(EXPECTED)
    assert [(Path(p.path).name, p.line) for p in problems] == sorted(
        (name, line) for name, (line, *_) in EXPECTED.items()
    )
    assert sum(p.is_error for p in problems) == sum(v[2] == "error" for v in EXPECTED.values())


def test_the_long_card_fixture_really_is_that_long() -> None:
    """The figures in the long-card message are the file's own (counted here by hand)."""
    text = (BAD / "long_card.yaml").read_text()
    back = text.split("    back: |\n", 1)[1].split("    tags:", 1)[0]
    lines = [line.removeprefix("      ") for line in back.splitlines()]
    assert len(lines) == 40
    assert sum(len(line) + 1 for line in lines) == 2031  # each line and its line break


def test_an_empty_text_says_so_in_plain_words_and_names_the_card(tmp_path: Path) -> None:
    """Not pydantic's 'String should have at least 1 character' about 'cards[1]': which card, what to do."""
    path = tmp_path / "d.yaml"
    path.write_text(
        'id: d\ntitle: D\ncards:\n  - {id: one, front: "Q?", back: "A"}\n'
        '  - id: two\n    front: ""\n    back: B\n',
        encoding="utf-8",
    )
    problems, _ = validate_paths([path])
    assert [str(p) for p in problems] == [
        f"{path}:6:12: error: cards[1].front (card 'two'): the text is empty: write it"
    ]
