"""The schema revisions this build knows, oldest first (a test keeps it equal to Alembic's)."""

REVISIONS: tuple[str, ...] = ("0001_initial", "0002_drill_attempts", "0005")
HEAD: str = REVISIONS[-1]
