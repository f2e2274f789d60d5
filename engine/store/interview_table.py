"""Mock interviews taken (typed ORM table, migration 0011): one row each, the details as JSON."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

import sqlalchemy as sa
import sqlalchemy.orm as so

from engine.store.models import Base, UTCDateTime


class InterviewResultRow(Base):
    """One mock interview: when, track, length, level, time taken, score, and each question's outcome."""

    __tablename__ = "interview_result"

    id: so.Mapped[int] = so.mapped_column(primary_key=True)
    taken_at: so.Mapped[datetime] = so.mapped_column(UTCDateTime())
    study_day: so.Mapped[date]
    track: so.Mapped[str] = so.mapped_column(sa.String(20))
    minutes: so.Mapped[int]
    level: so.Mapped[str] = so.mapped_column(sa.String(20))
    seconds: so.Mapped[float] = so.mapped_column(sa.Float())
    score: so.Mapped[float] = so.mapped_column(sa.Float())
    """Rubric coverage and drill accuracy weighed alike, 0-1 (engine.interview_report)."""
    questions: so.Mapped[list[dict[str, Any]]] = so.mapped_column(sa.JSON)

    __table_args__ = (sa.Index("ix_interview_result_taken", "taken_at"),)
