"""FSRS as Anki's own scheduler computes it (the `anki` wheel's rslib), next to flopcards' FsrsScheduler,
on generated histories answered at random hours: memory states from a card's review log, and the
Hard/Good/Easy intervals of Anki's next states for a review card holding that memory.

Anki fuzzes review intervals with a seed from the card id; its Rust core turns fuzz off when the
ANKI_TEST_MODE variable is set (rslib's `get_fuzz_seed_for_id_and_reps`), which is set here before
the first answer Anki schedules in this process. Used by tests/anki/test_fsrs_vs_anki.py (a few
hundred states) and benchmarks/fsrs_vs_anki.py (thousands)."""

from __future__ import annotations

import itertools
import os
import random
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta

os.environ.setdefault("ANKI_TEST_MODE", "1")  # Anki's unfuzzed intervals (read once, lazily, by rslib)

from anki.collection import Collection

from engine.app import Grade
from engine.app.scheduler import FsrsScheduler, Moment
from engine.fsrs_scheduler import LEARNING, RELEARNING, REVIEW, ideal_interval
from engine.sm2 import CardState
from engine.studyday import StudyClock

GRADE_OF_EASE = {1: Grade.NOT_AT_ALL, 2: Grade.WITH_EFFORT, 3: Grade.WELL, 4: Grade.PERFECTLY}
PASSING = (Grade.WITH_EFFORT, Grade.WELL, Grade.PERFECTLY)
"""Hard, Good, Easy."""
REVLOG_TYPE = {LEARNING: 0, REVIEW: 1, RELEARNING: 2}
CLOCK = StudyClock(day_start_hour=4)  # the machine's zone, as Anki's rollover (4) reads it
UNIQUE = itertools.count()
ANCHOR = datetime(2024, 1, 1, tzinfo=UTC)
"""Histories start here (in the past, as Anki's review log must be), so the same ones every run."""

History = list[tuple[datetime, int]]


def moment(when: datetime) -> Moment:
    return Moment(when, CLOCK.today(when), CLOCK.next_day_start(when))


def histories(rng: random.Random, count: int) -> list[History]:
    """Answers (UTC instant, Anki ease 1-4) at random hours: same-day repeats, next-morning reviews,
    gaps up to two months."""
    out = []
    for _ in range(count):
        when = ANCHOR + timedelta(seconds=rng.randrange(86400))
        history = []
        for _ in range(rng.randint(3, 12)):
            history.append(
                (when.replace(microsecond=0), rng.choices([1, 2, 3, 4], [0.15, 0.15, 0.55, 0.15])[0])
            )
            gap = rng.choice([rng.uniform(0, 0.05), rng.uniform(0.3, 1.6), rng.uniform(1, 60)])
            when += timedelta(days=gap)
        out.append(history)
    return out


def _card_with_log(col: Collection, log: History, types: list[int]) -> int:
    """A new card of its own holding `log` as its review log; its id."""
    note = col.new_note(col.models.by_name("Basic"))  # type: ignore[arg-type]
    note["Front"] = f"card {next(UNIQUE)}"
    col.add_note(note, 1)  # type: ignore[arg-type]
    card_id = note.cards()[0].id
    for (at, rating), kind in zip(log, types, strict=True):
        col.db.execute(
            "insert into revlog (id, cid, usn, ease, ivl, lastIvl, factor, time, type)"
            " values (?, ?, 0, ?, 0, 0, 0, 5000, ?)",
            int(at.timestamp()) * 1000 + next(UNIQUE) % 1000,  # unique ids: a spare millisecond
            card_id,
            rating,
            kind,
        )
    return card_id


def our_memory(history: History) -> list[tuple[float, float]]:
    """(stability, difficulty) after each answer, through our scheduler."""
    scheduler, state, out = FsrsScheduler(), CardState(), []
    for when, ease in history:
        state, _ = scheduler.review(state, GRADE_OF_EASE[ease], moment(when))
        assert state.fsrs is not None and state.fsrs.stability is not None
        out.append((state.fsrs.stability, state.fsrs.difficulty or 0.0))
    return out


def memory_states(col: Collection, history: History) -> tuple[list[tuple[float, float]], ...]:
    """(stability, difficulty) after each answer: ours through the scheduler, Anki's from a card
    holding that prefix of the review log."""
    scheduler, state = FsrsScheduler(), CardState()
    ours: list[tuple[float, float]] = []
    theirs: list[tuple[float, float]] = []
    types: list[int] = []
    for n, (when, ease) in enumerate(history, start=1):
        types.append(REVLOG_TYPE[state.fsrs.phase] if state.fsrs is not None else 0)
        state, _ = scheduler.review(state, GRADE_OF_EASE[ease], moment(when))
        assert (
            state.fsrs is not None and state.fsrs.stability is not None and state.fsrs.difficulty is not None
        )
        ours.append((state.fsrs.stability, state.fsrs.difficulty))
        card_id = _card_with_log(col, history[:n], types)
        computed = col.compute_memory_state(card_id)
        col.db.execute("delete from revlog where cid = ?", card_id)  # ids stay unique
        theirs.append((computed.stability, computed.difficulty))  # type: ignore[arg-type]
    return ours, theirs


@dataclass(frozen=True)
class Intervals:
    """Hard, Good and Easy intervals (days) for one review card answered at one instant."""

    ours: tuple[int, int, int]
    anki: tuple[int, int, int]
    ours_ideal: tuple[float, float, float]
    """FSRS's unrounded intervals from our next stabilities."""
    anki_ideal: tuple[float, float, float]
    """The same from Anki's next stabilities (from the memory its card stores: stability to 4
    decimals, difficulty to 3, as ours; they differ from ours by Anki's 32-bit arithmetic only)."""
    previous: int
    """The interval the card's last answer gave."""
    elapsed_days: int

    def near_half_day(self, within: float = 0.01) -> bool:
        """Whether an ideal interval lies so close to a half day that ~1e-5 rounds it either way."""
        return any(abs(days % 1 - 0.5) < within for days in (*self.ours_ideal, *self.anki_ideal))


