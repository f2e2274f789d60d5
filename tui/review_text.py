"""Text lines of the review screen: the grade bar and the progress line (no Textual)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from engine.app.values import ANKI_BUTTONS, Grade, format_interval, key_of_grade

if TYPE_CHECKING:  # the screen shows a start-up glance before SQLAlchemy is imported
    from engine.app import Answered
    from engine.app.database import Mark


SEPARATOR = "  │  "


def grade_bar(
    preview: Mapping[Grade, int | None],
    suggested: Grade | None = None,
    layout: str = "flopcards",
    accept: str = "space/enter",
    width: int | None = None,
    note: str = "",
) -> str:
    """'0 blackout 1d │ 1 not at all 1d │ …' — key, label and next interval of every grade in the
    key layout in use (Anki's: '1 Again 1d │ 2 Hard 3d │ 3 Good 6d │ 4 Easy 9d'); the one
    space/enter accepts is highlighted. Within `width` columns, lines break only between grades,
    and the accept hint (with `note` after it) never stands on a line of its own."""
    parts: list[tuple[str, int]] = []  # (markup, width on screen)
    shown = [g for g in preview if layout != "anki" or g in {b[1] for b in ANKI_BUTTONS.values()}]
    accepts = None if suggested is None else key_of_grade(layout, suggested)
    for g in shown:
        key, label = key_of_grade(layout, g)
        interval = format_interval(preview[g])
        text = f"[b]{key}[/b] {label} [dim]{interval}[/dim]"
        marked = f"[reverse]{text}[/reverse]" if accepts is not None and key == accepts[0] else text
        parts.append((marked, len(f"{key} {label} {interval}")))
    if accepts is None:
        hint = ""
    elif layout == "anki":
        hint = f"   {accept}: {accepts[1]} ({accepts[0]})"
    else:
        hint = f"   {accept}: grade {accepts[0]}"
    return _lines(parts, hint + note if hint else hint, width)


def _lines(parts: list[tuple[str, int]], hint: str, width: int | None) -> str:
    """Greedy lines of grades; the hint goes on the last line, taking that line's last grade
    along onto a new line when it does not fit beside all of them."""
    if width is None:
        return SEPARATOR.join(markup for markup, _ in parts) + hint
    lines: list[list[tuple[str, int]]] = [[]]
    for part in parts:
        line = lines[-1]
        used = sum(w for _, w in line) + len(SEPARATOR) * len(line)
        if line and used + part[1] > width:
            lines.append([part])
        else:
            line.append(part)
    last = lines[-1]
    if hint and sum(w for _, w in last) + len(SEPARATOR) * (len(last) - 1) + len(hint) > width:
        if len(last) > 1:
            lines.append([last.pop()])
        elif len(lines) > 1 and len(lines[-2]) > 1:
            last.insert(0, lines[-2].pop())
    return "\n".join(SEPARATOR.join(markup for markup, _ in line) for line in lines) + hint


def placeholder(hint: str | None, graded_by_answer: bool) -> str:
    """What the answer box says before anything is typed."""
    if graded_by_answer:
        return f"type {hint}: a drill is graded by its answer"
    return f"type {hint}, enter to check (empty: just show)" if hint else ""


def hint_line(drill_graded: Grade | None, drill: bool, typed: bool) -> str:
    """The line under the card before its grades show: what enter, space or ctrl+g do now."""
    if drill_graded is not None:
        return f"graded [b]{int(drill_graded)}[/b] by your answer   enter: next"
    if drill:
        return "[dim]enter: check your answer  ·  ctrl+g: give up (graded 0)[/dim]"
    if typed:
        return "[dim]enter: check your answer  ·  ctrl+g: show the answer[/dim]"
    return "[dim]space: show the answer[/dim]"


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
