"""The mock interview report as Markdown: score, topics, time against the guide, what to study next."""

from __future__ import annotations

from collections.abc import Sequence

from engine.app.interviews import InterviewRecord, compared
from tui.clock_text import clock_text

MARKS = {"correct": "✓", "close": "≈", "wrong": "✗", "wrong_unit": "✗ unit", "gave_up": "gave up"}


def _pct(share: float) -> str:
    return f"{round(100 * share)}%"


def _level(level: str) -> str:
    return "drills at any level" if level == "any" else f"drills up to {level}"


def report_markdown(record: InterviewRecord, earlier: Sequence[InterviewRecord], problem: str | None) -> str:
    drills = (
        f"drills {record.drills_right} of {record.drills_asked} right" if record.drills_asked else "no drills"
    )
    lines = [
        f"## {record.track.label} · {record.minutes} min · {_level(record.level)}",
        "",
        f"**Score {_pct(record.score)}** (rubric coverage {_pct(record.coverage)}, {drills})"
        f" in {clock_text(record.seconds)}  ·  {compared(record, earlier)}",
    ]
    if problem:
        lines += ["", f"**{problem}**"]
    lines += ["", "### By topic", "", "| Topic | Questions | Coverage | Drills right |", "|---|---|---|---|"]
    for t in record.topics():
        lines.append(
            f"| {t.topic} | {t.questions} | {_pct(t.coverage)} | {t.drills_right} of {t.drills_asked} |"
        )
    lines += [
        "",
        "### Questions",
        "",
        "| Card | Coverage | Time/guide | Drills |",
        "|---|---|---|---|",
    ]
    for q in record.questions:
        cover = "skipped" if q.skipped else f"{_pct(q.share)} → {q.grade}"
        marks = ", ".join(f"{d.kind} {MARKS.get(d.verdict, d.verdict)}" for d in q.drills) or "—"
        timing = f"{clock_text(q.seconds)}/{clock_text(q.guide_seconds)}"  # unbroken at 80 columns
        lines.append(f"| {q.key} | {cover} | {timing} | {marks} |")
    missed = record.missed_points()
    if missed:
        lines += ["", "### Points missed", ""]
        lines += [f"- **{key}**: {point}" for key, point in missed]
    slips = record.slips()
    if slips:
        lines += ["", "### Slips the drills named", ""]
        lines += [f"- {kind}: {slip}" for kind, slip in slips]
    cards, kinds = record.study_cards(), record.study_kinds()
    lines += ["", "### Study next", ""]
    if not cards and not kinds:
        lines.append("Nothing missed: every question well covered and every drill right.")
    if cards:
        lines.append(f"- Cards: {', '.join(cards)} — **r** reviews them now")
    if kinds:
        lines.append(f"- Drill kinds: {', '.join(kinds)} — **d** drills them now")
    return "\n".join(lines) + "\n"
