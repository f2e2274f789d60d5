"""Drill attempts: every timed numeric drill answered, with its seed and verdict."""

import sqlalchemy as sa
from alembic import op

revision = "0002_drill_attempts"
down_revision = "0001_initial"
branch_labels = None
depends_on = None


def upgrade() -> None:
    if sa.inspect(op.get_bind()).has_table("drill_attempt"):
        # Left by an older build killed mid-migration (its driver committed each CREATE at once);
        # nothing can have been written to it since, as every later start failed.
        op.drop_table("drill_attempt")
    op.create_table(
        "drill_attempt",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("kind", sa.String(100), nullable=False),
        sa.Column("seed", sa.Integer(), nullable=False),
        sa.Column("params", sa.JSON(), nullable=False),
        sa.Column("given", sa.String(500), nullable=False),
        sa.Column("verdict", sa.String(20), nullable=False),
        sa.Column("expected", sa.Float(), nullable=False),
        sa.Column("unit", sa.String(40), nullable=False),
        sa.Column("relative_error", sa.Float(), nullable=True),
        sa.Column("seconds", sa.Float(), nullable=False),
        sa.Column("timed_out", sa.Boolean(), nullable=False),
        sa.Column("grade", sa.Integer(), nullable=False),
        sa.Column("attempted_at", sa.DateTime(), nullable=False),
        sa.Column("study_day", sa.Date(), nullable=False),
    )
    op.create_index("ix_drill_attempt_kind", "drill_attempt", ["kind"])
    op.create_index("ix_drill_attempt_study_day", "drill_attempt", ["study_day"])


def downgrade() -> None:
    op.drop_table("drill_attempt")
