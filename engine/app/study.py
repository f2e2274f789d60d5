"""The study façade: which items exist, deck counts, today's totals, and answering one item."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from itertools import islice
from typing import TYPE_CHECKING

from engine.app.items import ItemSource, Prompt, StudyItem, missing_prompt
from engine.app.scheduler import Moment, Scheduler, SM2Scheduler
from engine.grades import Grade
from engine.sm2 import CardState
from engine.store import repo
from engine.store.attempts import StoredAttempt
from engine.store.database import Store
from engine.studyday import StudyClock, utc_now

if TYPE_CHECKING:
    from engine.app.session import ReviewSession


@dataclass(frozen=True)
class Limits:
    """Daily limits, shared by all decks."""

    new_per_day: int = 20
    reviews_per_day: int = 200
    ahead: int = 50
    """How many not-yet-due cards a study-ahead session takes."""


@dataclass(frozen=True)
class DeckCounts:
    """Due and new counts of one deck (deck_id None: all decks), after today's limits."""

    deck_id: str | None
    due: int
    new: int
    total: int


class Study:
    """Entry point into scheduling; owns no widgets and no ORM rows leak out of it."""

    def __init__(
        self,
        store: Store,
        items: Sequence[StudyItem] = (),
        *,
        sources: Sequence[ItemSource] = (),
        scheduler: Scheduler | None = None,
        clock: StudyClock | None = None,
        limits: Limits | None = None,
        now: Callable[[], datetime] = utc_now,
    ) -> None:
        self.store = store
        self.scheduler: Scheduler = scheduler or SM2Scheduler()
        self.clock = clock or StudyClock()
        self.limits = limits or Limits()
        self.now = now
        self.sources: list[ItemSource] = []
        self._owner: dict[str, ItemSource] = {}
        if sources:
            self.set_sources(sources)
        else:
            self.set_items(items)

    def set_sources(self, sources: Sequence[ItemSource]) -> None:
        """Replace the item sources (after a reload); items not in them are hidden, not forgotten."""
        self.sources = list(sources)
        self._owner = {deck: source for source in self.sources for deck in source.deck_ids()}
        self.set_items([item for source in self.sources for item in source.items()])

    def set_items(self, items: Sequence[StudyItem]) -> None:
        self.items = list(items)
        self._deck_of = {item.key: item.deck_id for item in self.items}
        self._total = Counter(item.deck_id for item in self.items)
        self._reviewable = Counter(item.deck_id for item in self.items if item.new_in_review)

    def deck_ids(self) -> list[str]:
        """Every source's decks, in order."""
        return list(self._owner)

    def deck_title(self, deck_id: str | None) -> str:
        if deck_id is None:
            return "All decks"
        source = self._owner.get(deck_id)
        return (source.deck_title(deck_id) if source else None) or deck_id

    def deck_of(self, key: str) -> str:
        return self._deck_of.get(key, key.split("/", 1)[0])

    def prompt(self, key: str, seed: int) -> Prompt:
        """What to show for `key`: the source owning its deck decides (a card, a fresh drill)."""
        source = self._owner.get(self.deck_of(key))
        return missing_prompt(key) if source is None else source.prompt(key, seed)

    def moment(self) -> Moment:
        """Read the clock once: the instant and its study day."""
        now = self.now()
        return Moment(now, self.clock.today(now))

    def today(self) -> date:
        return self.clock.today(self.now())

    def state(self, key: str) -> CardState:
        return repo.load_state(self.store, key)

    def answer(
        self,
        key: str,
        grade: Grade,
        seconds: float,
        *,
        at: Moment | None = None,
        attempt: StoredAttempt | None = None,
    ) -> repo.Applied:
        """Load, schedule and write one answer (and its attempt) in one transaction with one `now`."""
        moment = at or self.moment()
        return repo.apply_answer(
            self.store,
            card_key=key,
            deck_id=self.deck_of(key),
            schedule=lambda state: self.scheduler.review(state, Grade(grade), moment),
            seconds=seconds,
            attempt=attempt,
        )

    def totals(self) -> repo.DayTotals:
        return repo.day_totals(self.store, self.today())

    def remaining(self) -> tuple[int, int]:
        """(new cards, reviews) still allowed today."""
        totals = self.totals()
        return (
            max(0, self.limits.new_per_day - totals.new_cards),
            max(0, self.limits.reviews_per_day - totals.scheduled_reviews),
        )

    def _due(self, deck_id: str | None, limit: int | None = None) -> list[str]:
        """Due keys of present items; with `limit`, reads only as many rows as it needs."""
        decks = None if deck_id is None else [deck_id]
        fetch = limit
        while True:
            rows = repo.due_keys(self.store, self.today(), deck_ids=decks, limit=fetch)
            keys = [k for k in rows if k in self._deck_of]
            if fetch is None or len(keys) >= fetch or len(rows) < fetch:
                return keys if limit is None else keys[:limit]
            fetch *= 4  # some due rows belong to removed (hidden) items: read further

    def _new(self, deck_id: str | None, limit: int) -> list[str]:
        """The first `limit` never-reviewed items, in deck order (only the deck's seen keys are read)."""
        if limit <= 0 or not (self._reviewable[deck_id] if deck_id else self._reviewable.total()):
            return []
        seen = repo.seen_keys(self.store, None if deck_id is None else [deck_id])
        fresh = (
            item.key
            for item in self.items
            if item.key not in seen and item.new_in_review and (deck_id is None or item.deck_id == deck_id)
        )
        return list(islice(fresh, limit))

    def counts(self, deck_ids: Sequence[str]) -> list[DeckCounts]:
        """Counts for 'All decks' (first) and then each deck, capped by what today still allows."""
        new_left, reviews_left = self.remaining()
        due_by_deck = Counter(self._deck_of[k] for k in self._due(None))
        seen = repo.seen_counts(self.store)  # per deck, from the index: no key is read
        # an item removed from its deck keeps its state, so this can undercount a deck's new items
        new_by_deck = Counter({d: max(0, n - seen.get(d, 0)) for d, n in self._reviewable.items()})
        rows = [
            DeckCounts(
                None,
                min(reviews_left, due_by_deck.total()),
                min(new_left, new_by_deck.total()),
                self._reviewable.total(),
            )
        ]
        rows += [
            DeckCounts(d, min(reviews_left, due_by_deck[d]), min(new_left, new_by_deck[d]), self._total[d])
            for d in deck_ids
        ]
        return rows

    def session(self, deck_id: str | None = None, *, ahead: bool = False) -> ReviewSession:
        """A queue for today: due reviews first, then new cards, within the daily limits.

        With `ahead`, and nothing due, it takes the cards due soonest instead (study ahead).
        """
        from engine.app.session import ReviewSession

        new_left, reviews_left = self.remaining()
        queue = self._due(deck_id, limit=reviews_left)
        queue += self._new(deck_id, new_left)
        if ahead and not queue:
            decks = None if deck_id is None else [deck_id]
            upcoming = repo.upcoming_keys(self.store, self.today(), deck_ids=decks)
            queue = [k for k in upcoming if k in self._deck_of][: self.limits.ahead]
        return ReviewSession(self, queue)
