"""interview_result: one row per mock interview (issue 30), its questions' outcomes as JSON."""

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "interview_result",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("taken_at", sa.DateTime(), nullable=False),
        sa.Column("study_day", sa.Date(), nullable=False),
        sa.Column("track", sa.String(20), nullable=False),
        sa.Column("minutes", sa.Integer(), nullable=False),
        sa.Column("level", sa.String(20), nullable=False),
        sa.Column("seconds", sa.Float(), nullable=False),
        sa.Column("score", sa.Float(), nullable=False),
        sa.Column("questions", sa.JSON(), nullable=False),
    )
    op.create_index("ix_interview_result_taken", "interview_result", ["taken_at"])


def downgrade() -> None:
    op.drop_index("ix_interview_result_taken", "interview_result")
    op.drop_table("interview_result")
