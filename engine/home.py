"""What the home screen shows: each deck's title and counts, today's totals and limits, and the
problems met loading; built by the study façade, or at start-up from the outline (engine.start)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.counting import DayTotals, DeckCounts, Limits
from engine.problems import Problem


@dataclass(frozen=True)
class HomeView:
    rows: tuple[tuple[str, DeckCounts], ...]
    """(title, counts) of 'All decks' first, then of each deck."""
    totals: DayTotals
    limits: Limits
    settings_problems: tuple[Problem, ...]
    load_problems: tuple[Problem, ...]
    """Decks' problems first, then drill templates'."""
    decks_skipped: bool
    """Whether a deck (not only a drill template) was skipped."""
    notes: tuple[str, ...] = ()
    """What the banner says when nothing was skipped: e.g. which copy of a bundled deck is in use."""
