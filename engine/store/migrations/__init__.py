"""Alembic migrations shipped with the package."""
