"""Collection-wide values in the flopcards_meta table (e.g. FSRS parameters fitted to this log)."""

from __future__ import annotations

from datetime import date

import sqlalchemy.orm as so

from engine.store.database import Store
from engine.store.models import MetaRow
from engine.store.writes import run_write

FSRS_PARAMETERS = "fsrs_parameters"
FSRS_FITTED_ON = "fsrs_fitted_on"


def get(store: Store, key: str) -> str | None:
    with store.reading() as session:
        row = session.get(MetaRow, key)
        return None if row is None else row.value


def put(store: Store, key: str, value: str) -> None:
    """Set one value (upsert), in its own transaction."""

    def work(session: so.Session) -> None:
        row = session.get(MetaRow, key, with_for_update=True)
        if row is None:
            session.add(MetaRow(key=key, value=value))
        else:
            row.value = value

    run_write(store, work)


def fsrs_parameters(store: Store) -> tuple[float, ...] | None:
    """FSRS parameters `flopcards fsrs optimize` fitted to this collection, None for the defaults."""
    text = get(store, FSRS_PARAMETERS)
    if not text:
        return None
    try:
        return tuple(float(part) for part in text.split(","))
    except ValueError:
        return None


def set_fsrs_parameters(store: Store, parameters: tuple[float, ...], fitted_on: date | None = None) -> None:
    put(store, FSRS_PARAMETERS, ",".join(f"{p:.4f}" for p in parameters))
    put(store, FSRS_FITTED_ON, "" if fitted_on is None else fitted_on.isoformat())


def fsrs_fitted_on(store: Store) -> date | None:
    """The day `flopcards fsrs optimize` fitted the stored parameters (None: not recorded)."""
    text = get(store, FSRS_FITTED_ON)
    try:
        return date.fromisoformat(text) if text else None
    except ValueError:
        return None
