"""Mock interview score history for the stats screen and `stats --json`."""

from __future__ import annotations

import sqlalchemy as sa

from engine.stats.model import InterviewScore
from engine.store.interview_table import InterviewResultRow


def interview_history(conn: sa.Connection, limit: int = 200) -> tuple[InterviewScore, ...]:
    """The latest `limit` mock interviews, oldest first."""
    row = InterviewResultRow
    query = sa.select(row.taken_at, row.track, row.minutes, row.score, row.seconds, row.questions)
    rows = conn.execute(query.order_by(row.taken_at.desc(), row.id.desc()).limit(limit)).all()
    return tuple(
        InterviewScore(t, str(track), int(m), float(score), float(s), len(qs))
        for t, track, m, score, s, qs in reversed(rows)
    )
