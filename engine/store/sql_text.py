"""SQL the SQLAlchemy repo and the stdlib start-up reads both run (one copy; no imports)."""

UNSEEN_SQLITE = (
    "SELECT j.value FROM json_each(?) j LEFT JOIN card_state s ON s.card_key = j.value"
    " WHERE s.card_key IS NULL ORDER BY j.key"
)
"""Keys of a JSON array without a state, in array order. An anti-join: a NOT EXISTS subquery per
key is ten times slower in SQLite (37 vs 3 ms per 10k keys)."""
UNSEEN_SERVER = (
    "SELECT k FROM unnest(CAST(:keys AS text[])) WITH ORDINALITY AS t(k, n)"
    " WHERE NOT EXISTS (SELECT 1 FROM card_state s WHERE s.card_key = t.k) ORDER BY n"
)
"""The same on PostgreSQL, the keys as one array parameter."""
