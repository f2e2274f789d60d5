"""The study façade: which items exist, deck counts, today's totals, and answering one item."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from itertools import zip_longest
from typing import TYPE_CHECKING

from engine.app.items import ItemSource, Prompt, StudyItem, missing_prompt
from engine.app.scheduler import Moment, Scheduler, SM2Scheduler
from engine.grades import Grade
from engine.sm2 import CardState
from engine.store import marks, repo
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
    leech_lapses: int = 8
    """Lapses after which a card is tagged leech and suspended (Anki's default)."""


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
        self._cards = {item.key for item in self.items if item.new_in_review}

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
            leech_at=self.limits.leech_lapses if key in self._cards else None,
        )

    def mark(self, key: str) -> marks.Mark:
        return marks.read_mark(self.store, key)

    def change_mark(self, key: str, **changes: object) -> marks.MarkChange:
        """Suspend (suspended=True), bury (buried_until=tomorrow()), flag...; undo with undo_mark."""
        return marks.change_mark(self.store, key, self.deck_of(key), **changes)

    def tomorrow(self) -> date:
        """The day a card buried now comes back."""
        return self.today() + timedelta(days=1)

    def undo_mark(self, change: marks.MarkChange) -> None:
        marks.undo_mark(self.store, change)

    def held(self) -> set[str]:
        """Keys kept out of sessions and counts today (suspended or buried)."""
        return marks.held_keys(self.store, self.today())

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
        held = self.held()
        while True:
            rows = repo.due_keys(self.store, self.today(), deck_ids=decks, limit=fetch)
            keys = [k for k in rows if k in self._deck_of and k not in held]
            if fetch is None or len(keys) >= fetch or len(rows) < fetch:
                return keys if limit is None else keys[:limit]
            fetch *= 4  # some due rows belong to removed or held items: read further

    def _new(self, deck_id: str | None, seen: set[str]) -> list[str]:
        """New keys in deck order; across all decks, one from each deck in turn (round-robin), so a
        shared limit does not drain the first deck."""
        by_deck: dict[str, list[str]] = {}
        for item in self.items:
            if item.key not in seen and item.new_in_review and (deck_id is None or item.deck_id == deck_id):
                by_deck.setdefault(item.deck_id, []).append(item.key)
        turns = zip_longest(*by_deck.values())
        return [key for turn in turns for key in turn if key is not None]

    def counts(self, deck_ids: Sequence[str]) -> list[DeckCounts]:
        """Counts for 'All decks' (first) and then each deck, capped by what today still allows."""
        new_left, reviews_left = self.remaining()
        seen = repo.seen_keys(self.store) | self.held()
        due_by_deck = Counter(self._deck_of[k] for k in self._due(None))
        new_by_deck = Counter(i.deck_id for i in self.items if i.key not in seen and i.new_in_review)
        total_by_deck = Counter(item.deck_id for item in self.items)
        rows = [
            DeckCounts(
                None,
                min(reviews_left, sum(due_by_deck.values())),
                min(new_left, sum(new_by_deck.values())),
                sum(item.new_in_review for item in self.items),
            )
        ]
        rows += [
            DeckCounts(d, min(reviews_left, due_by_deck[d]), min(new_left, new_by_deck[d]), total_by_deck[d])
            for d in deck_ids
        ]
        return rows

    def new_keys(self, deck_id: str | None) -> list[str]:
        """Never-reviewed, not held keys of a deck (None: all, round-robin)."""
        return self._new(deck_id, repo.seen_keys(self.store) | self.held())

    def session_of(self, keys: Sequence[str]) -> ReviewSession:
        """A session over chosen keys (custom study), without the held and the removed ones."""
        from engine.app.session import ReviewSession

        held = self.held()
        return ReviewSession(self, [k for k in dict.fromkeys(keys) if k in self._deck_of and k not in held])

    def session(self, deck_id: str | None = None, *, ahead: bool = False) -> ReviewSession:
        """A queue for today: due reviews first, then new cards, within the daily limits.

        With `ahead`, and nothing due, it takes the cards due soonest instead (study ahead).
        """
        from engine.app.session import ReviewSession

        new_left, reviews_left = self.remaining()
        queue = self._due(deck_id, limit=reviews_left)
        held = self.held()
        queue += self._new(deck_id, repo.seen_keys(self.store) | held)[:new_left]
        if ahead and not queue:
            decks = None if deck_id is None else [deck_id]
            upcoming = repo.upcoming_keys(self.store, self.today(), deck_ids=decks)
            queue = [k for k in upcoming if k in self._deck_of and k not in held][: self.limits.ahead]
        return ReviewSession(self, queue)
