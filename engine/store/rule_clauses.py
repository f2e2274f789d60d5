"""The rules' SQL texts (engine.store.rules) as SQLAlchemy clauses: dates bound as typed dates, so
each database gets its own form of them (an ISO text in SQLite, a date in PostgreSQL)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import date
from typing import Any

import sqlalchemy as sa

from engine.store.rules import Run


def clause(sql: str, params: Mapping[str, object]) -> sa.TextClause:
    """`sql` with `params` bound (only those it names), dates as dates."""
    named = [name for name in params if f":{name}" in sql]
    return sa.text(sql).bindparams(
        *(
            sa.bindparam(name, params[name], type_=sa.Date() if isinstance(params[name], date) else None)
            for name in named
        )
    )


def runner(conn: sa.Connection) -> Run:
    """A `Run` over one connection (engine.store.rules' functions read through it)."""

    def run(sql: str, params: Mapping[str, object]) -> Iterable[Sequence[Any]]:
        return list(conn.execute(clause(sql, params)))

    return run


def condition(sql: str, params: Mapping[str, object]) -> sa.ColumnElement[bool]:
    """A rule's condition (a WHERE term), beside ORM conditions."""
    return sa.and_(clause(sql, params))
