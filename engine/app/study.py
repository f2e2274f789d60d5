"""The study façade: which items exist, deck counts, today's totals, and answering one item."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Sequence
from datetime import date, datetime, timedelta
from typing import TYPE_CHECKING

from sqlalchemy.exc import OperationalError, SQLAlchemyError

from engine import counting
from engine.app.errors import AppError, store_command
from engine.app.items import ItemGroup, ItemSource, Prompt, StudyItem, group_items, missing_prompt
from engine.app.scheduler import Moment, Scheduler, SM2Scheduler
from engine.app.session import ReviewSession
from engine.counting import DayTotals, DeckCounts, Limits, Memo, Present, keys_digest
from engine.grades import Grade
from engine.keyindex import DeckOf, Joined, PrefixedKeys
from engine.sm2 import CardState
from engine.store import marks, repo
from engine.store.attempts import StoredAttempt
from engine.store.database import Store, StoreError
from engine.studyday import StudyClock, utc_now

if TYPE_CHECKING:
    from engine.exam_log import ExamRecord


class StoreReads:
    """The reads counting needs, from the store (SQLite or a server) through the repo."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def due_keys(self, today: date, deck_id: str | None, limit: int) -> list[str]:
        decks = None if deck_id is None else [deck_id]
        return repo.due_keys(self.store, today, deck_ids=decks, limit=limit)

    def unseen(self, keys: Sequence[str], limit: int | None) -> list[str]:
        return repo.unseen(self.store, keys, limit)

    def memos(self) -> dict[str, Memo]:
        return repo.memos(self.store)


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
        self._groups: list[ItemGroup] = []
        self._items: list[StudyItem] | None = None
        self._cards: set[str] | None = None
        self._card_decks: frozenset[str] = frozenset()
        self._mixed_decks: frozenset[str] = frozenset()
        if sources:
            self.set_sources(sources)
        else:
            self.set_items(items)

    def set_sources(self, sources: Sequence[ItemSource]) -> None:
        """Replace the item sources (after a reload); items not in them are hidden, not forgotten."""
        self.sources = list(sources)
        self._owner = {deck: source for source in self.sources for deck in source.deck_ids()}
        self._index([group for source in self.sources for group in source.groups()])

    def set_items(self, items: Sequence[StudyItem]) -> None:
        self._index(group_items(items))

    @property
    def groups(self) -> list[ItemGroup]:
        """Every present item, as each deck's keys, in order."""
        return self._groups

    @property
    def items(self) -> list[StudyItem]:
        """Every present item, made on first use (counts and sessions need none: at a million cards
        they would be a million objects)."""
        if self._items is None:
            self._items = [StudyItem(k, g.deck_id, g.new_in_review) for g in self._groups for k in g.keys]
        return self._items

    def _card_keys(self) -> set[str]:
        """Keys that join reviews as new cards (leech marking applies to them), made on first use."""
        if self._cards is None:
            self._cards = {k for g in self._groups if g.new_in_review for k in g.keys}
        return self._cards

    def _joins_as_card(self, key: str) -> bool:
        """Whether `key` is a card (leech marking applies): by its deck, not by a set of every key
        (built on the first answer, that set cost 98 ms at a million cards); a deck holding cards
        and drills alike asks the set."""
        deck = self._deck_of.get(key)
        if deck is None:
            return False
        return key in self._card_keys() if deck in self._mixed_decks else deck in self._card_decks

    def _index(self, groups: list[ItemGroup]) -> None:
        """What counting and sessions look up, built per group: a card deck's keys (PrefixedKeys)
        answer for themselves, other groups get a dict (filled in C); no key string is made."""
        self._groups = groups
        self._items = None
        self._cards = None
        parts: dict[str, list[Collection[str]]] = {}
        new_parts: dict[str, list[Sequence[str]]] = {}
        totals: Counter[str | None] = Counter()
        for group in groups:
            if not group.keys:
                continue
            keys = group.keys if isinstance(group.keys, PrefixedKeys) else dict.fromkeys(group.keys)
            parts.setdefault(group.deck_id, []).append(keys)
            totals[group.deck_id] += len(group.keys)
            if group.new_in_review:
                new_parts.setdefault(group.deck_id, []).append(group.keys)
        self._deck_of = DeckOf({deck: ps[0] if len(ps) == 1 else Joined(ps) for deck, ps in parts.items()})
        new_keys = {deck: _one_sequence(seqs) for deck, seqs in new_parts.items()}
        digests = {deck: keys_digest(keys) for deck, keys in new_keys.items()}
        drill_decks = {g.deck_id for g in groups if g.keys and not g.new_in_review} - set(new_keys)
        self._present = Present(new_keys, self._deck_of, digests, frozenset(drill_decks))
        self._card_decks = frozenset(new_keys)
        self._mixed_decks = self._card_decks & {g.deck_id for g in groups if g.keys and not g.new_in_review}
        totals[None] = sum(len(keys) for keys in new_keys.values())
        self._totals = totals
        self._reads = StoreReads(self.store)

    def deck_ids(self) -> list[str]:
        """Every source's decks, in order."""
        return list(self._owner)

    def deck_title(self, deck_id: str | None) -> str:
        if deck_id is None:
            return "All decks"
        source = self._owner.get(deck_id)
        return (source.deck_title(deck_id) if source else None) or deck_id

    def has(self, key: str) -> bool:
        """Whether `key` is an item of the present sources (a card renamed or its deck skipped is not)."""
        return key in self._deck_of

    def deck_of(self, key: str) -> str:
        return self._deck_of.get(key, key.split("/", 1)[0])

    def prompt(self, key: str, seed: int) -> Prompt:
        """What to show for `key`: the source owning its deck decides (a card, a fresh drill)."""
        source = self._owner.get(self.deck_of(key))
        return missing_prompt(key) if source is None else source.prompt(key, seed)

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
        except (StoreError, OperationalError):
            return 0  # busy or unwritable: no rehearsal to wait on it again
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


def _one_sequence(parts: list[Sequence[str]]) -> Sequence[str]:
    """A deck's new keys in order: its one group's keys as they are (a card deck's make no string),
    several groups' as one list."""
    return parts[0] if len(parts) == 1 else [key for part in parts for key in part]
