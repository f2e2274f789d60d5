"""A rehearsed answer: the statements of one answer run in a transaction that is rolled back, so
that the first real answer finds SQLAlchemy's mappers configured and its statements compiled (at
start they cost more than the answer itself). Nothing it writes stays."""

from __future__ import annotations

from datetime import UTC, datetime

import sqlalchemy.orm as so

from engine import sm2
from engine.sm2 import CardState
from engine.store.database import Store
from engine.store.marks import read_mark
from engine.store.repo import load_state, write_answer
from engine.store.writes import locked_row, run_write

KEY = "flopcards-rehearsal/answer"
"""A key no deck can hold (a deck id has no '/'; this one is never committed either)."""


class _RolledBack(Exception):
    """Ends the rehearsal's transaction: run_write rolls it back."""


def rehearse_answer(store: Store) -> None:
    """Read a state and a mark and write one answer to KEY, then roll it all back. Raises what the
    store raises (a busy or read-only database): callers treat it as best effort."""
    load_state(store, KEY)
    read_mark(store, KEY)
    now = datetime.now(UTC)

    def work(session: so.Session) -> None:
        row, _ = locked_row(session, KEY, KEY.split("/")[0])
        _, record = sm2.review(CardState(), 4, now=now, today=now.date())
        write_answer(session, card_key=KEY, deck_id=row.deck_id, record=record, seconds=1.0, row=row)
        session.flush()
        raise _RolledBack

    try:
        run_write(store, work, attempts=1)
    except _RolledBack:
        return
