"""The light values the screens and the CLI use: settings, problems, the study day, grades, faults,
secret masking and the file cache's place (stdlib only: the home screen and quick commands load these)."""

from engine.cache import CACHE_FILE, clear_cache, default_cache_dir
from engine.faults import AppError, FaultKind
from engine.grades import ANKI_BUTTONS, Grade, grade_of_key, key_of_grade
from engine.home import HomeView
from engine.problems import Problem, Severity
from engine.redact import mask_secrets
from engine.settings import (
    DB_ENV,
    INT_RANGES,
    Settings,
    db_problem,
    deck_dir_problem,
    load_settings,
    retention_problem,
    settings_file,
    sqlite_folder,
    user_deck_dir,
)
from engine.sm2 import GRADE_LABELS, format_interval
from engine.store.preflight import StoreError, backup_files, preflight, read_revision, sqlite_file
from engine.store.quick_read import holds_marks
from engine.studyday import StudyClock, utc_now

__all__ = [
    "ANKI_BUTTONS",
    "CACHE_FILE",
    "DB_ENV",
    "GRADE_LABELS",
    "INT_RANGES",
    "AppError",
    "FaultKind",
    "Grade",
    "HomeView",
    "Problem",
    "Settings",
    "Severity",
    "StoreError",
    "StudyClock",
    "backup_files",
    "clear_cache",
    "db_problem",
    "deck_dir_problem",
    "default_cache_dir",
    "format_interval",
    "grade_of_key",
    "holds_marks",
    "key_of_grade",
    "load_settings",
    "mask_secrets",
    "preflight",
    "read_revision",
    "retention_problem",
    "settings_file",
    "sqlite_file",
    "sqlite_folder",
    "user_deck_dir",
    "utc_now",
]