def _memory_of(state: object) -> tuple[float, float]:
    """The memory of one button's next state, whatever kind of state it is."""
    normal = state.normal  # type: ignore[attr-defined]
    kind = normal.WhichOneof("kind")
    inner = getattr(normal, kind)
    if kind == "relearning":
        inner = inner.learning
    return inner.memory_state.stability, inner.memory_state.difficulty


def answered_in_anki(col: Collection, history: History) -> list[tuple[float, float]]:
    """The memory Anki's card stores after each answer of `history`, answered one by one as Anki
    answers: each next state from the memory the card stores (rounded by Anki's storage, read back)
    and the study days since the last answer (Anki's next states for that button at the answer's
    study day, the log moved by whole days to end today, as in `intervals`)."""
    today = CLOCK.today(datetime.now(UTC))
    card_id = _card_with_log(col, [], [])
    out: list[tuple[float, float]] = []
    for n, (when, ease) in enumerate(history):
        card = col.get_card(card_id)  # type: ignore[arg-type]
        if n > 0:
            shift = timedelta(days=(today - CLOCK.today(when)).days)
            card.type = card.queue = 2  # type: ignore[assignment]
            card.ivl = 1
            card.due = col.sched.today
            card.memory_state = memory_state(*out[-1])
            card.last_review_time = int((history[n - 1][0] + shift).timestamp())
            col.update_card(card)
        states = col._backend.get_scheduling_states(card_id)
        chosen = (states.again, states.hard, states.good, states.easy)[ease - 1]
        card = col.get_card(card_id)  # type: ignore[arg-type]
        card.memory_state = memory_state(*_memory_of(chosen))
        col.update_card(card)
        stored = col.get_card(card_id).memory_state  # type: ignore[arg-type]
        out.append((stored.stability, stored.difficulty))  # type: ignore[union-attr]
    return out


def intervals(col: Collection, history: History) -> list[Intervals]:
    """For each answer of `history` that finds the card in review (py-fsrs's phase), the intervals
    Hard, Good and Easy would give: ours (the grade bar's preview) and Anki's next states for a
    review card holding the memory Anki's card stores after the answers before it, answered in
    Anki one by one (`answered_in_anki`).

    Anki schedules from its own today (the real clock), so the log is moved by whole days to end on
    today's study day; whole days keep every study-day gap (the zone has no DST: UTC)."""
    scheduler, state = FsrsScheduler(), CardState()
    types: list[int] = []
    out = []
    today = CLOCK.today(datetime.now(UTC))
    stored = answered_in_anki(col, history)
    for n, (when, ease) in enumerate(history):
        if n > 0 and state.fsrs is not None and state.fsrs.phase == REVIEW:
            at = moment(when)
            preview = scheduler.preview(state, at)
            ours = tuple(preview[grade] or 0 for grade in PASSING)
            ours_ideal = tuple(
                ideal_interval(scheduler._memory_after(state, grade, at).stability or 0.0)
                for grade in PASSING
            )
            shift = timedelta(days=(today - CLOCK.today(when)).days)
            assert state.last_day is not None and state.due is not None
            scheduled = (state.due - state.last_day).days
            anki, stabilities = _anki_intervals(
                col, [(t + shift, e) for t, e in history[:n]], types, scheduled, stored[n - 1]
            )
            elapsed = (CLOCK.today(when) - state.last_day).days
            anki_ideal = tuple(ideal_interval(s) for s in stabilities)
            out.append(Intervals(ours, anki, ours_ideal, anki_ideal, scheduled, elapsed))  # type: ignore[arg-type]
        types.append(REVLOG_TYPE[state.fsrs.phase] if state.fsrs is not None else 0)
        state, _ = scheduler.review(state, GRADE_OF_EASE[ease], moment(when))
    return out


def _anki_intervals(
    col: Collection, log: History, types: list[int], scheduled: int, memory: tuple[float, float]
) -> tuple[tuple[int, int, int], list[float]]:
    """Anki's Hard, Good, Easy days (and next stabilities) for a review card whose log is `log` (its
    last answer before today or earlier today), holding `memory`, whose last answer scheduled it
    `scheduled` days ahead, answered now."""
    card_id = _card_with_log(col, log, types)
    card = col.get_card(card_id)  # type: ignore[arg-type]
    last = log[-1][0]
    last_day = _anki_day(col, CLOCK.today(last))
    card.type = card.queue = 2  # type: ignore[assignment]
    card.ivl = scheduled
    card.due = last_day + scheduled
    card.memory_state = memory_state(*memory)
    card.last_review_time = int(last.timestamp())
    col.update_card(card)
    states = col._backend.get_scheduling_states(card_id)
    col.db.execute("delete from revlog where cid = ?", card_id)
    reviews = [getattr(states, name).normal.review for name in ("hard", "good", "easy")]
    days = tuple(review.scheduled_days for review in reviews)
    return days, [review.memory_state.stability for review in reviews]  # type: ignore[return-value]


def _anki_day(col: Collection, day: date) -> int:
    return col.sched.today - (CLOCK.today(datetime.now(UTC)) - day).days


def memory_state(stability: float | None, difficulty: float | None) -> object:
    from anki.cards_pb2 import FsrsMemoryState

    return FsrsMemoryState(stability=stability or 0.0, difficulty=difficulty or 0.0)
