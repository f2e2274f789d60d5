"""Writing imported review histories: card states and log rows, idempotent by (card, instant)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import sqlalchemy as sa

from engine.replay import TimedRecord
from engine.sm2 import CardState
from engine.store import repo
from engine.store.database import Store
from engine.store.models import CardStateRow, ReviewRow


@dataclass(frozen=True)
class ImportedHistory:
    """One card's replayed answers and the state it should be left in."""

    card_key: str
    deck_id: str
    records: Sequence[TimedRecord]
    final: CardState


def write_histories(store: Store, histories: Sequence[ImportedHistory]) -> tuple[int, int]:
    """Add log rows not already present and set each card's state, in one transaction.

    Returns (log rows added, cards whose state was set). Importing the same history twice adds nothing.
    """
    added = 0
    with store.sessions.begin() as session:
        for history in histories:
            have = set(
                session.scalars(
                    sa.select(ReviewRow.reviewed_at).where(ReviewRow.card_key == history.card_key)
                )
            )
            for timed in history.records:
                if timed.record.reviewed_at in have:
                    continue
                repo.write_answer(
                    session,
                    card_key=history.card_key,
                    deck_id=history.deck_id,
                    record=timed.record,
                    seconds=timed.seconds,
                )
                added += 1
            row = session.get(CardStateRow, history.card_key)
            if row is None:
                row = CardStateRow(card_key=history.card_key, deck_id=history.deck_id)
                session.add(row)
            repo.set_state(row, history.final)
    return added, len(histories)
