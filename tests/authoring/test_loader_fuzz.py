"""Mutated bundled decks (lines deleted, indentation swapped, random bytes, wrong types) never crash
the loader: it always answers with a deck or its own positioned problem report."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cards.loader import BUNDLED_DIR, deck_files, load_collection, load_deck_file
from engine.problems import Problem

GOOD = Path(__file__).parents[1] / "data" / "decks" / "basics.yaml"
SOURCES = [p.read_text(encoding="utf-8").splitlines(keepends=True)[:160] for p in deck_files(BUNDLED_DIR)]
SOURCES.append(GOOD.read_text(encoding="utf-8").splitlines(keepends=True))
WRONG_VALUES = [
    "42",
    "-1.5e9",
    "true",
    "null",
    "~",
    "[]",
    "{}",
    "[a, {b: c}]",
    "{value: x}",
    '"',
    "'",
    "!!python/object:os.system",
    "!!binary aGk=",
    "&a x",
    "*a",
    "2024-01-01",
    "|",
    ">-",
    ": :",
    "- - -",
    "{{",
    "\t",
    "%",
    "@x",
    "`x`",
    "0x1F",
    ".inf",
    "<<: {a: 1}",
]


def _delete(lines: list[str], i: int, _: str) -> list[str]:
    return lines[:i] + lines[i + 1 :]


def _indent(lines: list[str], i: int, pick: str) -> list[str]:
    line = lines[i]
    body = line.lstrip(" ")
    other = lines[(i + 1) % len(lines)]
    indent = {"a": "", "b": "  ", "c": " " * (len(line) - len(body) + 2)}.get(pick[:1])
    if indent is None:  # swap with the next line's indentation
        indent = other[: len(other) - len(other.lstrip(" "))]
    return [*lines[:i], indent + body, *lines[i + 1 :]]


def _wrong_type(lines: list[str], i: int, pick: str) -> list[str]:
    line = lines[i]
    if ":" not in line:
        return [*lines[:i], pick + "\n", *lines[i + 1 :]]
    key = line.split(":", 1)[0]
    return [*lines[:i], f"{key}: {pick}\n", *lines[i + 1 :]]


def _duplicate(lines: list[str], i: int, _: str) -> list[str]:
    return [*lines[: i + 1], lines[i], *lines[i + 1 :]]


MUTATIONS = [_delete, _indent, _wrong_type, _duplicate]


@st.composite
def mutated(draw: st.DrawFn) -> bytes:
    lines = list(draw(st.sampled_from(SOURCES)))
    for _ in range(draw(st.integers(1, 3))):
        if not lines:
            break
        kind = draw(st.sampled_from([*MUTATIONS, "bytes"]))
        i = draw(st.integers(0, len(lines) - 1))
        if kind == "bytes":
            noise = draw(st.binary(min_size=1, max_size=8)).decode("latin-1")
            at = draw(st.integers(0, len(lines[i])))
            lines[i] = lines[i][:at] + noise + lines[i][at:]
        else:
            pick = draw(st.sampled_from([*WRONG_VALUES, "a", "b", "c", "swap"]))
            lines = kind(lines, i, pick)
    text = "".join(lines)
    if draw(st.integers(0, 9)) == 0:  # sometimes not even UTF-8
        return text.encode("latin-1", "replace")
    return text.encode("utf-8", "surrogatepass")


def _check_report(path: Path, result: tuple[object, list[Problem]], line_count: int) -> None:
    deck, problems = result
    assert all(isinstance(p, Problem) for p in problems)
    if deck is None:
        assert any(p.is_error for p in problems), "a rejected deck must say why"
    else:
        assert not any(p.is_error for p in problems)
    for p in problems:
        assert p.path == str(path)
        assert p.message and "Traceback" not in p.message
        assert p.line is None or 1 <= p.line <= line_count + 1
        assert p.col is None or p.col >= 1


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=mutated())
def test_mutated_decks_get_a_problem_report_never_an_exception(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "mutant.yaml"
        path.write_bytes(data)
        lines = data.count(b"\n") + 1
        _check_report(path, load_deck_file(path), lines)
        _check_report(path, load_deck_file(path, lint=True), lines)


@settings(max_examples=25, deadline=None)
@given(data=mutated())
def test_a_mutant_never_stops_a_good_deck_from_loading(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / "a-mutant.yaml").write_bytes(data)
        (folder / "b-good.yaml").write_bytes(GOOD.read_bytes())
        collection = load_collection([folder], include_bundled=False)
        assert "basics" in {d.id for d in collection.decks} or any(
            "deck id 'basics' is already used" in p.message for p in collection.problems
        )
