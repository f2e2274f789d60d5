"""The application layer: the one door the screens and the CLI use (tui/ imports nothing else of engine).

Entry points: Study (counts, totals, sessions, answering one item), ReviewSession (current(),
answer(grade), undo()), the ItemSource protocol cards/ and drills/ implement, and the Scheduler
interface (SM-2, FSRS-6). The value types and commands screens use are in this package's modules:
values (settings, problems, grades, faults), answering (checking typed answers), interviews, stats,
database (the `db` commands). Store commands raise engine.faults.AppError (see engine.app.errors).

Each name here loads its module on first use: a screen importing engine.app.values (a submodule)
runs this file first, and the start path must not pay for the session, the store or answer checking.
They are listed under TYPE_CHECKING too, so mypy and the layer contract see every import.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.app.items import ItemSource, Prompt, StudyItem
    from engine.app.scheduler import Moment, Scheduler, SM2Scheduler
    from engine.app.session import Answered, Checked, Current, ReviewSession, SessionSummary
    from engine.app.study import Study
    from engine.counting import DeckCounts, Limits
    from engine.grades import Grade

_HOME = {
    "ItemSource": "engine.app.items",
    "Prompt": "engine.app.items",
    "StudyItem": "engine.app.items",
    "Moment": "engine.app.scheduler",
    "Scheduler": "engine.app.scheduler",
    "SM2Scheduler": "engine.app.scheduler",
    "Answered": "engine.app.session",
    "Checked": "engine.app.session",
    "Current": "engine.app.session",
    "ReviewSession": "engine.app.session",
    "SessionSummary": "engine.app.session",
    "Study": "engine.app.study",
    "DeckCounts": "engine.counting",
    "Limits": "engine.counting",
    "Grade": "engine.grades",
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
    """Load a name's module on first use, then keep the value here."""
    try:
        module = _HOME[name]
    except KeyError:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
    value = getattr(import_module(module), name)
    globals()[name] = value
    return value
