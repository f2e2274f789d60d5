"""state_change: a log of card_state rows appearing, going and changing due day, for the search index.

The search index keeps, per card, whether it has a state and its due day (is:new and due: are then
indexed queries, not a probe of card_state per card); it reads this log from where it last stopped.
Triggers write one row per key: change 1 (with the due day) when a state row is inserted or
re-keyed to it, 0 when one is deleted or re-keyed away, 2 (with the new due day) when its due day
changes; other columns changing write nothing. On PostgreSQL a TRUNCATE of card_state logs one
row with no key: everything changed.
"""

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None

_LOG = "INSERT INTO state_change (card_key, change, due_day) VALUES"
SQLITE_TRIGGERS = {
    "state_change_insert": f"AFTER INSERT ON card_state BEGIN {_LOG} (NEW.card_key, 1, NEW.due_day); END",
    "state_change_delete": f"AFTER DELETE ON card_state BEGIN {_LOG} (OLD.card_key, 0, NULL); END",
    "state_change_rekey": (
        "AFTER UPDATE OF card_key ON card_state WHEN OLD.card_key IS NOT NEW.card_key"
        f" BEGIN {_LOG} (OLD.card_key, 0, NULL); {_LOG} (NEW.card_key, 1, NEW.due_day); END"
    ),
    "state_change_due": (
        "AFTER UPDATE OF due_day ON card_state"
        " WHEN OLD.due_day IS NOT NEW.due_day AND OLD.card_key IS NEW.card_key"
        f" BEGIN {_LOG} (NEW.card_key, 2, NEW.due_day); END"
    ),
}


def upgrade() -> None:
    op.create_table(
        "state_change",
        sa.Column("seq", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("card_key", sa.String(200), nullable=True),
        sa.Column("change", sa.SmallInteger(), nullable=False),
        sa.Column("due_day", sa.Date(), nullable=True),
        sqlite_autoincrement=True,
    )
    if op.get_bind().dialect.name == "sqlite":
        for name, body in SQLITE_TRIGGERS.items():
            op.execute(f"CREATE TRIGGER {name} {body}")
        return
    create_postgres_triggers()


def create_postgres_triggers() -> None:
    """The log's function and triggers on PostgreSQL (0013 drops them, and its downgrade calls this)."""
    op.execute(
        "CREATE FUNCTION state_change_log() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN"
        " IF TG_OP = 'TRUNCATE' THEN INSERT INTO state_change (card_key, change) VALUES (NULL, 0);"
        " RETURN NULL; END IF;"
        " IF TG_OP = 'UPDATE' AND OLD.card_key IS NOT DISTINCT FROM NEW.card_key THEN"
        " INSERT INTO state_change (card_key, change, due_day) VALUES (NEW.card_key, 2, NEW.due_day);"
        " RETURN NULL; END IF;"
        " IF TG_OP IN ('DELETE', 'UPDATE') THEN"
        " INSERT INTO state_change (card_key, change) VALUES (OLD.card_key, 0); END IF;"
        " IF TG_OP IN ('INSERT', 'UPDATE') THEN INSERT INTO state_change (card_key, change, due_day)"
        " VALUES (NEW.card_key, 1, NEW.due_day); END IF;"
        " RETURN NULL; END $$"
    )
    op.execute(
        "CREATE TRIGGER state_change_row AFTER INSERT OR DELETE ON card_state"
        " FOR EACH ROW EXECUTE FUNCTION state_change_log()"
    )
    op.execute(
        "CREATE TRIGGER state_change_rekey AFTER UPDATE OF card_key, due_day ON card_state FOR EACH ROW"
        " WHEN (OLD.card_key IS DISTINCT FROM NEW.card_key OR OLD.due_day IS DISTINCT FROM NEW.due_day)"
        " EXECUTE FUNCTION state_change_log()"
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
        drop_postgres_triggers()
    op.drop_table("state_change")


def drop_postgres_triggers() -> None:
    for name in ("state_change_truncate", "state_change_rekey", "state_change_row"):
        op.execute(f"DROP TRIGGER {name} ON card_state")
    op.execute("DROP FUNCTION state_change_log()")
