"""The store (SQLite file or PostgreSQL server): typed ORM models, opening and migrating, repositories."""
