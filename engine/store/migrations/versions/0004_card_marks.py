"""Card marks: suspended, buried until a day, flagged, leech, and lapses (backfilled from the log)."""

from collections import Counter

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0006"  # the integrator may re-chain
branch_labels = None
depends_on = None


def upgrade() -> None:
    marks = op.create_table(
        "card_mark",
        sa.Column("card_key", sa.String(200), primary_key=True),
        sa.Column("deck_id", sa.String(100), nullable=False),
        sa.Column("suspended", sa.Boolean(), nullable=False),
        sa.Column("buried_until", sa.Date(), nullable=True),
        sa.Column("flagged", sa.Boolean(), nullable=False),
        sa.Column("leech", sa.Boolean(), nullable=False),
        sa.Column("lapses", sa.Integer(), nullable=False),
    )
    op.create_index("ix_card_mark_deck_id", "card_mark", ["deck_id"])
    # A lapse: a scheduled review (not new, not a same-day repeat) of a card in review, failed.
    log = sa.table(
        "review_log",
        sa.column("card_key", sa.String()),
        sa.column("deck_id", sa.String()),
        sa.column("grade", sa.Integer()),
        sa.column("was_new", sa.Boolean()),
        sa.column("same_day_repeat", sa.Boolean()),
        sa.column("state_before", sa.JSON()),
    )
    failed = sa.select(log.c.card_key, log.c.deck_id, log.c.state_before).where(
        log.c.grade < 3, log.c.was_new.is_(False), log.c.same_day_repeat.is_(False)
    )
    lapses: Counter[tuple[str, str]] = Counter()
    for key, deck, before in op.get_bind().execute(failed):
        if int((before or {}).get("repetitions", 0)) > 0:
            lapses[(key, deck)] += 1
    rows = [
        {
            "card_key": k,
            "deck_id": d,
            "suspended": False,
            "buried_until": None,
            "flagged": False,
            "leech": False,
            "lapses": n,
        }
        for (k, d), n in lapses.items()
    ]
    if rows:
        op.bulk_insert(marks, rows)


def downgrade() -> None:
    op.drop_index("ix_card_mark_deck_id", "card_mark")
    op.drop_table("card_mark")
