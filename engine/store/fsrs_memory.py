"""Rebuilding FSRS memory from the review log, for cards whose answers FSRS has not all seen."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import date, datetime

import sqlalchemy as sa
import sqlalchemy.orm as so

from engine.fsrs_scheduler import FsrsState
from engine.store.database import Store
from engine.store.models import CardStateRow, ReviewRow
from engine.store.writes import run_write

BATCH = 500


def stale_keys(store: Store, limit: int = BATCH) -> list[str]:
    """Reviewed cards with no FSRS memory (never under FSRS, or answered under SM-2 since)."""
    query = (
        sa.select(CardStateRow.card_key)
        .where(CardStateRow.fsrs.is_(None), CardStateRow.last_review_at.is_not(None))
        .order_by(CardStateRow.card_key)
        .limit(limit)
    )
    with store.reading() as session:
        return list(session.scalars(query))


def rebuild(
    store: Store,
    replay: Callable[[Sequence[tuple[datetime, int, date]]], FsrsState],
    *,
    batch: int = BATCH,
) -> int:
    """Give every stale card the memory its log implies, `batch` cards per transaction; returns how many.

    Only the FSRS memory is written: due days and the SM-2 fields stay as they are.
    """
    done = 0
    while keys := stale_keys(store, batch):
        answers: dict[str, list[tuple[datetime, int, date]]] = {key: [] for key in keys}
        with store.reading() as session:
            rows = session.execute(
                sa.select(ReviewRow.card_key, ReviewRow.reviewed_at, ReviewRow.grade, ReviewRow.study_day)
                .where(ReviewRow.card_key.in_(keys))
                .order_by(ReviewRow.card_key, ReviewRow.reviewed_at, ReviewRow.id)
            )
            for key, when, grade, day in rows:
                answers[key].append((when, grade, day))

        def work(session: so.Session, found: dict[str, list[tuple[datetime, int, date]]] = answers) -> int:
            for key, log in found.items():
                memory = replay(log)  # a state with no logged answer stays new to FSRS
                session.execute(
                    sa.update(CardStateRow).where(CardStateRow.card_key == key).values(fsrs=memory.to_dict())
                )
            return len(found)

        done += run_write(store, work)
    return done


def all_answers(store: Store) -> list[tuple[str, datetime, int, float]]:
    """Every logged answer as (card key, UTC instant, grade, seconds), oldest first (for fitting FSRS)."""
    query = sa.select(ReviewRow.card_key, ReviewRow.reviewed_at, ReviewRow.grade, ReviewRow.seconds).order_by(
        ReviewRow.reviewed_at, ReviewRow.id
    )
    with store.reading() as session:
        return [(key, when, grade, seconds) for key, when, grade, seconds in session.execute(query)]
