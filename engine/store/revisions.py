"""The schema revisions this build knows, oldest first (a test keeps it equal to Alembic's)."""

REVISIONS: tuple[str, ...] = (
    "0001_initial",
    "0002_drill_attempts",
    "0005",
    "0003",
    "0007",
    "0006",
    "0004",
    "0008",
    "0009",
    "0010",
    "0011",
    "0012",
    "0013",
)
HEAD: str = REVISIONS[-1]
MARKED_FROM: str = "0003"
"""First revision whose databases carry the flopcards marker row (flopcards_meta)."""
EXPECTED_TABLES: dict[str, frozenset[str]] = {
    "0001_initial": frozenset({"card_state", "review_log"}),
    "0002_drill_attempts": frozenset({"card_state", "review_log", "drill_attempt"}),
    "0005": frozenset({"card_state", "review_log", "drill_attempt", "exam_result"}),
}
"""Exact table sets of the revisions before the marker: anything else is not ours."""
