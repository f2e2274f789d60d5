"""Initial schema: per-card SM-2 state and the review log."""

import sqlalchemy as sa
from alembic import op

revision = "0001_initial"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "card_state",
        sa.Column("card_key", sa.String(200), primary_key=True),
        sa.Column("deck_id", sa.String(100), nullable=False),
        sa.Column("repetitions", sa.Integer(), nullable=False),
        sa.Column("ef_centi", sa.Integer(), nullable=False),
        sa.Column("interval_days", sa.Integer(), nullable=False),
        sa.Column("due_day", sa.Date(), nullable=True),
        sa.Column("last_review_at", sa.DateTime(), nullable=True),
        sa.Column("last_day", sa.Date(), nullable=True),
        sa.Column("repeat_today", sa.Boolean(), nullable=False),
    )
    op.create_index("ix_card_state_deck_id", "card_state", ["deck_id"])
    op.create_index("ix_card_state_due_day", "card_state", ["due_day"])
    op.create_index(
        "ix_card_state_repeat_today",
        "card_state",
        ["last_day"],
        sqlite_where=sa.text("repeat_today = 1"),
    )
    op.create_table(
        "review_log",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("card_key", sa.String(200), nullable=False),
        sa.Column("deck_id", sa.String(100), nullable=False),
        sa.Column("reviewed_at", sa.DateTime(), nullable=False),
        sa.Column("study_day", sa.Date(), nullable=False),
        sa.Column("grade", sa.Integer(), nullable=False),
        sa.Column("seconds", sa.Float(), nullable=False),
        sa.Column("same_day_repeat", sa.Boolean(), nullable=False),
        sa.Column("was_new", sa.Boolean(), nullable=False),
        sa.Column("state_before", sa.JSON(), nullable=False),
        sa.Column("state_after", sa.JSON(), nullable=False),
    )
    op.create_index("ix_review_log_card_key", "review_log", ["card_key"])
    op.create_index("ix_review_log_study_day", "review_log", ["study_day"])


def downgrade() -> None:
    op.drop_table("review_log")
    op.drop_table("card_state")
