"""Due cards of one deck, oldest first, read from one index: (deck_id, due_day) replaces (deck_id).

The home counts and each deck's queue ask for "this deck's cards due by today, LIMIT n"; with only
the due_day index SQLite walks every due card of every deck to find one deck's.
"""

from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_card_state_deck_due", "card_state", ["deck_id", "due_day"])
    op.drop_index("ix_card_state_deck_id", table_name="card_state")


def downgrade() -> None:
    op.create_index("ix_card_state_deck_id", "card_state", ["deck_id"])
    op.drop_index("ix_card_state_deck_due", table_name="card_state")
