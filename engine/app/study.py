"""The study façade: which items exist, deck counts, today's totals, and answering one item."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import date, datetime, timedelta
from typing import TYPE_CHECKING

from sqlalchemy.exc import SQLAlchemyError

from engine import counting
from engine.app.errors import AppError, store_command
from engine.app.items import ItemGroup, ItemSource, StudyItem
from engine.app.scheduler import Moment, Scheduler, SM2Scheduler
from engine.app.session import ReviewSession
from engine.app.study_items import StudyItems
from engine.counting import DayTotals, DeckCounts, Limits
from engine.grades import Grade
from engine.sm2 import CardState
from engine.store import marks, repo
from engine.store.attempts import StoredAttempt
from engine.store.database import Store, StoreError
from engine.studyday import StudyClock, utc_now

if TYPE_CHECKING:
    from engine.exam_log import ExamRecord


class Study(StudyItems):
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
        self._groups: list[ItemGroup] = []
        self._items: list[StudyItem] | None = None
        self._cards: set[str] | None = None
        self._card_decks: frozenset[str] = frozenset()
        self._mixed_decks: frozenset[str] = frozenset()
        if sources:
            self.set_sources(sources)
        else:
            self.set_items(items)

    def moment(self) -> Moment:
        """Read the clock once: the instant and its study day."""
        now = self.now()
        return Moment(now, self.clock.today(now), self.clock.next_day_start(now))

    def today(self) -> date:
        return self.clock.today(self.now())

    @store_command
    def state(self, key: str) -> CardState:
        return repo.load_state(self.store, key)

    @store_command
    def shown(self, key: str) -> tuple[CardState, marks.Mark]:
        """What showing `key` reads from the store: its state and its mark (one read)."""
        return repo.load_shown(self.store, key)

    @store_command
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
            leech_at=self.limits.leech_lapses if self._joins_as_card(key) else None,
        )

    @store_command
    def mark(self, key: str) -> marks.Mark:
        return marks.read_mark(self.store, key)

    @store_command
    def change_mark(self, key: str, **changes: object) -> marks.MarkChange:
        """Suspend (suspended=True), bury (buried_until=tomorrow()), flag...; undo with undo_mark."""
        return marks.change_mark(self.store, key, self.deck_of(key), **changes)

    def tomorrow(self) -> date:
        """The day a card buried now comes back."""
        return self.today() + timedelta(days=1)

    @store_command
    def undo_mark(self, change: marks.MarkChange) -> None:
        marks.undo_mark(self.store, change)

    @store_command
    def undo_answer(self, log_id: int, mark: marks.MarkChange | None, attempt_id: int | None) -> None:
        """Take back one stored answer: its log row, its state, the mark it changed, its attempt."""
        repo.undo_answer(self.store, log_id, mark, attempt_id)

    @store_command
    def record_exam(self, record: ExamRecord) -> int:
        """Store a finished exam's result (its score history; SM-2 state is left alone)."""
        from engine.exam_log import record_exam

        return record_exam(self.store, record)

    @store_command
    def held(self) -> set[str]:
        """Keys kept out of sessions and counts today (suspended or buried)."""
        return marks.held_keys(self.store, self.today())

    @property
    def drill_decks(self) -> frozenset[str]:
        """Decks of drill kinds (items that are not cards: their own daily limits)."""
        return self._present.drill_decks

    @store_command
    def totals(self) -> DayTotals:
        """Today's answers, the cards' and the drill kinds' apart."""
        return repo.day_totals(self.store, self.today(), self._present.drill_decks)

    def remaining(self) -> tuple[int, int]:
        """(new cards, reviews) still allowed today."""
        return counting.left(self.limits, self.totals())

    @store_command
    def drill_reviews_left(self) -> int:
        """Due drill kinds review sessions may still take today."""
        return counting.drill_reviews_left(self.limits, self.totals())

    @store_command
    def new_drills_left(self) -> int:
        """Drill kinds never tried that drill sessions may still draw today."""
        return counting.new_drills_left(self.limits, self.totals())

    @store_command
    def tried(self, keys: Sequence[str]) -> set[str]:
        """Those of `keys` answered at least once (a drill kind tried before is not new)."""
        return set(repo.load_states(self.store, keys))

    @store_command
    def counts(self, deck_ids: Sequence[str]) -> list[DeckCounts]:
        """Counts for 'All decks' (first) and then each deck, capped by what today still allows."""
        held, today, totals = self.held(), self.today(), self.totals()
        left, drills = counting.left(self.limits, totals), counting.drill_reviews_left(self.limits, totals)
        return counting.deck_counts(
            self._reads, self._present, today, deck_ids, self._totals, left, held, drills
        )

    def note_unseen(self) -> int:
        """Keep each deck's walk for the next counts (engine.counting.Memo); how many were written.
        Best effort: a busy, read-only or full database writes none (the counts walk further).
        Then rehearse the first session and answer (`rehearse`): the app runs this after the home."""
        try:
            written = repo.note_unseen(self.store, self._present.new_keys)
        except (StoreError, SQLAlchemyError):  # busy, full, read-only; a role that may only read
            return 0  # unwritable: no rehearsal to wait on it again
        self.rehearse()
        return written

    def rehearse(self) -> None:
        """Build what the first session and the first answer would build on the user's keys: a
        session read (nothing kept) and an answer rolled back (engine.store.rehearsal). Best effort."""
        from engine.store.rehearsal import rehearse_answer

        try:
            self.session(None)
            rehearse_answer(self.store)
        except (AppError, StoreError, SQLAlchemyError):
            return

    @store_command
    def new_keys(self, deck_id: str | None) -> list[str]:
        """Never-reviewed, not held keys of a deck (None: all, round-robin)."""
        return counting.new(self._reads, self._present, deck_id, None, self.held())

    @store_command
    def session_of(self, keys: Sequence[str]) -> ReviewSession:
        """A session over chosen keys (custom study), without the held and the removed ones."""
        held = self.held()
        return ReviewSession(self, [k for k in dict.fromkeys(keys) if k in self._deck_of and k not in held])

    @store_command
    def session(self, deck_id: str | None = None, *, ahead: bool = False) -> ReviewSession:
        """A queue for today: due reviews first, then new cards, within the daily limits.

        With `ahead`, and nothing due, it takes the cards due soonest instead (study ahead).
        """
        held, today = self.held(), self.today()
        totals = self.totals()
        left, drills = counting.left(self.limits, totals), counting.drill_reviews_left(self.limits, totals)
        queue = counting.queue(self._reads, self._present, today, deck_id, left, held, drills)
        if ahead and not queue:
            decks = None if deck_id is None else [deck_id]
            upcoming = repo.upcoming_keys(self.store, today, deck_ids=decks)
            queue = [k for k in upcoming if k in self._deck_of and k not in held][: self.limits.ahead]
        return ReviewSession(self, queue)
