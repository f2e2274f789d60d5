"""Exam score history for the stats screen."""

from __future__ import annotations

import sqlalchemy as sa

from engine.stats.model import ExamScore
from engine.store.stats_tables import ExamResultRow


def exam_history(conn: sa.Connection, deck_id: str | None, limit: int = 200) -> tuple[ExamScore, ...]:
    """The latest `limit` exam scores (of one deck, or all), oldest first."""
    query = sa.select(
        ExamResultRow.deck_id,
        ExamResultRow.taken_at,
        ExamResultRow.right,
        ExamResultRow.asked,
        ExamResultRow.seconds,
    ).order_by(ExamResultRow.taken_at.desc(), ExamResultRow.id.desc())
    if deck_id is not None:
        query = query.where(ExamResultRow.deck_id == deck_id)
    rows = conn.execute(query.limit(limit)).all()
    return tuple(ExamScore(str(d), t, int(r), int(a), float(s)) for d, t, r, a, s in reversed(rows))
