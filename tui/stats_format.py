"""The stats figures as text and JSON: shared by `flopcards stats` and the stats screen's tables."""

from __future__ import annotations

import dataclasses
from datetime import date, datetime
from enum import Enum
from typing import Any

from engine.app.stats import Retention, Stats
from tui.cli_authoring import plural
from tui.clock_text import clock_text

GRADE_NAMES = ("0 blackout", "1 not at all", "2 barely", "3 with effort", "4 well", "5 perfectly")


def percent(value: float | None) -> str:
    return "—" if value is None else f"{value * 100:.1f}%"


def _jsonable(value: Any) -> Any:
    if isinstance(value, date | datetime):
        return value.isoformat()
    if isinstance(value, Enum):
        return value.name.lower()
    if isinstance(value, dict):
        return {k: _jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_jsonable(v) for v in value]
    return value


def stats_json(stats: Stats) -> dict[str, Any]:
    """Every figure, dates as ISO strings; rates added next to their counts."""
    out: dict[str, Any] = _jsonable(dataclasses.asdict(stats))
    for row, source in zip(out["retention"], stats.retention, strict=True):
        row.update(young=source.young, mature=source.mature, total=source.total)
    for row, kind in zip(out["drills"]["kinds"], stats.drills.kinds, strict=True):
        row["accuracy"] = kind.accuracy
    out["counts"]["total"] = stats.counts.total
    return out


def retention_rows(retention: tuple[Retention, ...]) -> list[tuple[str, str, str, str]]:
    """(window, young, mature, all) cells: 'rate (passed/total)'."""

    def cell(passed: int, total: int) -> str:
        return f"{percent(Retention.rate(passed, total))} ({passed}/{total})"

    return [
        (
            r.label,
            cell(r.young_passed, r.young_total),
            cell(r.mature_passed, r.mature_total),
            cell(r.young_passed + r.mature_passed, r.young_total + r.mature_total),
        )
        for r in retention
    ]


def counts_line(stats: Stats) -> str:
    c = stats.counts
    flags = (
        f"suspended {c.suspended} · leech {c.leech}" if c.flags_tracked else "suspended/leech not tracked yet"
    )
    return (
        f"new {c.new} · learning {c.learning} · young {c.young} · mature {c.mature}"
        f" · total {c.total}  ({flags})"
    )


def summary_lines(stats: Stats) -> list[str]:
    """The headline numbers, one per line."""
    act, fut = stats.activity, stats.future
    per_day = fut.per_day
    lines = [
        f"Studied {act.days_studied} of the last 365 days · streak {plural(act.streak, 'day')}"
        f" · {plural(act.answers, 'answer')}",
        f"Due: {fut.overdue} now (before daily limits) · {sum(per_day[:1])} tomorrow"
        f" · {sum(per_day[:7])} next 7 days · {sum(per_day[:30])} next 30 days"
        f" · daily load {fut.daily_load:.1f} reviews/day",
        f"Cards: {counts_line(stats)}",
    ]
    if stats.fsrs is not None and stats.fsrs.mean_retrievability is not None:
        lines.append(
            f"FSRS: {stats.fsrs.cards} card{'s' if stats.fsrs.cards != 1 else ''}"
            f" · mean predicted recall now {stats.fsrs.mean_retrievability:.1%}"
            " · stability " + "  ".join(f"{b.label} {b.count}" for b in stats.fsrs.stability if b.count)
        )
    if stats.drills.slips:
        lines.append("Drill slips: " + "  ".join(f"{s.slip} ×{s.count}" for s in stats.drills.slips[:5]))
    return lines


def stats_text(stats: Stats, title: str) -> str:
    """The plain-text report of `flopcards stats`."""
    lines = [f"{title} — {stats.period.label} to {stats.today.isoformat()}", *summary_lines(stats), ""]
    lines.append(
        "True retention (first scheduled answer of a day; grade < 3 fails; mature: interval >= 21 d)"
    )
    lines.append(f"  {'':<6}  {'young':<22}  {'mature':<22}  all")
    lines += [f"  {w:<6}  {y:<22}  {m:<22}  {a}" for w, y, m, a in retention_rows(stats.retention)]
    total = sum(stats.grades) or 1
    lines.append(f"\nAnswer grades ({stats.period.label})")
    lines += [
        f"  {name:<14} {n:>7}  {n / total * 100:5.1f}%"
        for name, n in zip(GRADE_NAMES, stats.grades, strict=True)
    ]
    minutes = sum(t.seconds for t in stats.review_time) / 60
    lines.append(
        f"\nReview time ({stats.period.label}): {minutes:.0f} min over {len(stats.review_time)} days"
    )
    lines.append("Intervals: " + "  ".join(f"{b.label} {b.count}" for b in stats.intervals))
    lines.append("E-Factor:  " + "  ".join(f"{b.label} {b.count}" for b in stats.ease))
    if stats.fsrs is not None:
        recall = (
            f"{stats.fsrs.mean_retrievability:.1%}" if stats.fsrs.mean_retrievability is not None else "-"
        )
        lines.append(f"FSRS: {stats.fsrs.cards} cards, mean predicted recall now {recall}")
        lines.append("Stability: " + "  ".join(f"{b.label} {b.count}" for b in stats.fsrs.stability))
    lines.append(f"\nDrills ({stats.period.label}), weakest first")
    width = max([24, *(len(k.kind) for k in stats.drills.kinds)])  # a long kind keeps the columns
    for k in stats.drills.kinds:
        score = f"{percent(k.accuracy):>7}  {k.correct}/{k.attempts}"
        lines.append(f"  {k.kind:<{width}} {score}  median {k.median_seconds:.0f} s")
    if not stats.drills.kinds:
        lines.append("  no drills in this period")
    if stats.drills.slips:
        lines.append("Named slips: " + "  ".join(f"{s.slip} ×{s.count}" for s in stats.drills.slips))
    if stats.exams:
        lines.append("\nExam scores")
        lines += [
            f"  {e.taken_at:%Y-%m-%d %H:%M}  {e.deck_id:<16} {e.right}/{e.asked}  {clock_text(e.seconds)}"
            for e in stats.exams
        ]
    if stats.interviews:
        lines.append("\nMock interviews")
        lines += [
            f"  {i.taken_at:%Y-%m-%d %H:%M}  {i.track:<9} {i.minutes} min  {percent(i.score):>5}"
            f"  {plural(i.questions, 'question')}  {clock_text(i.seconds)}"
            for i in stats.interviews
        ]
    return "\n".join(lines)
