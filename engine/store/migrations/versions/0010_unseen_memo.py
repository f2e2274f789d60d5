"""unseen_memo: each deck's kept walk for the new-card counts, and the triggers that keep it true.

A memo says which of a deck's first `walked` keys had no card_state when it was written. Answers only
insert card_state rows, which can only make it a superset; a deleted (or re-keyed) card_state row can
make a key unseen again, so these triggers delete the memo rows in that same transaction. Every row,
not only OLD.deck_id's: the memo is keyed by the deck the loaded files put a key in, card_state by the
deck given when it was answered, and the rule must not depend on the two agreeing. Deletes are rare
(the undo of a first answer), and the cost of one is a full walk per deck until the memo is rewritten.
"""

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None

SQLITE_TRIGGERS = {
    "unseen_memo_forget_delete": "AFTER DELETE ON card_state",
    "unseen_memo_forget_rekey": "AFTER UPDATE OF card_key ON card_state",
}


def upgrade() -> None:
    op.create_table(
        "unseen_memo",
        sa.Column("deck_id", sa.String(100), primary_key=True),
        sa.Column("keys_digest", sa.String(64), nullable=False),
        sa.Column("walked", sa.Integer(), nullable=False),
        sa.Column("unseen", sa.JSON(), nullable=False),
    )
    if op.get_bind().dialect.name == "sqlite":
        for name, when in SQLITE_TRIGGERS.items():
            op.execute(f"CREATE TRIGGER {name} {when} BEGIN DELETE FROM unseen_memo; END")
        return
    op.execute(
        "CREATE FUNCTION unseen_memo_forget() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN"
        " DELETE FROM unseen_memo; RETURN NULL; END $$"
    )
    # per statement: one DELETE of the memo however many states went; TRUNCATE fires no DELETE trigger
    op.execute(
        "CREATE TRIGGER unseen_memo_forget AFTER DELETE OR UPDATE OF card_key OR TRUNCATE ON card_state"
        " FOR EACH STATEMENT EXECUTE FUNCTION unseen_memo_forget()"
    )


def downgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":
        for name in SQLITE_TRIGGERS:
            op.execute(f"DROP TRIGGER {name}")
    else:
        op.execute("DROP TRIGGER unseen_memo_forget ON card_state")
        op.execute("DROP FUNCTION unseen_memo_forget()")
    op.drop_table("unseen_memo")
