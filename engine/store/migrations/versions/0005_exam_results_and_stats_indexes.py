"""Exam results (one row per cold exam taken) and covering indexes the stats screen aggregates on."""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0002_drill_attempts"
branch_labels = None
depends_on = None


def _answer_class(dialect: str) -> sa.TextClause:
    # Spelled exactly as engine.store.stats_tables.ANSWER_CLASS_* (SQLite matches expression text).
    interval = (
        "json_extract(state_before, '$.interval_days')"
        if dialect == "sqlite"
        else "((state_before)::jsonb ->> 'interval_days')::integer"
    )
    return sa.text(f"(CASE WHEN was_new OR same_day_repeat THEN 0 WHEN {interval} < 21 THEN 1 ELSE 2 END)")


def upgrade() -> None:
    op.create_table(
        "exam_result",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("deck_id", sa.String(100), nullable=False),
        sa.Column("taken_at", sa.DateTime(), nullable=False),
        sa.Column("study_day", sa.Date(), nullable=False),
        sa.Column("asked", sa.Integer(), nullable=False),
        sa.Column("right", sa.Integer(), nullable=False),
        sa.Column("seconds", sa.Float(), nullable=False),
        sa.Column("missed", sa.JSON(), nullable=False),
        sa.Column("sections", sa.JSON(), nullable=False),
    )
    op.create_index("ix_exam_result_deck_day", "exam_result", ["deck_id", "study_day"])
    dialect = op.get_bind().dialect.name
    op.create_index(
        "ix_review_log_stats",
        "review_log",
        ["study_day", "grade", _answer_class(dialect), "deck_id", "seconds"],
    )
    op.create_index(
        "ix_card_state_stats",
        "card_state",
        ["deck_id", "interval_days", "repetitions", "ef_centi"],
    )
    op.create_index("ix_drill_attempt_day_kind", "drill_attempt", ["study_day", "kind", "seconds", "verdict"])


def downgrade() -> None:
    op.drop_index("ix_drill_attempt_day_kind", "drill_attempt")
    op.drop_index("ix_card_state_stats", "card_state")
    op.drop_index("ix_review_log_stats", "review_log")
    op.drop_index("ix_exam_result_deck_day", "exam_result")
    op.drop_table("exam_result")
