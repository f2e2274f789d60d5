"""A flopcards-specific marker row, so a foreign database stamped with our version is refused."""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0005"  # appended after what main already had; the integrator may re-chain
branch_labels = None
depends_on = None


def upgrade() -> None:
    meta = op.create_table(
        "flopcards_meta",
        sa.Column("key", sa.String(50), primary_key=True),
        sa.Column("value", sa.String(200), nullable=False),
    )
    op.bulk_insert(meta, [{"key": "application", "value": "flopcards"}])


def downgrade() -> None:
    op.drop_table("flopcards_meta")
