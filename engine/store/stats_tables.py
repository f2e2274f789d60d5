"""Cold exams taken, the per-day answer sums (typed ORM tables) and covering indexes the stats read."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

import sqlalchemy as sa
import sqlalchemy.orm as so

from engine.store.models import Base, CardStateRow, DrillAttemptRow, UTCDateTime


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


class ReviewDayRow(Base):
    """One study day of one deck: the sums of its review_log rows (migration 0008).

    Database triggers on review_log keep it, in the writing transaction: nothing in Python adds to it.
    An answer is young or mature by the interval before it (21 days); new cards and same-day repeats
    count in neither (true retention: the first scheduled answer of a day only).
    """

    __tablename__ = "review_day"

    study_day: so.Mapped[date] = so.mapped_column(primary_key=True)
    deck_id: so.Mapped[str] = so.mapped_column(sa.String(100), primary_key=True)
    answers: so.Mapped[int]
    millis: so.Mapped[int] = so.mapped_column(sa.BigInteger())
    """Answer time in whole milliseconds (review_log keeps seconds to 3 decimals): sums stay exact."""
    grade_0: so.Mapped[int]
    grade_1: so.Mapped[int]
    grade_2: so.Mapped[int]
    grade_3: so.Mapped[int]
    grade_4: so.Mapped[int]
    grade_5: so.Mapped[int]
    young_passed: so.Mapped[int]
    young_total: so.Mapped[int]
    mature_passed: so.Mapped[int]
    mature_total: so.Mapped[int]


# Covering indexes (migration 0005): each stats query is answered from its index, in its order.
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
