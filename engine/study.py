"""The study façade the UI calls: deck counts, today's totals, review sessions with undo."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime

from engine import sm2
from engine.drill_log import DRILL_DECK
from engine.store import repo
from engine.store.database import Store
from engine.studyday import StudyClock, utc_now


@dataclass(frozen=True)
class StudyItem:
    """A card present in the loaded collection, identified by its stable key."""

    key: str
    deck_id: str


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


@dataclass(frozen=True)
class Answered:
    """The outcome of one answer, as the UI needs it."""

    key: str
    log_id: int
    record: sm2.ReviewRecord


@dataclass
class SessionSummary:
    """What a session did."""

    answered: int = 0
    grades: Counter[int] = field(default_factory=Counter)
    seconds: float = 0.0
    new_cards: int = 0


class Study:
    """Entry point of the UI into scheduling; owns no widgets and no ORM rows leak out of it."""

    def __init__(
        self,
        store: Store,
        items: Sequence[StudyItem],
        *,
        clock: StudyClock | None = None,
        limits: Limits | None = None,
        now: Callable[[], datetime] = utc_now,
    ) -> None:
        self.store = store
        self.clock = clock or StudyClock()
        self.limits = limits or Limits()
        self.now = now
        self.set_items(items)

    def set_items(self, items: Sequence[StudyItem]) -> None:
        """Replace the collection (after a reload); cards not in it are hidden, not forgotten."""
        self.items = list(items)
        self._deck_of = {item.key: item.deck_id for item in self.items}

    def today(self) -> date:
        return self.clock.today(self.now())

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
        """Due keys of present cards; with `limit`, reads only as many rows as it needs."""
        decks = None if deck_id is None else [deck_id]
        fetch = limit
        while True:
            rows = repo.due_keys(self.store, self.today(), deck_ids=decks, limit=fetch)
            keys = [k for k in rows if k in self._deck_of]
            if fetch is None or len(keys) >= fetch or len(rows) < fetch:
                return keys if limit is None else keys[:limit]
            fetch *= 4  # some due rows belong to removed (hidden) cards: read further

    def _new(self, deck_id: str | None, seen: set[str]) -> list[str]:
        return [
            item.key
            for item in self.items
            if item.key not in seen
            and item.deck_id != DRILL_DECK  # drill kinds join the schedule from a drill session
            and (deck_id is None or item.deck_id == deck_id)
        ]

    def counts(self, deck_ids: Sequence[str]) -> list[DeckCounts]:
        """Counts for 'All decks' (first) and then each deck, capped by what today still allows."""
        new_left, reviews_left = self.remaining()
        seen = repo.seen_keys(self.store)
        due_by_deck = Counter(self._deck_of[k] for k in self._due(None))
        new_by_deck = Counter(item.deck_id for item in self.items if item.key not in seen)
        new_by_deck.pop(DRILL_DECK, None)
        total_by_deck = Counter(item.deck_id for item in self.items)
        rows = [
            DeckCounts(
                None,
                min(reviews_left, sum(due_by_deck.values())),
                min(new_left, sum(new_by_deck.values())),
                sum(n for d, n in total_by_deck.items() if d != DRILL_DECK),
            )
        ]
        rows += [
            DeckCounts(
                d,
                min(reviews_left, due_by_deck[d]),
                min(new_left, new_by_deck[d]),
                total_by_deck[d],
            )
            for d in deck_ids
        ]
        return rows

    def session(self, deck_id: str | None = None, *, ahead: bool = False) -> ReviewSession:
        """A queue for today: due reviews first, then new cards, within the daily limits.

        With `ahead`, and nothing due, it takes the cards due soonest instead (study ahead).
        """
        new_left, reviews_left = self.remaining()
        queue = self._due(deck_id, limit=reviews_left)
        seen = repo.seen_keys(self.store)
        queue += self._new(deck_id, seen)[:new_left]
        if ahead and not queue:
            decks = None if deck_id is None else [deck_id]
            upcoming = repo.upcoming_keys(self.store, self.today(), deck_ids=decks)
            queue = [k for k in upcoming if k in self._deck_of][: self.limits.ahead]
        return ReviewSession(self, queue)


class ReviewSession:
    """One sitting: a queue of card keys, answered one at a time, each answer committed at once."""

    def __init__(self, study: Study, queue: list[str]) -> None:
        self.study = study
        self.queue = list(queue)
        self.done = 0
        self.summary = SessionSummary()
        self._history: list[tuple[Answered, list[str], float]] = []

    @property
    def current(self) -> str | None:
        return self.queue[0] if self.queue else None

    @property
    def left(self) -> int:
        return len(self.queue)

    def state(self) -> sm2.CardState:
        key = self._require_current()
        return repo.load_state(self.study.store, key)

    def preview(self) -> dict[int, int | None]:
        """Interval in days each grade 0-5 would give the current card (None: again today)."""
        return sm2.preview(self.state(), today=self.study.today())

    def answer(self, grade: int, seconds: float) -> Answered:
        """Grade the current card, commit it, and move on; failed cards come back at the end."""
        key = self._require_current()
        before_queue = list(self.queue)
        state = repo.load_state(self.study.store, key)
        after, record = sm2.review(state, grade, now=self.study.now(), today=self.study.today())
        log_id = repo.save_answer(
            self.study.store,
            card_key=key,
            deck_id=self.study._deck_of.get(key, key.split("/", 1)[0]),
            record=record,
            seconds=seconds,
        )
        self.queue.pop(0)
        if after.repeat_today:
            self.queue.append(key)
        self.done += 1
        self.summary.answered += 1
        self.summary.grades[grade] += 1
        self.summary.seconds += seconds
        self.summary.new_cards += int(record.was_new)
        answered = Answered(key, log_id, record)
        self._history.append((answered, before_queue, seconds))
        return answered

    def undo(self) -> str | None:
        """Take back the last answer (state and log row); returns the card shown again."""
        if not self._history:
            return None
        answered, before_queue, seconds = self._history.pop()
        repo.undo_answer(self.study.store, answered.log_id)
        self.queue = before_queue
        self.done -= 1
        self.summary.answered -= 1
        self.summary.grades[answered.record.grade] -= 1
        self.summary.seconds -= seconds
        self.summary.new_cards -= int(answered.record.was_new)
        return answered.key

    @property
    def can_undo(self) -> bool:
        return bool(self._history)

    def _require_current(self) -> str:
        if not self.queue:
            raise LookupError("the session has no card left")
        return self.queue[0]
