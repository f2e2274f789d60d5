"""Drill attempts remember the named slip, whether the user gave up, and whether the hint was opened."""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0007"  # main's head when rebased; the integrator may re-chain
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("drill_attempt") as batch:
        batch.add_column(sa.Column("slip", sa.String(40), nullable=True))
        batch.add_column(sa.Column("gave_up", sa.Boolean(), nullable=False, server_default=sa.false()))
        batch.add_column(sa.Column("hinted", sa.Boolean(), nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("drill_attempt") as batch:
        batch.drop_column("hinted")
        batch.drop_column("gave_up")
        batch.drop_column("slip")
