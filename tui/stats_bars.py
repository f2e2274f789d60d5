"""The stats screen's bar charts, drawn through plotext: labelled x ticks, whole-number y ticks for counts."""

from __future__ import annotations

import math
from typing import Any

MAX_Y_TICKS = 5
STEPS = (1, 2, 5)


def count_ticks(top: float, most: int = MAX_Y_TICKS) -> list[int]:
    """Whole y ticks from 0 to `top` in a 1-2-5 step, at most `most` of them (counts: no '2.50')."""
    top = max(0, math.floor(top))
    scale = 1
    while True:
        for step in (s * scale for s in STEPS):
            if top // step + 1 <= most:
                return list(range(0, top + 1, step))
        scale *= 10


def draw_bars(plt: Any, labels: list[str], values: list[float], title: str, *, counts: bool) -> None:
    """One bar chart on a plotext figure; a count chart's y axis is ticked at whole numbers."""
    plt.clear_data()
    plt.clear_figure()
    plt.title(title)
    if values:
        plt.bar(list(range(1, len(values) + 1)), values, marker="hd")
        # Explicit ticks: left to itself plotext drops colliding labels differently from draw to draw.
        step = max(1, -(-len(labels) // 10))
        plt.xticks(list(range(1, len(labels) + 1, step)), labels[::step])
        if counts:
            plt.yticks(count_ticks(max(values)))
