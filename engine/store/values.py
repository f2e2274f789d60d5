"""The store's plain values that callers build without opening it (no SQLAlchemy): a card's mark and
one imported card history. An import that finds nothing to write never loads the ORM."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime

from engine.replay import TimedRecord
from engine.sm2 import CardState


@dataclass(frozen=True)
class Mark:
    """What the user decided about a card apart from its schedule (all off for an unmarked card)."""

    suspended: bool = False
    buried_until: date | None = None
    flagged: bool = False
    leech: bool = False
    lapses: int = 0


@dataclass(frozen=True)
class ImportedHistory:
    """One card's replayed answers, the state it should be left in (None: still new) and its marks."""

    card_key: str
    deck_id: str
    records: Sequence[TimedRecord]
    final: CardState | None
    mark: Mark | None = None
    marked_at: datetime | None = None
    """When the card last changed where it comes from; its marks are that recent (None: as its log)."""

    @property
    def bare(self) -> bool:
        """A new card without answers or marks: writing it changes nothing, unless the collection
        holds a mark for it (then the import's 'unmarked' is written)."""
        return self.final is None and not self.records and self.mark == Mark()
