"""The CLI's one-shot store commands: each opens the collection, does one thing and closes it; a store
fault comes out as engine.faults.AppError (its message fit for the user, never a secret)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import Any

from engine.app.errors import store_command
from engine.app.fsrs_fit import Fit, fit
from engine.fsrs_scheduler import default_parameters, usable_parameters
from engine.interview_log import as_json, interviews
from engine.store import fsrs_memory, meta
from engine.store.database import open_store
from engine.store.history import ImportedHistory, write_histories

__all__ = [
    "Fit",
    "FsrsInUse",
    "ImportedHistory",
    "fsrs_in_use",
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


@dataclass(frozen=True)
class FsrsInUse:
    """The FSRS-6 weights reviews are scheduled with, and where they came from."""

    weights: tuple[float, ...]
    fitted: bool
    """Fitted to this collection by `flopcards fsrs optimize` (False: py-fsrs's defaults)."""
    fitted_on: date | None = None
    refused: bool = False
    """Fitted weights are stored but py-fsrs refuses them: the defaults are in use."""


@store_command
def fsrs_in_use(db: str) -> FsrsInUse:
    """The FSRS weights in use: the fitted ones if stored and usable, else py-fsrs's defaults."""
    store = open_store(db)
    try:
        stored, fitted_on = meta.fsrs_parameters(store), meta.fsrs_fitted_on(store)
    finally:
        store.close()
    usable = usable_parameters(stored)
    if usable is None:
        return FsrsInUse(default_parameters(), False, refused=stored is not None)
    return FsrsInUse(usable, True, fitted_on)


@store_command
def optimize_fsrs(db: str) -> Fit:
    """Fit FSRS to every logged answer and keep the parameters (below the minimum: the defaults stay).
    Raises OptimizerMissing without the `fsrs-optimizer` extra."""
    store = open_store(db)
    try:
        result = fit(fsrs_memory.all_answers(store))
        if result.parameters is not None:
            meta.set_fsrs_parameters(store, result.parameters, datetime.now(UTC).date())
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
