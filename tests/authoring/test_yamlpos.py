"""The positioned YAML loader: same data as yaml.safe_load, positions, duplicates, refusals."""

from __future__ import annotations

import gc

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.yamlpos import MAX_DEPTH, Position, YamlError, load_yaml

PLAIN_SCALARS = [
    "1",
    "-1",
    "+1",
    "0x1F",
    "0o17",
    "1_000",
    "1.5",
    ".5",
    "-.inf",
    ".NaN",
    "1e3",
    "1.0e+3",
    "yes",
    "No",
    "true",
    "FALSE",
    "on",
    "Off",
    "~",
    "null",
    "NULL",
    "2024-01-01",
    "12:30",
    "190:20:30",
    "0b101",
    "x",
    "Llama-3-8B",
    "16 bytes/param",
    "'quoted'",
    '"dq"',
]

scalars = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), st.text(max_size=20))
documents = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=20,
)


@settings(max_examples=150, deadline=None)
@given(documents)
def test_loads_the_same_data_as_safe_load(data: object) -> None:
    text = yaml.safe_dump({"doc": data}, allow_unicode=True)
    assert load_yaml(text, "f.yaml").data == yaml.safe_load(text)


@pytest.mark.parametrize("scalar", PLAIN_SCALARS)
def test_plain_scalars_resolve_like_safe_load(scalar: str) -> None:
    text = f"a: {scalar}\nb: [{scalar}]\n"
    assert load_yaml(text, "f.yaml").data == yaml.safe_load(text)


def test_a_lone_equals_sign_is_text() -> None:
    """PyYAML resolves a plain '=' to a tag it cannot construct; a deck means the text '='."""
    assert load_yaml("a: =\n", "f.yaml").data == {"a": "="}


def test_positions_of_values_and_keys() -> None:
    text = "id: x\ncards:\n  - id: a\n    front: |\n      text\n  - id: b\n    back: y\n"
    doc = load_yaml(text, "f.yaml")
    assert doc.position(("cards", 1, "back")) == Position(7, 11)
    assert doc.position(("cards", 1, "back"), key=True) == Position(7, 5)
    assert doc.position(("cards", 0, "front")) == Position(4, 12)
    # a path that does not exist points at its closest parent that does
    assert doc.position(("cards", 1, "nope")) == Position(6, 5)
    assert doc.position(("cards", 9)) == Position(3, 3)


def test_duplicate_keys_are_noted_with_their_path_and_the_last_value_is_kept() -> None:
    text = "a: 1\nb:\n  - c: 1\n    c: 2\na: 3\n"
    doc = load_yaml(text, "f.yaml")
    assert doc.data == {"a": 3, "b": [{"c": 2}]}
    assert sorted(doc.duplicate_keys) == [(("a",), Position(5, 1)), (("b", 0, "c"), Position(4, 5))]


@pytest.mark.parametrize(
    ("text", "tag"),
    [
        ("a: !!python/object/apply:os.system ['ls']\n", "!!python/object/apply:os.system"),
        ("a: !!python/name:os.system ''\n", "!!python/name:os.system"),
        ("a: !custom 3\n", "!custom"),
    ],
)
def test_unsafe_and_unknown_tags_are_refused_with_their_name(text: str, tag: str) -> None:
    with pytest.raises(YamlError) as caught:
        load_yaml(text, "f.yaml")
    problem = caught.value.problem
    assert (problem.line, problem.col) == (1, 4)
    assert problem.message == f"unsafe or unknown YAML tag '{tag}' is not allowed (plain data only)"


@pytest.mark.parametrize(
    "text",
    [
        "a: " + "[" * (MAX_DEPTH + 50) + "]" * (MAX_DEPTH + 50),  # flow nesting
        "- " * (MAX_DEPTH + 50) + "x",  # compact block sequences on one line
        "".join(" " * i + f"k{i}:\n" for i in range(2 * MAX_DEPTH + 5)) + "x",  # ever deeper mappings
        "a: " + "[" * 100_000,  # would crash libyaml's recursive composer without the guard
    ],
)
def test_deep_nesting_is_refused_not_a_crash(text: str) -> None:
    with pytest.raises(YamlError) as caught:
        load_yaml(text, "f.yaml")
    assert "nested deeper than" in caught.value.problem.message


def test_alias_expansion_is_bounded_but_small_aliases_work() -> None:
    bomb = "a: &a [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{c}: &{c} [{', '.join([f'*{p}'] * 10)}]\n" for p, c in zip("abcdef", "bcdefg", strict=True)
    )
    with pytest.raises(YamlError) as caught:
        load_yaml(bomb, "f.yaml")
    assert "aliases expand to too much data" in caught.value.problem.message
    doc = load_yaml("base: &t [Memory]\nother: *t\n", "f.yaml")
    assert doc.data == {"base": ["Memory"], "other": ["Memory"]}


def test_the_garbage_collector_is_restored() -> None:
    assert gc.isenabled()
    load_yaml("a: 1\n", "f.yaml")
    assert gc.isenabled()
    with pytest.raises(YamlError):
        load_yaml("a: [\n", "f.yaml")
    assert gc.isenabled()


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ("a: 1\n\tb: 2\n", 2, "YAML syntax: a tab character here: indent with spaces, not tabs"),
        ("a: 1\nb: %x\n", 2, "cannot start any token"),
        ("a: [1, 2\nb: 3\n", 2, "a [ list ] left open?"),
        (b"a: \xff\n", 1, "not UTF-8 text"),
        ("a: 1\n---\nb: 2\n", 2, "expected a single document"),
    ],
)
def test_syntax_errors_say_where_and_hint_at_the_fix(text: str | bytes, line: int, message: str) -> None:
    with pytest.raises(YamlError) as caught:
        load_yaml(text, "f.yaml")
    assert caught.value.problem.line == line
    assert message in caught.value.problem.message
