"""Storing and reading back mock interviews; never touches SM-2 state (misses are reviewed by choice)."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

import sqlalchemy as sa

from engine.interview import DrillOutcome, QuestionOutcome, Track
from engine.interview_report import InterviewRecord
from engine.store.database import Store
from engine.store.interview_table import InterviewResultRow


def _question(data: dict[str, Any]) -> QuestionOutcome:
    drills = tuple(DrillOutcome(**d) for d in data.get("drills", ()))
    return QuestionOutcome(**{**data, "missed": tuple(data["missed"]), "drills": drills})


def record_interview(store: Store, record: InterviewRecord) -> int:
    """Store the interview in one transaction; returns its id."""
    with store.sessions.begin() as session:
        row = InterviewResultRow(
            taken_at=record.taken_at,
            study_day=record.study_day,
            track=record.track.value,
            minutes=record.minutes,
            level=record.level,
            seconds=round(record.seconds, 3),
            score=round(record.score, 4),
            questions=[asdict(q) for q in record.questions],
        )
        session.add(row)
        session.flush()
        return row.id


def interviews(store: Store, limit: int = 200) -> tuple[InterviewRecord, ...]:
    """The latest `limit` interviews, oldest first."""
    query = (
        sa.select(InterviewResultRow)
        .order_by(InterviewResultRow.taken_at.desc(), InterviewResultRow.id.desc())
        .limit(limit)
    )
    with store.sessions() as session:
        rows = session.scalars(query).all()
        return tuple(
            InterviewRecord(
                row.taken_at,
                row.study_day,
                Track(row.track),
                row.minutes,
                row.level,
                row.seconds,
                tuple(_question(q) for q in row.questions),
            )
            for row in reversed(rows)
        )


def as_json(record: InterviewRecord) -> dict[str, Any]:
    """The report's figures for scripts (`flopcards interview --json`, `stats --json`)."""
    return {
        "taken_at": record.taken_at.isoformat(),
        "study_day": record.study_day.isoformat(),
        "track": record.track.value,
        "minutes": record.minutes,
        "level": record.level,
        "seconds": round(record.seconds, 1),
        "score": round(record.score, 4),
        "coverage": round(record.coverage, 4),
        "drills": {"right": record.drills_right, "asked": record.drills_asked},
        "topics": [
            {
                "topic": t.topic,
                "questions": t.questions,
                "coverage": round(t.coverage, 4),
                "drills_right": t.drills_right,
                "drills_asked": t.drills_asked,
            }
            for t in record.topics()
        ],
        "questions": [
            {
                "card": q.key,
                "coverage": round(q.share, 4),
                "grade": q.grade,
                "seconds": round(q.seconds, 1),
                "guide_seconds": q.guide_seconds,
                "skipped": q.skipped,
                "missed": list(q.missed),
                "notes": q.notes,
                "drills": [asdict(d) for d in q.drills],
            }
            for q in record.questions
        ],
        "study_next": {"cards": list(record.study_cards()), "drill_kinds": list(record.study_kinds())},
    }
