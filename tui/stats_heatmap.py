"""The calendar heatmap of answers per day as Rich text: a column per week, a row per weekday."""

from __future__ import annotations

from datetime import date, timedelta

from rich.text import Text

from engine.app.stats import Activity

SHADES = ("#2d333b", "#0e4429", "#006d32", "#26a641", "#39d353")
WEEKS = 53


def shade(count: int, top: int) -> int:
    """0 for no answers, then 1-4 by quarter of the busiest day."""
    if count <= 0 or top <= 0:
        return 0
    return min(4, 1 + (count * 4 - 1) // top)


def heatmap_text(activity: Activity, today: date, weeks: int = WEEKS) -> Text:
    counts = {d.day: d.count for d in activity.days}
    top = max(counts.values(), default=0)
    last_monday = today - timedelta(days=today.weekday())
    first = last_monday - timedelta(weeks=weeks - 1)
    text = Text(f"Answers per day, past year  (busiest day: {top})\n")
    for weekday, name in enumerate(("Mon", "", "Wed", "", "Fri", "", "Sun")):
        text.append(f"{name:<4}")
        for week in range(weeks):
            day = first + timedelta(weeks=week, days=weekday)
            if day > today:
                text.append(" ")
                continue
            text.append("■", style=SHADES[shade(counts.get(day, 0), top)])
        text.append("\n")
    text.append("    less ")
    for color in SHADES:
        text.append("■", style=color)
    text.append(" more")
    return text
