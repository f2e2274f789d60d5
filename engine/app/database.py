"""The store as the CLI's commands see it: open a collection, and the `db`, `fsrs` and import commands'
operations (this module loads SQLAlchemy; the light checks are in engine.app.values)."""

from engine.interview_log import as_json as interview_json
from engine.interview_log import interviews
from engine.store import fsrs_memory, meta
from engine.store.backup import backup_to
from engine.store.browse import CardRow
from engine.store.copy import copy_collection, row_counts
from engine.store.database import Store, open_store
from engine.store.history import ImportedHistory, write_histories
from engine.store.marks import Mark, MarkChange
from engine.store.preflight import StoreError
from engine.store.recover import integrity_problems, recover

__all__ = [
    "CardRow",
    "ImportedHistory",
    "Mark",
    "MarkChange",
    "Store",
    "StoreError",
    "backup_to",
    "copy_collection",
    "fsrs_memory",
    "integrity_problems",
    "interview_json",
    "interviews",
    "meta",
    "open_store",
    "recover",
    "row_counts",
    "write_histories",
]
