"""FSRS memory beside the SM-2 state of each card, so switching schedulers loses nothing."""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("card_state") as batch:
        batch.add_column(sa.Column("fsrs", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("card_state") as batch:
        batch.drop_column("fsrs")
