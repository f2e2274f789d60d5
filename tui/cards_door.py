"""The cards door: the card values and pure functions the screens use, named in one place.

Part of the composition root (docs/architecture.md, "The door"): engine.app cannot name a card,
so the exam, browse and edit screens take cards' values from here and never import cards/
themselves. Imported only by screens opened after the decks are loaded (pydantic is in by then).
"""

from __future__ import annotations

from cards.browse import HELP as SEARCH_HELP
from cards.browse import Found, QueryError, SearchResult
from cards.edit import EditError, Place, editor_command, locate
from cards.exam import MAX_QUESTIONS, ExamError, ExamSession, aim, deck_bands

__all__ = [
    "MAX_QUESTIONS",
    "SEARCH_HELP",
    "EditError",
    "ExamError",
    "ExamSession",
    "Found",
    "Place",
    "QueryError",
    "SearchResult",
    "aim",
    "deck_bands",
    "editor_command",
    "locate",
]
