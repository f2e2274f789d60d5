"""state_change: a log of card_state rows appearing and going (by key), for the search index.

The search index keeps, per card, whether it has a state (is:new is then an indexed query, not a
probe of card_state per card); it reads this log from where it last stopped. Triggers write one row
per key: seen 1 when a state row is inserted (or re-keyed to it), 0 when one is deleted (or re-keyed
away); a state's other columns changing writes nothing, so an answer to a seen card logs nothing.
On PostgreSQL a TRUNCATE of card_state logs one row with no key: everything changed.

ix_card_state_due_day gains the key: a due: search reads which keys are due from the index alone.
"""

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None

_LOG = "INSERT INTO state_change (card_key, seen) VALUES"
SQLITE_TRIGGERS = {
    "state_change_insert": f"AFTER INSERT ON card_state BEGIN {_LOG} (NEW.card_key, 1); END",
    "state_change_delete": f"AFTER DELETE ON card_state BEGIN {_LOG} (OLD.card_key, 0); END",
    "state_change_rekey": (
        "AFTER UPDATE OF card_key ON card_state WHEN OLD.card_key IS NOT NEW.card_key"
        f" BEGIN {_LOG} (OLD.card_key, 0); {_LOG} (NEW.card_key, 1); END"
    ),
}


def upgrade() -> None:
    op.drop_index("ix_card_state_due_day", "card_state")
    op.create_index("ix_card_state_due_day", "card_state", ["due_day", "card_key"])
    op.create_table(
        "state_change",
        sa.Column("seq", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("card_key", sa.String(200), nullable=True),
        sa.Column("seen", sa.Boolean(), nullable=False),
        sqlite_autoincrement=True,
    )
    if op.get_bind().dialect.name == "sqlite":
        for name, body in SQLITE_TRIGGERS.items():
            op.execute(f"CREATE TRIGGER {name} {body}")
        return
    op.execute(
        "CREATE FUNCTION state_change_log() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN"
        " IF TG_OP = 'TRUNCATE' THEN INSERT INTO state_change (card_key, seen) VALUES (NULL, false);"
        " RETURN NULL; END IF;"
        " IF TG_OP IN ('DELETE', 'UPDATE') THEN INSERT INTO state_change (card_key, seen)"
        " VALUES (OLD.card_key, false); END IF;"
        " IF TG_OP IN ('INSERT', 'UPDATE') THEN INSERT INTO state_change (card_key, seen)"
        " VALUES (NEW.card_key, true); END IF;"
        " RETURN NULL; END $$"
    )
    op.execute(
        "CREATE TRIGGER state_change_row AFTER INSERT OR DELETE ON card_state"
        " FOR EACH ROW EXECUTE FUNCTION state_change_log()"
    )
    op.execute(
        "CREATE TRIGGER state_change_rekey AFTER UPDATE OF card_key ON card_state FOR EACH ROW"
        " WHEN (OLD.card_key IS DISTINCT FROM NEW.card_key) EXECUTE FUNCTION state_change_log()"
    )
    op.execute(
        "CREATE TRIGGER state_change_truncate AFTER TRUNCATE ON card_state"
        " FOR EACH STATEMENT EXECUTE FUNCTION state_change_log()"
    )


def downgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":
        for name in SQLITE_TRIGGERS:
            op.execute(f"DROP TRIGGER {name}")
    else:
        op.execute("DROP TRIGGER state_change_truncate ON card_state")
        op.execute("DROP TRIGGER state_change_rekey ON card_state")
        op.execute("DROP TRIGGER state_change_row ON card_state")
        op.execute("DROP FUNCTION state_change_log()")
    op.drop_table("state_change")
    op.drop_index("ix_card_state_due_day", "card_state")
    op.create_index("ix_card_state_due_day", "card_state", ["due_day"])
