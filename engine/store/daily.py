"""The first open of a day's integrity check and backup copy, run after the app is usable: the check
reads through its own read-only connection (WAL: writers go on meanwhile), the copy is taken only
from a file that passed it, and a damaged file found this way refuses every later write."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from engine.store.backup import checked_today, daily_backup
from engine.store.preflight import StoreError, damaged, is_damage, ro_uri
from engine.store.state_log import prune

_REFUSED: dict[str, StoreError] = {}
"""Database files (resolved paths) found damaged in this process, with the error every write gets."""
_LOCK = threading.Lock()
_BUSY_WAIT = 5.0
"""Seconds the check waits for another program's lock before it gives up for today."""


@dataclass(frozen=True)
class DailyCheck:
    """What the day's check found: `damaged` (then `error` says what and where the backups are) or
    a sound file, with the copy made (None: today's copy existed, or copies are off), or `not_run`:
    the check could not read the file (busy, gone, an I/O hiccup), which says nothing of it."""

    damaged: bool
    copy: Path | None = None
    error: StoreError | None = None
    not_run: sqlite3.Error | None = None


def due(path: Path | None, backup_days: int, now: datetime) -> bool:
    """Whether the file still needs today's check (a server database never does: it checks itself)."""
    return path is not None and path.exists() and not checked_today(path, backup_days, now)


def run_daily(
    path: Path, backup_days: int, now: datetime, *, before_copy: Callable[[], None] | None = None
) -> DailyCheck:
    """SQLite's quick_check on `path`; when sound, the state_change log pruned (engine.store.state_log)
    and the day's copy (keeping `backup_days` of them); when damaged, no copy (a good older one is
    never replaced or dropped) and writes refused.

    `before_copy` runs between the check and the copy (tests hold the copy there)."""
    try:
        problems = _quick_check(path)
    except sqlite3.Error as unreadable:
        if not is_damage(unreadable):  # no copy either: the next start checks again
            return DailyCheck(damaged=False, not_run=unreadable)
        problems = [str(unreadable)]
    if problems != ["ok"]:
        found = damaged(path, "; ".join(problems))
        refuse_writes(path, found)
        return DailyCheck(damaged=True, error=found)
    prune(path)  # the log's old rows, before the copy takes them too
    if before_copy is not None:
        before_copy()
    return DailyCheck(damaged=False, copy=daily_backup(path, backup_days, now))


def _quick_check(path: Path) -> list[str]:
    conn = sqlite3.connect(ro_uri(path), uri=True, timeout=_BUSY_WAIT, check_same_thread=False)
    try:  # C code without the interpreter lock: the screen goes on drawing meanwhile
        return [str(row[0]) for row in conn.execute("PRAGMA quick_check(5)")]
    finally:
        conn.close()


def refuse_writes(path: Path, error: StoreError) -> None:
    with _LOCK:
        _REFUSED[str(path.resolve())] = error


def refusal(name: str) -> StoreError | None:
    """The error a write to the file `name` gets after it was found damaged, or None."""
    if not _REFUSED:
        return None
    with _LOCK:
        return _REFUSED.get(str(Path(name).resolve()))
