"""The store as the `db`, `stats` and `decks` commands and the browse and review screens see it:
opening a collection, the `db` operations, and the marks and card rows a screen is handed (this module
loads SQLAlchemy; the light checks are in engine.app.values, one-shot commands in store_commands)."""

from engine.store.backup import backup_to
from engine.store.browse import CardRow
from engine.store.copy import copy_collection, row_counts
from engine.store.database import Store, open_store
from engine.store.marks import Mark, MarkChange
from engine.store.preflight import StoreError
from engine.store.recover import integrity_problems, recover

__all__ = [
    "CardRow",
    "Mark",
    "MarkChange",
    "Store",
    "StoreError",
    "backup_to",
    "copy_collection",
    "integrity_problems",
    "open_store",
    "recover",
    "row_counts",
]
