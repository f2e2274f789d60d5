"""Where flopcards keeps its files, and the settings file (TOML) with its defaults."""

from __future__ import annotations

import os
import re
import tomllib
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from engine.file_kinds import read_bounded
from engine.problems import Problem

HOME_ENV = "FLOPCARDS_HOME"
MAX_SETTINGS_BYTES = 1_000_000
DB_ENV = "FLOPCARDS_DB"


def data_dir() -> Path:
    """The user's flopcards folder: $FLOPCARDS_HOME, else the platform's user data folder."""
    override = os.environ.get(HOME_ENV)
    if override:
        return Path(override).expanduser()
    import platformdirs

    return Path(platformdirs.user_data_dir("flopcards", appauthor=False))


def default_db() -> str:
    """$FLOPCARDS_DB if set, else flopcards.db in the data folder."""
    return os.environ.get(DB_ENV) or str(data_dir() / "flopcards.db")


def user_deck_dir() -> Path:
    return data_dir() / "decks"


def settings_file() -> Path:
    return data_dir() / "settings.toml"


@dataclass(frozen=True)
class Settings:
    """Everything a user can set, in the settings file or with flags (flags win)."""

    db: str = ""
    deck_dirs: tuple[Path, ...] = field(default_factory=tuple)
    new_per_day: int = 20
    reviews_per_day: int = 200
    drill_reviews_per_day: int = 200
    """Due drill kinds reviewed a day, apart from the cards' limits (drills never use those)."""
    new_drills_per_day: int = 20
    """Drill kinds tried for the first time a day in mixed drills and sprints (Anki's new cards/day
    for drills; a kind picked by name is always drawn, and counted)."""
    day_start_hour: int = 4
    drill_seconds: int = 120
    drill_auto_accept: bool = False
    """Accept a correct drill answer as it is typed, without Enter, outside sprints too (sprints
    always do, as Zetamac)."""
    backup_days: int = 7
    """Daily copies of an SQLite database kept this many days in backups/ beside it (0: none)."""
    scheduler: str = "sm2"
    """'sm2' (SuperMemo's SM-2, the default) or 'fsrs' (FSRS-6 through py-fsrs)."""
    desired_retention: float = 0.90
    """FSRS only: the recall probability at which a card falls due."""
    grade_keys: str = "flopcards"
    """'flopcards' (0-5 grade the card) or 'anki' (1 Again, 2 Hard, 3 Good, 4 Easy)."""
    max_interval_days: int = 36_500
    """No card or drill kind is scheduled further ahead than this (Anki's maximum interval)."""

    def with_overrides(self, **values: Any) -> Settings:
        return replace(self, **{k: v for k, v in values.items() if v is not None})


INT_RANGES = {
    "new_per_day": (0, 10_000),
    "reviews_per_day": (0, 100_000),
    "drill_reviews_per_day": (0, 100_000),
    "new_drills_per_day": (0, 10_000),
    "day_start_hour": (0, 23),
    "drill_seconds": (5, 3600),
    "backup_days": (0, 3650),
    "max_interval_days": (1, 36_500),
}


SCHEDULERS = ("sm2", "fsrs")
GRADE_KEYS = ("flopcards", "anki")
"""Key layouts that grade a card (engine.grades: 0-5, or Anki's 1 Again 2 Hard 3 Good 4 Easy)."""
CHOICES: dict[str, tuple[str, ...]] = {"scheduler": SCHEDULERS, "grade_keys": GRADE_KEYS}
"""Settings that take one of a few words."""
RETENTION_RANGE = (0.70, 0.99)


def retention_problem(value: object) -> str | None:
    """Why a desired retention is refused, else None."""
    low, high = RETENTION_RANGE
    if isinstance(value, int | float) and not isinstance(value, bool) and low <= value <= high:
        return None
    return f"desired_retention must be a number {low}-{high}, e.g. 0.9"


_DB_SCHEMES = ("sqlite", "postgresql", "postgres")


def db_problem(db: str) -> str | None:
    """Why a database location cannot work (unknown URL scheme, a file in its folder path), else None."""
    if "://" in db:
        scheme = db.split("://", 1)[0].split("+", 1)[0].lower()
        if scheme not in _DB_SCHEMES:
            return f"'{db[:60]}' is not a SQLite path or a sqlite:// / postgresql:// URL"
        if scheme != "sqlite":
            return None
        db = db[len(db.split("://", 1)[0]) + 3 :].split("?", 1)[0].removeprefix("/")
        if not db or db == ":memory:":
            return None
    for parent in Path(db).expanduser().parents:
        if parent.exists() and not parent.is_dir():
            return f"{parent} is a file, so {db[:80]} cannot be created inside it"
    return None


