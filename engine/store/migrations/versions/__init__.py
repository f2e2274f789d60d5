"""Alembic revision scripts, one per schema change."""
