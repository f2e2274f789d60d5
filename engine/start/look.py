"""The home screen's first look: counts from the outline and a read-only sqlite3 connection."""

from __future__ import annotations

import sqlite3
from datetime import date
from pathlib import Path

from engine import counting
from engine.counting import Limits
from engine.home import HomeView
from engine.problems import Problem
from engine.start.outline import Outline
from engine.start.reads import QuickReads
from engine.store.revisions import HEAD


def first_look(
    path: Path, outline: Outline, *, today: date, limits: Limits, settings_problems: tuple[Problem, ...]
) -> HomeView | None:
    """The home view the full load would show for the card decks; None when the file is missing,
    not at this build's schema (the full load upgrades it) or cannot be read now."""
    if not path.is_file():
        return None
    try:
        with QuickReads(path) as reads:
            if reads.revision() != HEAD:
                return None
            totals = reads.day_totals(today)
            held = reads.held(today)
            ids = [d.deck_id for d in outline.decks]
            left = counting.left(limits, totals)
            counts = counting.deck_counts(reads, outline.present(), today, ids, outline.totals(), left, held)
    except sqlite3.Error:
        return None
    titles = {d.deck_id: d.title for d in outline.decks}
    rows = tuple((titles.get(c.deck_id, c.deck_id) if c.deck_id else "All decks", c) for c in counts)
    return HomeView(rows, totals, limits, settings_problems, outline.problems, outline.decks_skipped)
