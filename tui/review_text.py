"""Text lines of the review screen: the grade bar and the progress line (no Textual)."""

from __future__ import annotations

from collections.abc import Mapping

from engine.app import Answered
from engine.grades import Grade
from engine.sm2 import format_interval
from engine.store.marks import Mark


def grade_bar(preview: Mapping[Grade, int | None], suggested: Grade | None = None) -> str:
    """'0 blackout 1d │ 1 not at all 1d │ …' — label and next interval of every grade; the one
    space/enter accepts is highlighted."""
    parts = []
    for g, days in preview.items():
        text = f"[b]{int(g)}[/b] {g.label} [dim]{format_interval(days)}[/dim]"
        parts.append(f"[reverse]{text}[/reverse]" if g == suggested else text)
    hint = f"   space/enter: grade {int(suggested)}" if suggested is not None else ""
    return "  │  ".join(parts) + hint


def progress_line(done: int, left: int, key: str | None, mark: Mark | None) -> str:
    """'done 2  ·  left 5  ·  deck/card  ·  ⚑ flagged'."""
    flags = "  ·  ⚑ flagged" if mark is not None and mark.flagged else ""
    flags += f"  ·  leech ({mark.lapses} lapses)" if mark is not None and mark.leech else ""
    return f"done {done}  ·  left {left}  ·  {key}{flags}"


def leech_notice(answered: Answered) -> str:
    lapses = answered.mark.after.lapses if answered.mark else 0
    return (
        f"{answered.key} is a leech: failed {lapses} times. Tagged leech and suspended "
        "(u undoes; e rewrites it; unsuspend it in browse with !)."
    )
