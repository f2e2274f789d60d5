"""The headless application layer the screens and the CLI talk to (through tui.services' wiring).

Entry points: Study (counts, totals, sessions, answering one item), ReviewSession (current(),
answer(grade), undo()), the ItemSource protocol cards/ and drills/ implement, and the Scheduler
interface (SM-2 today).
"""

from engine.app.items import ItemSource, Prompt, StudyItem
from engine.app.scheduler import Moment, Scheduler, SM2Scheduler
from engine.app.session import Answered, Checked, Current, ReviewSession, SessionSummary
from engine.app.study import Study
from engine.counting import DeckCounts, Limits
from engine.grades import Grade

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
