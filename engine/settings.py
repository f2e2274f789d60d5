"""Where flopcards keeps its files, and the settings file (TOML) with its defaults."""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from engine.problems import Problem

HOME_ENV = "FLOPCARDS_HOME"
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
    day_start_hour: int = 4
    drill_seconds: int = 120

    def with_overrides(self, **values: Any) -> Settings:
        return replace(self, **{k: v for k, v in values.items() if v is not None})


_INT_KEYS = {
    "new_per_day": (0, 10_000),
    "reviews_per_day": (0, 100_000),
    "day_start_hour": (0, 23),
    "drill_seconds": (5, 3600),
}


def load_settings(path: Path | None = None) -> tuple[Settings, list[Problem]]:
    """Read the settings file (missing is fine); bad entries are reported and ignored."""
    path = path or settings_file()
    base = Settings(db=default_db(), deck_dirs=(user_deck_dir(),))
    if not path.exists():
        return base, []
    name = str(path)
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        return base, [Problem(name, None, None, f"settings file ignored: {error}")]
    problems: list[Problem] = []
    values: dict[str, Any] = {}
    for key, value in raw.items():
        if key in _INT_KEYS:
            low, high = _INT_KEYS[key]
            if isinstance(value, int) and not isinstance(value, bool) and low <= value <= high:
                values[key] = value
            else:
                problems.append(Problem(name, None, None, f"'{key}' must be a whole number {low}-{high}"))
        elif key == "db" and isinstance(value, str):
            values["db"] = os.environ.get(DB_ENV) or value
        elif key == "deck_dirs" and isinstance(value, list) and all(isinstance(v, str) for v in value):
            values["deck_dirs"] = (user_deck_dir(), *(Path(v).expanduser() for v in value))
        else:
            problems.append(Problem(name, None, None, f"unknown or malformed setting '{key}'"))
    return replace(base, **values), problems