NOT_A_DECK_PLACE = "not a folder or a deck file (a device, a pipe or a socket): nothing read from it"


def sqlite_folder(db: str) -> Path | None:
    """The folder an SQLite database file lives in (None for a server URL or an in-memory database)."""
    if "://" in db:
        if db.split("://", 1)[0].split("+", 1)[0].lower() != "sqlite":
            return None
        db = db[len(db.split("://", 1)[0]) + 3 :].split("?", 1)[0].removeprefix("/")
        if not db or db == ":memory:":
            return None
    return Path(db).expanduser().parent


def deck_dir_problem(folder: Path) -> str | None:
    """Why a deck folder is refused (the filesystem root: every file on the disk), else None."""
    try:
        resolved = folder.expanduser().resolve()
    except (OSError, RuntimeError):
        return "cannot resolve this path"
    if resolved == Path(resolved.anchor):
        return "refusing to read every file under the filesystem root; name a deck folder"
    if resolved.exists() and not (resolved.is_dir() or resolved.is_file()):
        return NOT_A_DECK_PLACE
    return None


def load_settings(path: Path | None = None) -> tuple[Settings, list[Problem]]:
    """Read the settings file (missing is fine); bad entries are reported and ignored."""
    path = path or settings_file()
    base = Settings(db=default_db(), deck_dirs=(user_deck_dir(),))
    if not path.exists():
        return base, []
    name = str(path)
    try:
        if path.stat().st_size > MAX_SETTINGS_BYTES:
            return base, [
                Problem(name, 1, None, f"settings file ignored: larger than {MAX_SETTINGS_BYTES} bytes")
            ]
        text = read_bounded(path, MAX_SETTINGS_BYTES).decode("utf-8")  # a pipe is refused, not waited on
        raw = tomllib.loads(text)
    except (OSError, ValueError, tomllib.TOMLDecodeError, RecursionError) as error:
        return base, [Problem(name, 1, None, f"settings file ignored: {error}")]
    problems: list[Problem] = []
    values: dict[str, Any] = {}
    for key, value in raw.items():
        if key in INT_RANGES:
            low, high = INT_RANGES[key]
            if isinstance(value, int) and not isinstance(value, bool) and low <= value <= high:
                values[key] = value
            else:
                problems.append(
                    Problem(name, _line(text, key), None, f"'{key}' must be a whole number {low}-{high}")
                )
        elif key == "drill_auto_accept":
            if isinstance(value, bool):
                values[key] = value
            else:
                problems.append(Problem(name, _line(text, key), None, f"'{key}' must be true or false"))
        elif key in CHOICES:
            if value in CHOICES[key]:
                values[key] = value
            else:
                message = f"'{key}' must be one of {', '.join(CHOICES[key])}"
                problems.append(Problem(name, _line(text, key), None, message))
        elif key == "desired_retention":
            why = retention_problem(value)
            if why:
                problems.append(Problem(name, _line(text, key), None, why))
            else:
                values[key] = float(value)
        elif key == "db" and isinstance(value, str):
            why = db_problem(value)
            if why:
                problems.append(Problem(name, _line(text, key), None, f"setting 'db' ignored: {why}"))
            else:
                values["db"] = os.environ.get(DB_ENV) or value
        elif key == "deck_dirs" and isinstance(value, list) and all(isinstance(v, str) for v in value):
            folders = [Path(v).expanduser() for v in value]
            for folder in folders:
                why = deck_dir_problem(folder)
                if why:
                    problems.append(Problem(name, _line(text, key), None, f"deck_dirs: {folder}: {why}"))
            values["deck_dirs"] = (user_deck_dir(), *(f for f in folders if not deck_dir_problem(f)))
        else:
            problems.append(Problem(name, _line(text, key), None, f"unknown or malformed setting '{key}'"))
    return replace(base, **values), problems


def _line(text: str, key: str) -> int:
    """Line where `key = ...` is written (TOML gives no positions); 1 if not found."""
    match = re.search(rf"^\s*[\"']?{re.escape(key)}[\"']?\s*=", text, re.MULTILINE)
    return text.count("\n", 0, match.start()) + 1 if match else 1
