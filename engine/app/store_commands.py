"""The CLI's one-shot store commands: each opens the collection, does one thing and closes it; a store
fault comes out as engine.faults.AppError (its message fit for the user, never a secret)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.app.errors import store_command
from engine.app.fsrs_fit import Fit, fit
from engine.interview_log import as_json, interviews
from engine.store import fsrs_memory, meta
from engine.store.database import open_store
from engine.store.history import ImportedHistory, write_histories

__all__ = [
    "Fit",
    "ImportedHistory",
    "fsrs_parameters",
    "import_histories",
    "interview_records",
    "optimize_fsrs",
]


@store_command
def interview_records(db: str) -> list[dict[str, Any]]:
    """Every stored mock interview's report figures, oldest first, as `interview --history` prints them."""
    store = open_store(db)
    try:
        return [as_json(record) for record in interviews(store)]
    finally:
        store.close()


@store_command
def fsrs_parameters(db: str) -> tuple[float, ...] | None:
    """The FSRS parameters fitted to this collection; None: py-fsrs's defaults are in use."""
    store = open_store(db)
    try:
        return meta.fsrs_parameters(store)
    finally:
        store.close()


@store_command
def optimize_fsrs(db: str) -> Fit:
    """Fit FSRS to every logged answer and keep the parameters (below the minimum: the defaults stay).
    Raises OptimizerMissing without the `fsrs-optimizer` extra."""
    store = open_store(db)
    try:
        result = fit(fsrs_memory.all_answers(store))
        if result.parameters is not None:
            meta.set_fsrs_parameters(store, result.parameters)
        return result
    finally:
        store.close()


@store_command
def import_histories(db: str, histories: Sequence[ImportedHistory]) -> tuple[int, int]:
    """Write imported review histories in one transaction: (log rows added, cards scheduled)."""
    store = open_store(db)
    try:
        return write_histories(store, histories)
    finally:
        store.close()
