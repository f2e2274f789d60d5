"""A count chart (cards due, answers by grade, intervals) is ticked at whole numbers: '2.50 cards' is
not a count. Drawn headless through plotext itself, as the stats screen draws it."""

from __future__ import annotations

import re

import plotext
import pytest

from tui.stats_bars import count_ticks, draw_bars


def _y_labels(values: list[float], counts: bool) -> list[str]:
    draw_bars(plotext, [f"d{i}" for i in range(len(values))], values, "Due", counts=counts)
    plotext.plotsize(40, 12)
    text = re.sub(r"\x1b\[[0-9;]*m", "", plotext.build())
    return re.findall(r"^\s*([\d.]+)┤", text, re.M)


@pytest.mark.parametrize("values", [[1, 3, 2], [0, 1], [7, 12, 40, 3], [250, 999]])
def test_a_count_chart_is_ticked_at_whole_numbers(values: list[float]) -> None:
    labels = _y_labels(values, counts=True)
    assert labels and all(re.fullmatch(r"\d+", label) for label in labels), labels


def test_the_ticks_step_1_2_5_and_stay_few() -> None:
    assert count_ticks(3) == [0, 1, 2, 3]
    assert count_ticks(7) == [0, 2, 4, 6]
    assert count_ticks(40) == [0, 10, 20, 30, 40]
    assert count_ticks(0) == [0]
