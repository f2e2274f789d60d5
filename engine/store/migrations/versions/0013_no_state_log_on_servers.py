"""state_change on PostgreSQL: its triggers dropped and its rows deleted; SQLite keeps both.

Only a SQLite store's search index reads the log (engine.search_seen); a server's index copies
card_state before each search and recomputes (engine.search_query), and no daily check prunes a
server (engine.store.daily), so there the triggers wrote a row per answer that nothing read or
removed. The empty table stays: one schema on both backends. Downgrade puts 0012's triggers back.
"""

from types import ModuleType

from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def _state_change() -> ModuleType:
    """Migration 0012's module, which creates and drops the server's triggers (loaded by Alembic)."""
    script = op.get_context().script
    assert script is not None
    return script.get_revision("0012").module


def upgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    _state_change().drop_postgres_triggers()
    op.execute("TRUNCATE state_change RESTART IDENTITY")


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        _state_change().create_postgres_triggers()
