"""The day's integrity check and backup copy of an SQLite collection, as one application command the
app runs after its home screen shows (so the first open of a day never blocks grading)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from engine.app.errors import STORE_ERRORS, AppError, app_error, reason
from engine.store.daily import due, run_daily
from engine.store.preflight import sqlite_file

_RETRY = "flopcards tries again at the next start"


def check_today(
    db: str, backup_days: int, now: datetime, *, before_copy: Callable[[], None] | None = None
) -> AppError | None:
    """Check the file and copy it once a day; None when sound (or already done today, or a server).

    An AppError when the check found it damaged (kind DAMAGED: every later write is refused, the
    message names the backups and `db recover`) or the copy could not be made (disk full, ...: the
    message says why, in the OS's or SQLite's words, and that the next start tries again), or the
    check could not read the file just now (busy, gone: not damage, writes go on; the same notice)."""
    path = sqlite_file(db)
    if path is None or not due(path, backup_days, now):
        return None
    try:
        found = run_daily(path, backup_days, now, before_copy=before_copy)
    except STORE_ERRORS as error:  # the file passed: the copy (or its folder) failed
        why = reason(error)
        return AppError(app_error(error).kind, f"Today's backup copy was not made ({why}); {_RETRY}")
    if found.not_run is not None:
        kind, why = app_error(found.not_run).kind, reason(found.not_run)
        return AppError(kind, f"Today's integrity check was not run ({why}); {_RETRY}")
    return None if found.error is None else app_error(found.error)
