"""How the app is started (light: importing this must not pull in SQLAlchemy, sympy or pint)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from engine.app.values import Problem, Settings, StudyClock, utc_now


@dataclass(frozen=True)
class AppConfig:
    """What the app is started with; tests build one pointing at temporary files."""

    settings: Settings
    include_bundled: bool = True
    now: Callable[[], datetime] = utc_now
    clock: StudyClock | None = None
    settings_problems: tuple[Problem, ...] = field(default_factory=tuple)
    monotonic: Callable[[], float] | None = None
    """Timer for 'seconds taken' (tests freeze it); None means time.monotonic."""
    cache_dir: Path | None = None
    """Folder of the compiled deck cache; None reads every file afresh (tests, `--no-cache`)."""
    before_daily_copy: Callable[[], None] | None = None
    """Run between the day's integrity check and its backup copy (tests hold the copy there)."""
    warm_up_delay: float = 2.0
    """Seconds after the decks are shown before sympy and pint are loaded (tests: 0)."""

    @property
    def deck_dirs(self) -> tuple[Path, ...]:
        return self.settings.deck_dirs
