"""Backups of an SQLite database with SQLite's online backup API (consistent while others write)."""

from __future__ import annotations

import re
import sqlite3
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

from engine.store.preflight import ro_uri

_DAILY = re.compile(r"-(\d{4}-\d{2}-\d{2})\.db$")


def backup_to(source: Path, target: Path) -> Path:
    """Copy the database at `source` into a new file `target` (refuses to overwrite) and return it."""
    if target.exists():
        raise FileExistsError(f"{target} already exists; flopcards will not overwrite it")
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(target.name + ".partial")
    src = sqlite3.connect(ro_uri(source), uri=True)
    try:
        dst = sqlite3.connect(partial)
        try:
            src.backup(dst)  # all pages in one step: one consistent snapshot, WAL content included
        finally:
            dst.close()
    finally:
        src.close()
    partial.replace(target)  # a backup killed half-way never looks like a finished one
    return target


def upgrade_backup(path: Path, revision: str, now: datetime) -> Path:
    """The copy kept before upgrading from `revision`: one per version step, not one per start."""
    existing = sorted(path.parent.glob(f"{path.name}.backup-*-r{revision}"))
    if existing:
        return existing[-1]  # an upgrade killed earlier: the file is unchanged since that copy
    stamp = now.astimezone(UTC).strftime("%Y%m%d-%H%M%S")
    return backup_to(path, path.with_name(f"{path.name}.backup-{stamp}-r{revision}"))


def daily_target(path: Path, now: datetime) -> Path:
    """Where today's (UTC) daily copy of the database at `path` goes."""
    return path.parent / "backups" / f"{path.stem}-{now.astimezone(UTC).date().isoformat()}.db"


def checked_today(path: Path, keep_days: int, now: datetime) -> bool:
    """True when today's daily copy exists: it is made only after the file passed its integrity check
    (open_store), so later opens of the day need not check the whole file again."""
    return keep_days > 0 and daily_target(path, now).exists()


def daily_backup(path: Path, keep_days: int, now: datetime) -> Path | None:
    """Once per UTC day, copy the database into backups/ beside it; drop copies older than keep_days."""
    if keep_days <= 0 or not path.exists():
        return None
    today = now.astimezone(UTC).date()
    folder = path.parent / "backups"
    made = None
    target = daily_target(path, now)
    if not target.exists():
        made = backup_to(path, target)
    cutoff = today - timedelta(days=keep_days)
    for old in folder.glob(f"{path.stem}-*.db"):
        day = _day_of(old.name)
        if day is not None and day <= cutoff:
            old.unlink()
    return made


def _day_of(name: str) -> date | None:
    """The day a daily copy's name says, or None (not a copy's name, or no such day: never dropped)."""
    match = _DAILY.search(name)
    if match is None:
        return None
    try:
        return date.fromisoformat(match.group(1))
    except ValueError:  # e.g. 2026-99-99: a file someone else put there
        return None
