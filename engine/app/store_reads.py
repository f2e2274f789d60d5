"""The reads deck counting makes (engine.counting), from the store through the repo."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from engine.counting import Memo
from engine.store import repo
from engine.store.database import Store


class StoreReads:
    """The reads counting needs, from the store (SQLite or a server) through the repo."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def due_keys(self, today: date, deck_id: str | None, limit: int) -> list[str]:
        decks = None if deck_id is None else [deck_id]
        return repo.due_keys(self.store, today, deck_ids=decks, limit=limit)

    def unseen(self, keys: Sequence[str], limit: int | None) -> list[str]:
        return repo.unseen(self.store, keys, limit)

    def memos(self) -> dict[str, Memo]:
        return repo.memos(self.store)
