"""Alembic environment: runs on the connection flopcards hands over, in batch mode for SQLite."""

from __future__ import annotations

from alembic import context

from engine.store.tables import METADATA

connection = context.config.attributes.get("connection")
if connection is None:  # pragma: no cover - only when someone runs the alembic CLI by hand
    raise RuntimeError("flopcards migrations run through engine.store.database.open_store")

context.configure(
    connection=connection,
    target_metadata=METADATA,
    render_as_batch=True,
    compare_type=True,
)
with context.begin_transaction():
    context.run_migrations()
