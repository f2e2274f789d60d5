"""Every table of the schema in one metadata: what Alembic compares and `db copy` walks (the table
modules import models' Base; this module gathers them, so models imports none of them back)."""

from __future__ import annotations

import sqlalchemy as sa

from engine.store import interview_table, stats_tables
from engine.store.models import Base

TABLE_MODULES = (interview_table, stats_tables)
"""Modules whose tables join Base.metadata beside models' own (importing them registers them)."""
METADATA: sa.MetaData = Base.metadata
