"""The grade bar breaks its lines between grades only, within the screen's width, and its accept
hint never stands alone on a line (at 80 and 120 columns, both layouts)."""

from __future__ import annotations

import re

import pytest

from engine.grades import Grade
from tui.review_text import grade_bar

NEW_CARD = {Grade(0): None, Grade(1): None, Grade(2): None, Grade(3): 0, Grade(4): 1, Grade(5): 1}
"""A new card's next intervals: again, again, again, later today, 1 day, 1 day."""
GRADES = {
    "flopcards": ["0 blackout again", "1 not at all again", "2 barely again", "3 with effort 0d"],
    "anki": ["1 Again again", "2 Hard 0d", "3 Good 1d", "4 Easy 1d"],
}


def plain(markup: str) -> list[str]:
    return re.sub(r"\[/?[a-z ]+\]", "", markup).splitlines()


@pytest.mark.parametrize("layout", ["flopcards", "anki"])
@pytest.mark.parametrize("columns", [80, 120])
def test_lines_break_between_grades_and_the_hint_keeps_company(layout: str, columns: int) -> None:
    width = columns - 2  # the bar's padding
    lines = plain(grade_bar(NEW_CARD, Grade(4), layout, "space/enter", width))
    assert all(len(line) <= width for line in lines), lines
    assert not lines[-1].strip().startswith("space/enter"), lines  # the hint shares its line
    for label in GRADES[layout]:
        assert any(label in line for line in lines), (label, lines)  # no grade split across lines
