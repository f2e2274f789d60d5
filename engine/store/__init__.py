"""SQLite store: typed ORM models, opening and migrating the database, repositories."""
