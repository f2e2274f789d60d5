"""Cold exams taken (a typed ORM table) and the covering indexes the stats aggregates read."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

import sqlalchemy as sa
import sqlalchemy.orm as so

from engine.store.models import Base, CardStateRow, DrillAttemptRow, ReviewRow, UTCDateTime


class ExamResultRow(Base):
    """One exam: deck, when, how many asked and right, total seconds, missed card ids, section scores."""

    __tablename__ = "exam_result"

    id: so.Mapped[int] = so.mapped_column(primary_key=True)
    deck_id: so.Mapped[str] = so.mapped_column(sa.String(100))
    taken_at: so.Mapped[datetime] = so.mapped_column(UTCDateTime())
    study_day: so.Mapped[date]
    asked: so.Mapped[int]
    right: so.Mapped[int]
    seconds: so.Mapped[float] = so.mapped_column(sa.Float())
    missed: so.Mapped[list[str]] = so.mapped_column(sa.JSON)
    """Card ids (within the deck) answered wrong, in the order asked."""
    sections: so.Mapped[list[dict[str, Any]]] = so.mapped_column(sa.JSON)
    """Per section: {"label", "right", "asked"}."""

    __table_args__ = (sa.Index("ix_exam_result_deck_day", "deck_id", "study_day"),)


ANSWER_CLASS_SQLITE = (
    "(CASE WHEN was_new OR same_day_repeat THEN 0"
    " WHEN json_extract(state_before, '$.interval_days') < 21 THEN 1 ELSE 2 END)"
)
ANSWER_CLASS_POSTGRESQL = (
    "(CASE WHEN was_new OR same_day_repeat THEN 0"
    " WHEN ((state_before)::jsonb ->> 'interval_days')::integer < 21 THEN 1 ELSE 2 END)"
)
"""0: new card or same-day repeat, 1: young scheduled answer, 2: mature (interval before >= 21 days).
The stats query and the index spell it identically, so SQLite reads it from the index."""

# Covering indexes (migration 0005): each stats query is answered from its index, in its order.
STATS_INDEX = "ix_review_log_stats"
sa.Index(
    STATS_INDEX,
    ReviewRow.study_day,
    ReviewRow.grade,
    sa.text(ANSWER_CLASS_SQLITE),
    ReviewRow.deck_id,
    ReviewRow.seconds,
)
sa.Index(
    "ix_card_state_stats",
    CardStateRow.deck_id,
    CardStateRow.interval_days,
    CardStateRow.repetitions,
    CardStateRow.ef_centi,
)
sa.Index(
    "ix_drill_attempt_day_kind",
    DrillAttemptRow.study_day,
    DrillAttemptRow.kind,
    DrillAttemptRow.seconds,
    DrillAttemptRow.verdict,
)
