"""The unit table (engine/unit_table.json) is what pint says, and checking an answer through it gives
the same result, message included, as through pint: over the whole grader corpus and its units."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from drills.generator import check
from engine import answer_words, unit_words, units
from engine.answers import CheckResult
from engine.unit_table import render
from tests.drills.grader_corpus import corpus, drill


def _clear() -> None:
    for cached in (units.parse_unit, units._factor, unit_words.context):
        cached.cache_clear()


@pytest.fixture
def pint_only(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[], Any]]:
    """Run with an empty table (every unit through pint), then restore the table."""

    def without_table() -> None:
        _clear()
        monkeypatch.setattr(units, "_table", lambda: ({}, {}))

    yield without_table
    monkeypatch.undo()
    _clear()


def test_the_table_file_is_what_pint_says_now() -> None:
    assert units.TABLE_PATH.read_text(encoding="utf-8") == render(), "run python -m engine.unit_table"


def test_table_is_used_and_ignored_when_written_for_other_definitions(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Any
) -> None:
    dims, factors = units._table()
    assert dims["GB / s"] == "[information] / [time]" and factors["GiB\tGB"] == 1.073741824
    stale = tmp_path / "table.json"
    stale.write_text(units.TABLE_PATH.read_text().replace("kilo- = 1e3", "kilo- = 1e4"))
    units._table.cache_clear()
    monkeypatch.setattr(units, "TABLE_PATH", stale)
    try:
        assert units._table() == ({}, {})
    finally:
        monkeypatch.undo()
        units._table.cache_clear()


def test_every_corpus_form_gets_the_same_result_with_and_without_the_table(
    pint_only: Callable[[], None],
) -> None:
    forms = corpus()
    _clear()
    fast: list[CheckResult] = [check(drill(f.kind, f.seed), f.text) for f in forms]
    pint_only()
    slow = [check(drill(f.kind, f.seed), f.text) for f in forms]
    differ = [(f.kind, f.text, a, b) for f, a, b in zip(forms, fast, slow, strict=True) if a != b]
    assert not differ, differ[:5]


def test_table_units_read_and_convert_as_pint_does(pint_only: Callable[[], None]) -> None:
    dims, factors = units._table()
    texts = sorted(dims)
    pairs = [tuple(k.split("\t")) for k in factors]
    fast_describe = [units.describe(t) for t in texts]
    fast_convert = [units.convert(3.7, a, b) for a, b in pairs]
    fast_dims = [answer_words.dimension(t) for t in texts]
    pint_only()
    assert fast_describe == [units.describe(t) for t in texts]
    assert fast_dims == [str(units.parse_unit(t).dimensionality) for t in texts]
    assert fast_convert == [units.convert(3.7, a, b) for a, b in pairs]
    with pytest.raises(units.UnitError, match="a time is not a size"):
        units.convert(1, "ms", "GB")
