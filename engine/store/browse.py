"""What the browser lists of each card: schedule and marks in one outer-joined read, and the keys a
state filter (due:, is:) selects, both in SQL; ORM rows stay in here."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, timedelta
from enum import StrEnum

import sqlalchemy as sa

from engine.store import rules
from engine.store.database import Store
from engine.store.models import CardMarkRow, CardStateRow, ReviewRow
from engine.store.rule_clauses import condition

CHUNK = 500


@dataclass(frozen=True)
class CardRow:
    """One card's schedule and marks as the browser shows them (never reviewed: due None)."""

    key: str
    due: date | None = None
    interval_days: int = 0
    ef_centi: int | None = None
    reviewed: bool = False
    lapses: int = 0
    suspended: bool = False
    buried_until: date | None = None
    flagged: bool = False
    leech: bool = False


class Is(StrEnum):
    """The is: filters."""

    NEW = "new"
    DUE = "due"
    SUSPENDED = "suspended"
    BURIED = "buried"
    LEECH = "leech"
    FLAGGED = "flagged"


@dataclass(frozen=True)
class StateFilter:
    """due: and is: terms of a search; all must hold."""

    due_before: int | None = None
    """Due before today + this many days (0 with due_from None: overdue)."""
    due_from: int | None = None
    """Due on or after today + this many days."""
    flags: frozenset[Is] = frozenset()

    @property
    def empty(self) -> bool:
        return self.due_before is None and self.due_from is None and not self.flags


def card_rows(store: Store, keys: Iterable[str]) -> dict[str, CardRow]:
    """Rows of the given keys that have a state or a mark."""
    wanted = list(keys)
    state, mark = CardStateRow, CardMarkRow
    out: dict[str, CardRow] = {}
    with store.engine.connect() as conn:
        for start in range(0, len(wanted), CHUNK):
            chunk = wanted[start : start + CHUNK]
            states = {
                r.card_key: r
                for r in conn.execute(
                    sa.select(state.card_key, state.due_day, state.interval_days, state.ef_centi).where(
                        state.card_key.in_(chunk)
                    )
                )
            }
            marks = {r.card_key: r for r in conn.execute(sa.select(mark).where(mark.card_key.in_(chunk)))}
            for key in states.keys() | marks.keys():
                s, m = states.get(key), marks.get(key)
                out[key] = CardRow(
                    key,
                    s.due_day if s else None,
                    s.interval_days if s else 0,
                    s.ef_centi if s else None,
                    s is not None,
                    m.lapses if m else 0,
                    bool(m and m.suspended),
                    m.buried_until if m else None,
                    bool(m and m.flagged),
                    bool(m and m.leech),
                )
    return out


def state_conditions(
    state: sa.FromClause, mark: sa.FromClause, today: date, where: StateFilter
) -> tuple[list[sa.ColumnElement[bool]], list[sa.ColumnElement[bool]]]:
    """The due: and is: terms (but is:new) as SQL on card_state and card_mark (or copies of them):
    (conditions on the state, conditions on the marks only)."""
    conditions: list[sa.ColumnElement[bool]] = []
    if where.due_before is not None:
        conditions.append(state.c.due_day < today + timedelta(days=where.due_before))
    if where.due_from is not None:
        conditions.append(state.c.due_day >= today + timedelta(days=where.due_from))
    if Is.DUE in where.flags:  # as a review takes them: same-day repeats too
        # the rules' texts name card_state's and card_mark's columns bare: no other table a search
        # joins (the index's card, card_text, card_tag) has a column of those names
        conditions.append(condition(rules.DUE, {"today": today, "yes": True}))
    marked = {
        Is.SUSPENDED: condition(rules.SUSPENDED, {"yes": True}),
        Is.LEECH: mark.c.leech.is_(True),
        Is.FLAGGED: mark.c.flagged.is_(True),
        Is.BURIED: condition(rules.BURIED, {"today": today}),
    }
    return conditions, [marked[f] for f in sorted(where.flags) if f in marked]


def filtered_keys(store: Store, today: date, where: StateFilter) -> set[str]:
    """The reviewed or marked keys the filter selects (is:new is the caller's: new cards have no row)."""
    state, mark = CardStateRow.__table__, CardMarkRow.__table__
    joined = sa.select(state.c.card_key).outerjoin(mark, mark.c.card_key == state.c.card_key)
    conditions, mark_only = state_conditions(state, mark, today, where)
    with store.engine.connect() as conn:
        keys = set(conn.execute(joined.where(*conditions, *mark_only)).scalars())
        if mark_only and not conditions:  # a marked card need not have been reviewed
            keys |= set(conn.execute(sa.select(mark.c.card_key).where(*mark_only)).scalars())
    return keys


def failed_on(store: Store, day: date, deck_ids: Iterable[str] | None = None) -> list[str]:
    """Keys answered below 3 on `day`, in the order first failed (custom study 'failed today')."""
    query = (
        sa.select(ReviewRow.card_key, sa.func.min(ReviewRow.id))
        .where(ReviewRow.study_day == day, ReviewRow.grade < 3)
        .group_by(ReviewRow.card_key)
        .order_by(sa.func.min(ReviewRow.id))
    )
    if deck_ids is not None:
        query = query.where(ReviewRow.deck_id.in_(list(deck_ids)))
    with store.engine.connect() as conn:
        return [key for key, _ in conn.execute(query)]
