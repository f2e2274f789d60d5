"""review_day: answers per study day and deck, kept by triggers on review_log and backfilled from it.

The stats screen reads these few thousand rows instead of grouping a million answers. Triggers (not
Python) keep the sums, so every writer of review_log - an answer, an undo, a copy, a recovery - updates
them in its own transaction. The covering review_log stats index of 0005 is no longer read: dropped.
"""

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0004"
branch_labels = None
depends_on = None

COUNTS = (
    "answers",
    "millis",
    *(f"grade_{g}" for g in range(6)),
    "young_passed",
    "young_total",
    "mature_passed",
    "mature_total",
)


def _terms(dialect: str, row: str) -> list[str]:
    """One answer's contribution to each of COUNTS; `row` is NEW or OLD (a trigger) or a table."""

    def flag(condition: str) -> str:
        return f"(CASE WHEN {condition} THEN 1 ELSE 0 END)"

    if dialect == "sqlite":
        interval = f"json_extract({row}.state_before, '$.interval_days')"
        millis = f"CAST(round({row}.seconds * 1000) AS INTEGER)"
    else:
        interval = f"(({row}.state_before)::jsonb ->> 'interval_days')::integer"
        millis = f"CAST(round(CAST({row}.seconds AS numeric) * 1000) AS bigint)"
    # The answer classes the stats index of 0005 spelled: new or same-day repeats count in no retention.
    repeat = f"{row}.was_new OR {row}.same_day_repeat"
    klass = f"(CASE WHEN {repeat} THEN 0 WHEN {interval} < 21 THEN 1 ELSE 2 END)"
    young, mature = f"{klass} = 1", f"{klass} = 2"
    passed = f"{row}.grade >= 3"
    return [
        "1",
        millis,
        *(flag(f"{row}.grade = {g}") for g in range(6)),
        flag(f"{young} AND {passed}"),
        flag(young),
        flag(f"{mature} AND {passed}"),
        flag(mature),
    ]


def _add(dialect: str, row: str, sign: str) -> str:
    values = ", ".join(f"{sign}{term}" for term in _terms(dialect, row))
    updates = ", ".join(f"{c} = review_day.{c} + excluded.{c}" for c in COUNTS)
    return (
        f"INSERT INTO review_day (study_day, deck_id, {', '.join(COUNTS)})"
        f" VALUES ({row}.study_day, {row}.deck_id, {values})"
        f" ON CONFLICT (study_day, deck_id) DO UPDATE SET {updates};"
    ) + (
        f" DELETE FROM review_day WHERE study_day = {row}.study_day AND deck_id = {row}.deck_id"
        " AND answers = 0;"
        if sign
        else ""
    )


def _sqlite_triggers() -> list[str]:
    return [
        f"CREATE TRIGGER review_day_insert AFTER INSERT ON review_log BEGIN {_add('sqlite', 'NEW', '')} END",
        f"CREATE TRIGGER review_day_delete AFTER DELETE ON review_log BEGIN {_add('sqlite', 'OLD', '-')} END",
        "CREATE TRIGGER review_day_update AFTER UPDATE ON review_log BEGIN"
        f" {_add('sqlite', 'OLD', '-')} {_add('sqlite', 'NEW', '')} END",
    ]


def _postgresql_triggers() -> list[str]:
    return [
        "CREATE FUNCTION review_day_keep() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN"
        f" IF TG_OP IN ('DELETE', 'UPDATE') THEN {_add('postgresql', 'OLD', '-')} END IF;"
        f" IF TG_OP IN ('INSERT', 'UPDATE') THEN {_add('postgresql', 'NEW', '')} END IF;"
        " RETURN NULL; END $$",
        "CREATE TRIGGER review_day_keep AFTER INSERT OR UPDATE OR DELETE ON review_log"
        " FOR EACH ROW EXECUTE FUNCTION review_day_keep()",
    ]


def upgrade() -> None:
    op.create_table(
        "review_day",
        sa.Column("study_day", sa.Date(), primary_key=True),
        sa.Column("deck_id", sa.String(100), primary_key=True),
        sa.Column("answers", sa.Integer(), nullable=False),
        sa.Column("millis", sa.BigInteger(), nullable=False),
        *(sa.Column(f"grade_{g}", sa.Integer(), nullable=False) for g in range(6)),
        sa.Column("young_passed", sa.Integer(), nullable=False),
        sa.Column("young_total", sa.Integer(), nullable=False),
        sa.Column("mature_passed", sa.Integer(), nullable=False),
        sa.Column("mature_total", sa.Integer(), nullable=False),
    )
    dialect = op.get_bind().dialect.name
    sums = ", ".join(f"SUM({term})" for term in _terms(dialect, "review_log"))
    op.execute(
        f"INSERT INTO review_day (study_day, deck_id, {', '.join(COUNTS)})"
        f" SELECT study_day, deck_id, {sums} FROM review_log GROUP BY study_day, deck_id"
    )
    for statement in _sqlite_triggers() if dialect == "sqlite" else _postgresql_triggers():
        op.execute(statement)
    op.drop_index("ix_review_log_stats", "review_log")


def downgrade() -> None:
    dialect = op.get_bind().dialect.name
    interval = (
        "json_extract(state_before, '$.interval_days')"
        if dialect == "sqlite"
        else "((state_before)::jsonb ->> 'interval_days')::integer"
    )
    klass = f"(CASE WHEN was_new OR same_day_repeat THEN 0 WHEN {interval} < 21 THEN 1 ELSE 2 END)"
    op.create_index(
        "ix_review_log_stats", "review_log", ["study_day", "grade", sa.text(klass), "deck_id", "seconds"]
    )
    if dialect == "sqlite":
        for name in ("insert", "delete", "update"):
            op.execute(f"DROP TRIGGER review_day_{name}")
    else:
        op.execute("DROP TRIGGER review_day_keep ON review_log")
        op.execute("DROP FUNCTION review_day_keep()")
    op.drop_table("review_day")
