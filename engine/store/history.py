"""Writing imported review histories: merged with what is already here, never rewinding it.

The log becomes the union of both logs (an answer is the same answer when its card and instant match).
A card's state comes from the import unless this collection holds an answer of that card later than
the import's last one: then the card was studied here since, and its state, lapses and the undo of
that answer stay as they are. Its suspended, buried and flagged marks come from the import unless an
answer here is later than the card's last change in the package (Anki's card `mod`): suspending a
card in Anki after studying it here suspends it here too. Everything is written in one transaction.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import TypeVar

import sqlalchemy as sa
import sqlalchemy.orm as so

from engine.store import repo
from engine.store.database import Store
from engine.store.marks import Mark
from engine.store.models import CardMarkRow, CardStateRow, ReviewRow
from engine.store.values import ImportedHistory as ImportedHistory  # built without SQLAlchemy
from engine.store.writes import run_write

BATCH = 500
Row = TypeVar("Row", CardStateRow, CardMarkRow)


def _logged(session: so.Session, keys: list[str]) -> dict[str, set[datetime]]:
    out: dict[str, set[datetime]] = {}
    for start in range(0, len(keys), BATCH):
        query = sa.select(ReviewRow.card_key, ReviewRow.reviewed_at).where(
            ReviewRow.card_key.in_(keys[start : start + BATCH])
        )
        for key, at in session.execute(query):
            out.setdefault(key, set()).add(at)
    return out


def _marks(session: so.Session, decks: set[str]) -> dict[str, CardMarkRow]:
    """The mark rows of the imported decks (few: most cards carry none), in one query per deck."""
    out: dict[str, CardMarkRow] = {}
    for deck in sorted(decks):
        for row in session.scalars(sa.select(CardMarkRow).where(CardMarkRow.deck_id == deck)):
            out[row.card_key] = row
    return out


def _rows(session: so.Session, model: type[Row], keys: list[str]) -> dict[str, Row]:
    out: dict[str, Row] = {}
    for start in range(0, len(keys), BATCH):
        chunk = keys[start : start + BATCH]
        for row in session.scalars(sa.select(model).where(model.card_key.in_(chunk))):
            out[row.card_key] = row
    return out


def _log_rows(history: ImportedHistory, have: set[datetime]) -> Iterable[dict[str, object]]:
    for timed in history.records:
        record = timed.record
        if record.reviewed_at in have:
            continue
        yield {
            "card_key": history.card_key,
            "deck_id": history.deck_id,
            "reviewed_at": record.reviewed_at,
            "study_day": record.study_day,
            "grade": record.grade,
            "seconds": round(float(timed.seconds), 3),
            "same_day_repeat": record.same_day_repeat,
            "was_new": record.was_new,
            "state_before": record.before.to_dict(),
            "state_after": record.after.to_dict(),
        }


def studied_here_since(history: ImportedHistory, have: set[datetime], since: datetime | None = None) -> bool:
    """An answer logged here that the import does not hold, later than the import's last answer
    (and than `since` when given)."""
    theirs = {timed.record.reviewed_at for timed in history.records}
    last = max(theirs, default=None)
    if since is not None and (last is None or since > last):
        last = since
    return any(at not in theirs and (last is None or at > last) for at in have)


def _set_mark(
    session: so.Session, rows: dict[str, CardMarkRow], history: ImportedHistory, *, lapses: bool
) -> None:
    mark = history.mark
    row = rows.get(history.card_key)
    if mark is None or (row is None and mark == Mark()):
        return
    if row is None:
        row = CardMarkRow(card_key=history.card_key, deck_id=history.deck_id, leech=False, lapses=0)
        session.add(row)
    row.suspended, row.buried_until, row.flagged = mark.suspended, mark.buried_until, mark.flagged
    if lapses:
        row.lapses = mark.lapses


def write_histories(store: Store, histories: Sequence[ImportedHistory]) -> tuple[int, int]:
    """Add the log rows not already present and set each card's state and marks (unless studied here
    since), in one transaction. Returns (log rows added, cards whose state was set); importing the
    same history twice adds nothing."""

    def work(session: so.Session) -> tuple[int, int]:
        marks = _marks(session, {history.deck_id for history in histories})
        keys = [h.card_key for h in histories if not h.bare or h.card_key in marks]
        logged, states = _logged(session, keys), _rows(session, CardStateRow, keys)
        added = scheduled = 0
        rows: list[dict[str, object]] = []
        for history in histories:
            if history.bare and history.card_key not in marks:
                continue  # a new card, unmarked there and here (most of a fresh import): nothing to do
            have = logged.get(history.card_key, set())
            new_rows = list(_log_rows(history, have))
            rows += new_rows
            added += len(new_rows)
            studied = studied_here_since(history, have)
            if not studied_here_since(history, have, history.marked_at):
                _set_mark(session, marks, history, lapses=not studied)
            if studied or history.final is None:
                continue
            row = states.get(history.card_key)
            if row is None:
                row = CardStateRow(card_key=history.card_key, deck_id=history.deck_id)
                session.add(row)
            repo.set_state(row, history.final)
            scheduled += 1
        for start in range(0, len(rows), BATCH * 10):
            session.execute(sa.insert(ReviewRow), rows[start : start + BATCH * 10])
        return added, scheduled

    return run_write(store, work)
