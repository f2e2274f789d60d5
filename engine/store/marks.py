"""Card marks (suspended, buried, flagged, leech, lapses) as plain data; ORM rows stay in here."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import date

import sqlalchemy as sa
import sqlalchemy.orm as so

from engine.store import answer_rows, rules
from engine.store.answer_rows import in_review as in_review  # used from here
from engine.store.answer_rows import is_lapse as is_lapse
from engine.store.database import Store
from engine.store.models import CardMarkRow
from engine.store.rule_clauses import runner
from engine.store.values import Mark as Mark  # defined without SQLAlchemy; used from here
from engine.store.writes import run_write


@dataclass(frozen=True)
class MarkChange:
    """One change of a card's mark, with what it was (undo writes `before` back)."""

    key: str
    deck_id: str
    before: Mark
    after: Mark


def _to_mark(row: CardMarkRow | None) -> Mark:
    return answer_rows.to_mark(row)


def _write(session: so.Session, key: str, deck_id: str, mark: Mark) -> None:
    row = session.get(CardMarkRow, key, with_for_update=True)
    if row is None:
        row = CardMarkRow(card_key=key, deck_id=deck_id)
        session.add(row)
    row.suspended, row.buried_until, row.flagged = mark.suspended, mark.buried_until, mark.flagged
    row.leech, row.lapses = mark.leech, mark.lapses


def read_mark(store: Store, key: str) -> Mark:
    with store.engine.connect() as conn:  # Core: a card shown reads its mark (ORM: 4x the time)
        return answer_rows.read_mark(conn, key)


def read_marks(store: Store, keys: Iterable[str]) -> dict[str, Mark]:
    """Marks of the given cards that have one."""
    wanted = list(keys)
    out: dict[str, Mark] = {}
    with store.reading() as session:
        for start in range(0, len(wanted), 500):
            rows = session.scalars(
                sa.select(CardMarkRow).where(CardMarkRow.card_key.in_(wanted[start : start + 500]))
            )
            out.update((row.card_key, _to_mark(row)) for row in rows)
    return out


def held_keys(store: Store, today: date) -> set[str]:
    """Cards kept out of sessions and counts today (engine.store.rules.HELD_KEYS)."""
    with store.engine.connect() as conn:
        return rules.held_keys(runner(conn), today)


def change_mark(store: Store, key: str, deck_id: str, **changes: object) -> MarkChange:
    """Change some fields of a card's mark in one transaction; returns before and after."""

    def work(session: so.Session) -> MarkChange:
        before = _to_mark(session.get(CardMarkRow, key, with_for_update=True))
        after = replace(before, **changes)  # type: ignore[arg-type]
        _write(session, key, deck_id, after)
        return MarkChange(key, deck_id, before, after)

    return run_write(store, work)


def restore_mark(session: so.Session, change: MarkChange) -> None:
    """Write a change's `before` back (in an open transaction)."""
    _write(session, change.key, change.deck_id, change.before)


def undo_mark(store: Store, change: MarkChange) -> None:
    run_write(store, lambda session: restore_mark(session, change))
