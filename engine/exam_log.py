"""Storing a cold exam's result (the score history is read by engine.stats); never touches SM-2 state."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

from engine.store.database import Store
from engine.store.stats_tables import ExamResultRow


@dataclass(frozen=True)
class SectionScore:
    """Right answers out of the questions asked in one section (a self-grading band or a tag)."""

    label: str
    right: int
    asked: int


@dataclass(frozen=True)
class ExamRecord:
    """One finished exam as plain data."""

    deck_id: str
    taken_at: datetime
    study_day: date
    asked: int
    right: int
    seconds: float
    missed: tuple[str, ...]
    """Card ids (within the deck) answered wrong, in the order asked."""
    sections: tuple[SectionScore, ...]


def record_exam(store: Store, record: ExamRecord) -> int:
    """Store the result in one transaction; returns its id."""
    with store.sessions.begin() as session:
        row = ExamResultRow(
            deck_id=record.deck_id,
            taken_at=record.taken_at,
            study_day=record.study_day,
            asked=record.asked,
            right=record.right,
            seconds=round(record.seconds, 3),
            missed=list(record.missed),
            sections=[{"label": s.label, "right": s.right, "asked": s.asked} for s in record.sections],
        )
        session.add(row)
        session.flush()
        return row.id
