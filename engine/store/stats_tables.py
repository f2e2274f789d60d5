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


INTERVAL_BEFORE_SQLITE = "json_extract(state_before, '$.interval_days')"
"""The interval before an answer, as the stats query and the index both spell it (they must match)."""

# Covering indexes (migration 0005): each stats query is answered from its index alone.
sa.Index(
    "ix_review_log_stats",
    ReviewRow.study_day,
    ReviewRow.deck_id,
    ReviewRow.grade,
    ReviewRow.seconds,
    ReviewRow.was_new,
    ReviewRow.same_day_repeat,
    sa.text(INTERVAL_BEFORE_SQLITE),
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
