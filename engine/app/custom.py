"""Custom study (Anki's): a one-off session of failed-today, new-only or ahead-by-N-days items;
'by tag' is chosen by the card source's search and handed in as keys."""

from __future__ import annotations

from datetime import timedelta
from enum import StrEnum
from typing import TYPE_CHECKING

from engine.store import browse, repo

if TYPE_CHECKING:
    from engine.app.session import ReviewSession
    from engine.app.study import Study

MAX_AHEAD_DAYS = 365


class Custom(StrEnum):
    TAG = "tag"
    FAILED_TODAY = "failed"
    NEW_ONLY = "new"
    AHEAD = "ahead"


def custom_session(study: Study, deck_id: str | None, kind: Custom, days: int = 0) -> ReviewSession:
    """The session of one custom-study kind over a deck (None: all); TAG is built by the caller."""
    decks = None if deck_id is None else [deck_id]
    if kind is Custom.FAILED_TODAY:
        keys = browse.failed_on(study.store, study.today(), decks)
    elif kind is Custom.NEW_ONLY:
        # the day's limit again, on top of what was studied: Anki's "increase today's new limit"
        keys = study.new_keys(deck_id)[: study.limits.new_per_day]
    elif kind is Custom.AHEAD:
        if not 1 <= days <= MAX_AHEAD_DAYS:
            raise ValueError(f"ahead by 1 to {MAX_AHEAD_DAYS} days, not {days}")
        # due on or before that day: due_keys read at a later 'today' (its same-day repeats are today's)
        keys = repo.due_keys(study.store, study.today() + timedelta(days=days), deck_ids=decks, limit=1000)
    else:
        raise ValueError("custom study by tag takes the tagged keys: use Study.session_of")
    return study.session_of(keys)


__all__ = ["MAX_AHEAD_DAYS", "Custom", "custom_session"]
