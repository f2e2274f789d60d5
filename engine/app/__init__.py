"""The application layer: the one door the screens and the CLI use (tui/ imports nothing else of engine).

Entry points: Study (counts, totals, sessions, answering one item), ReviewSession (current(),
answer(grade), undo()), the ItemSource protocol cards/ and drills/ implement, and the Scheduler
interface (SM-2, FSRS-6). The value types and commands screens use are in this package's modules:
values (settings, problems, grades, faults), answering (checking typed answers), interviews, stats,
database (the `db` commands). Store commands raise engine.faults.AppError (see engine.app.errors).

The names that need the store (Study, ReviewSession and what a session returns) load it on first
use: the home screen and the quick commands import this package without SQLAlchemy. They are
listed under TYPE_CHECKING too, so mypy and the layer contract see every import.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from engine.app.items import ItemSource, Prompt, StudyItem
from engine.app.scheduler import Moment, Scheduler, SM2Scheduler
from engine.counting import DeckCounts, Limits
from engine.grades import Grade

if TYPE_CHECKING:
    from engine.app.session import Answered, Checked, Current, ReviewSession, SessionSummary
    from engine.app.study import Study

_STORE_BOUND = {
    "Answered": "engine.app.session",
    "Checked": "engine.app.session",
    "Current": "engine.app.session",
    "ReviewSession": "engine.app.session",
    "SessionSummary": "engine.app.session",
    "Study": "engine.app.study",
}

__all__ = [
    "Answered",
    "Checked",
    "Current",
    "DeckCounts",
    "Grade",
    "ItemSource",
    "Limits",
    "Moment",
    "Prompt",
    "ReviewSession",
    "SM2Scheduler",
    "Scheduler",
    "SessionSummary",
    "Study",
    "StudyItem",
]


def __getattr__(name: str) -> Any:
    """Load a store-bound name's module on first use, then keep the value here."""
    try:
        module = _STORE_BOUND[name]
    except KeyError:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
    value = getattr(import_module(module), name)
    globals()[name] = value
    return value
