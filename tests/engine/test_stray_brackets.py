"""A bracket left open or closed twice after the unit is a typo, not words: the answer is not read."""

from __future__ import annotations

import pytest

from engine.answers import Verdict, check_numeric


@pytest.mark.parametrize("typed", ["16 B ))", "16 B )", "16 GB (", "16 B ]", "16 bytes }"])
def test_a_stray_bracket_after_the_unit_is_not_read(typed: str) -> None:
    result = check_numeric(typed, 16, "B")
    assert result.verdict is Verdict.UNREADABLE
    assert result.message.startswith("could not read that: '")
    assert result.message.endswith("' is left over after the unit.")


@pytest.mark.parametrize("typed", ["16 B", "16 B (bytes)", "16 B [fp16]", "16 B (2 x 8)", "16 B per param"])
def test_closed_asides_and_words_after_the_unit_still_read(typed: str) -> None:
    assert check_numeric(typed, 16, "B").verdict is Verdict.CORRECT
