"""The home screen's first look and an early Enter's queue: from the outline and a read-only sqlite3
connection, before the store and the decks are opened for real."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import TypeVar

from engine import counting
from engine.counting import Limits
from engine.home import HomeView
from engine.problems import Problem
from engine.start.outline import Outline
from engine.start.reads import QuickReads
from engine.store.revisions import HEAD

T = TypeVar("T")


def _read(path: Path, work: Callable[[QuickReads], T]) -> T | None:
    """`work` over the file; None when it is missing, not at this build's schema (the full load
    upgrades it) or cannot be read now."""
    if not path.is_file():
        return None
    try:
        with QuickReads(path) as reads:
            return work(reads) if reads.revision() == HEAD else None
    except sqlite3.Error:
        return None


def first_look(
    path: Path, outline: Outline, *, today: date, limits: Limits, settings_problems: tuple[Problem, ...]
) -> HomeView | None:
    """The home view the full load would show for the card decks, or None (see `_read`)."""
    ids = [d.deck_id for d in outline.decks]

    def look(reads: QuickReads) -> HomeView:
        present, held = outline.present(), reads.held(today)
        totals = reads.day_totals(today, present.drill_decks)
        left, drills = counting.left(limits, totals), counting.drill_reviews_left(limits, totals)
        counts = counting.deck_counts(reads, present, today, ids, outline.totals(), left, held, drills)
        titles = {d.deck_id: d.title for d in outline.decks}
        rows = tuple((titles.get(c.deck_id, c.deck_id) if c.deck_id else "All decks", c) for c in counts)
        return HomeView(rows, totals, limits, settings_problems, outline.problems, outline.decks_skipped)

    return _read(path, look)


def first_queue(
    path: Path, outline: Outline, deck_id: str | None, *, today: date, limits: Limits
) -> list[str] | None:
    """Today's queue of a deck (None: all decks) as the study façade builds it, or None (see `_read`)."""

    def queue(reads: QuickReads) -> list[str]:
        present = outline.present()
        totals = reads.day_totals(today, present.drill_decks)
        left, drills = counting.left(limits, totals), counting.drill_reviews_left(limits, totals)
        return counting.queue(reads, present, today, deck_id, left, reads.held(today), drills)

    return _read(path, queue)
