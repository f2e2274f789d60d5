"""FSRS-6 scheduling through py-fsrs, in the shape of SM-2: (state, grade, now) -> (state, record).

flopcards grades 0-5 (SM-2's scale). FSRS rates Again/Hard/Good/Easy; the mapping (also in the README):

| flopcards grade | FSRS rating |
|-----------------|-------------|
| 0, 1, 2         | Again       |
| 3               | Hard        |
| 4               | Good        |
| 5               | Easy        |

Fuzzing is off, so the same answers at the same instants always give the same due times (py-fsrs's
own `Scheduler(enable_fuzzing=False)` days on the golden tests' answers; its memory in doubles is
within ~1e-6 of ours, below). FSRS's
learning steps are minutes long: a card whose next due time falls within the current study day
comes back today, like an SM-2 card graded below 4. Intervals stop at `maximum_interval` days
(py-fsrs's own ceiling, fed from the `max_interval_days` setting).

Elapsed time is counted in study days, as Anki counts it: given `elapsed_days` (the study days since
the last answer), py-fsrs is shown a last review exactly that many days back, so an answer at 20:00
and the next at 08:00 two study days later are 2 days apart (py-fsrs alone would count 1: 36 hours),
and two answers on one study day are a same-day review (short-term stability) whatever the clock.

The memory is kept as Anki stores it (rslib's card data): stability to 4 decimals and difficulty to
3, rounded as its 32-bit floats round, after every answer. The next answer starts from that rounded
memory, while the interval an answer gives comes from its unrounded stability, as in Anki; so an
interval near a half day rounds to Anki's day. Every formula is computed as Anki's fsrs-rs computes
it, in 32-bit floats (engine.fsrs_f32, through the py-fsrs hooks of engine.fsrs_f32_scheduler), so
the unrounded stability is Anki's too, not py-fsrs's double (~1e-6 relative apart).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import date, datetime, timedelta
from functools import lru_cache
from typing import TYPE_CHECKING

from engine import fsrs_f32

if TYPE_CHECKING:
    from fsrs import Card, Scheduler

DEFAULT_RETENTION = 0.90
MAXIMUM_INTERVAL = 36_500
"""Days; as engine.sm2.MAX_INTERVAL_DAYS (this module cannot import it: sm2 imports this one)."""
LEARNING, REVIEW, RELEARNING = 1, 2, 3
"""py-fsrs's State values, kept as plain ints so this module's dataclasses need no import of fsrs."""

STABILITY_PLACES, DIFFICULTY_PLACES = 4, 3
"""Decimals Anki keeps of a card's stored memory (rslib storage/card/data.rs)."""

RATING_OF_GRADE: dict[int, int] = {0: 1, 1: 1, 2: 1, 3: 2, 4: 3, 5: 4}
"""flopcards grade -> FSRS Rating (Again=1, Hard=2, Good=3, Easy=4)."""


@dataclass(frozen=True)
class FsrsState:
    """FSRS memory state of one card. A card never reviewed is `FsrsState()`."""

    stability: float | None = None
    """Days until recall probability falls to 90%."""
    difficulty: float | None = None
    """1 (easy) to 10 (hard)."""
    phase: int = LEARNING
    step: int | None = 0
    """Index into the (re)learning steps; None in the Review phase."""
    due_at: datetime | None = None
    last_review: datetime | None = None

    @property
    def is_new(self) -> bool:
        return self.last_review is None

    def to_dict(self) -> dict[str, object]:
        return {
            "stability": self.stability,
            "difficulty": self.difficulty,
            "phase": self.phase,
            "step": self.step,
            "due_at": self.due_at.isoformat() if self.due_at else None,
            "last_review": self.last_review.isoformat() if self.last_review else None,
        }

    @classmethod
    def from_dict(cls, data: dict[str, object]) -> FsrsState:
        def when(value: object) -> datetime | None:
            return datetime.fromisoformat(value) if isinstance(value, str) else None

        stability, difficulty, step = data.get("stability"), data.get("difficulty"), data.get("step")
        phase = data.get("phase")
        return cls(
            stability=float(stability) if isinstance(stability, int | float) else None,
            difficulty=float(difficulty) if isinstance(difficulty, int | float) else None,
            phase=phase if isinstance(phase, int) else LEARNING,
            step=int(step) if isinstance(step, int) else None,
            due_at=when(data.get("due_at")),
            last_review=when(data.get("last_review")),
        )


@dataclass(frozen=True)
class FsrsRecord:
    """What one answer did under FSRS: enough to log it and to undo it."""

    grade: int
    reviewed_at: datetime
    before: FsrsState
    after: FsrsState


@lru_cache(maxsize=8)
def _scheduler(
    desired_retention: float, parameters: tuple[float, ...] | None, maximum_interval: int = MAXIMUM_INTERVAL
) -> Scheduler:
    from fsrs.scheduler import DEFAULT_PARAMETERS

    from engine.fsrs_f32_scheduler import AnkiArithmeticScheduler

    return AnkiArithmeticScheduler(
        DEFAULT_PARAMETERS if parameters is None else parameters, desired_retention, maximum_interval
    )


def default_parameters() -> tuple[float, ...]:
    """py-fsrs's FSRS-6 weights, used until `flopcards fsrs optimize` fits this collection's."""
    from fsrs.scheduler import DEFAULT_PARAMETERS

    return tuple(DEFAULT_PARAMETERS)


def usable_parameters(parameters: Sequence[float] | None) -> tuple[float, ...] | None:
    """The parameters if py-fsrs accepts them (21 values within its bounds), else None (defaults)."""
    if parameters is None:
        return None
    try:
        _scheduler(DEFAULT_RETENTION, tuple(parameters))
    except ValueError:
        return None
    return tuple(parameters)


def _to_card(state: FsrsState, now: datetime) -> Card:
    from fsrs import Card, State

    return Card(
        card_id=1,
        state=State(state.phase),
        step=state.step,
        stability=state.stability,
        difficulty=state.difficulty,
        due=state.due_at or now,
        last_review=state.last_review,
    )


def _from_card(card: Card) -> FsrsState:
    return FsrsState(
        stability=card.stability,
        difficulty=card.difficulty,
        phase=int(card.state),
        step=card.step,
        due_at=card.due,
        last_review=card.last_review,
    )


def anki_rounded(value: float, places: int) -> float:
    """`value` as Anki stores it: rounded to `places` decimals in 32-bit floats, half away from zero
    (Rust's `(v * 10^places).round() / 10^places` on an f32)."""
    factor = 10.0**places
    scaled = fsrs_f32.f32(fsrs_f32.f32(value) * factor)  # f32 * f32 rounded once: the f32 product
    whole = math.copysign(math.floor(abs(scaled) + 0.5), scaled)
    return whole / factor


def as_stored(state: FsrsState) -> FsrsState:
    """The memory as Anki keeps it on the card (stability to 4 decimals, difficulty to 3)."""
    return replace(
        state,
        stability=None if state.stability is None else anki_rounded(state.stability, STABILITY_PLACES),
        difficulty=None if state.difficulty is None else anki_rounded(state.difficulty, DIFFICULTY_PLACES),
    )


def review(
    state: FsrsState,
    grade: int,
    *,
    now: datetime,
    desired_retention: float = DEFAULT_RETENTION,
    parameters: Sequence[float] | None = None,
    maximum_interval: int = MAXIMUM_INTERVAL,
    elapsed_days: int | None = None,
    stored: bool = True,
) -> tuple[FsrsState, FsrsRecord]:
    """Apply one answer: returns the new state and the record of it. Pure; `state` is unchanged.
    No interval exceeds `maximum_interval` days; with `elapsed_days` (study days since the last
    answer), the time between answers is counted in study days, as Anki does. The due time comes
    from the unrounded memory; the memory returned is rounded as Anki stores it, unless `stored`
    is False (the unrounded one, for the interval rules of engine.fsrs_order)."""
    from fsrs import Rating

    if grade not in RATING_OF_GRADE:
        raise ValueError(f"grade must be 0-5, got {grade!r}")
    if now.tzinfo is None or now.utcoffset() != timedelta(0):
        raise ValueError("now must be a timezone-aware UTC datetime")
    scheduler = _scheduler(
        desired_retention, tuple(parameters) if parameters is not None else None, maximum_interval
    )
    shown = _in_study_days(state, now, elapsed_days)
    card, _ = scheduler.review_card(_to_card(shown, now), Rating(RATING_OF_GRADE[grade]), now)
    after = as_stored(_from_card(card)) if stored else _from_card(card)
    return after, FsrsRecord(grade, now, state, after)


def _in_study_days(state: FsrsState, now: datetime, elapsed_days: int | None) -> FsrsState:
    """The state as py-fsrs must see it for `elapsed_days` study days to have passed (it counts
    whole 24-hour periods since `last_review`)."""
    if elapsed_days is None or state.last_review is None:
        return state
    if elapsed_days >= 1:
        return replace(state, last_review=now - timedelta(days=elapsed_days))
    if now - state.last_review >= timedelta(days=1) or now < state.last_review:  # DST, a moved clock
        return replace(state, last_review=now)
    return state


def study_days_between(earlier: date | None, later: date) -> int | None:
    """Study days from one answer's day to the next's (None: no earlier answer); a day start or
    time zone moved back counts as the same day, never as negative."""
    return None if earlier is None else max(0, (later - earlier).days)


def replay(
    answers: Iterable[tuple[datetime, int] | tuple[datetime, int, date]],
    *,
    desired_retention: float = DEFAULT_RETENTION,
    parameters: Sequence[float] | None = None,
    maximum_interval: int = MAXIMUM_INTERVAL,
) -> FsrsState:
    """The memory state a card reaches through its logged answers (UTC instant, grade, and the
    study day when known: then elapsed time is counted in study days), oldest first."""
    state = FsrsState()
    last_day: date | None = None
    for answer in sorted(answers, key=lambda answer: answer[0]):
        when, grade = answer[0], answer[1]
        day = answer[2] if len(answer) > 2 else None
        elapsed = None if day is None else study_days_between(last_day, day)
        last_day = day
        state, _ = review(
            state,
            grade,
            now=when,
            desired_retention=desired_retention,
            parameters=parameters,
            maximum_interval=maximum_interval,
            elapsed_days=elapsed,
        )
    return state


def ideal_interval(
    stability: float,
    *,
    desired_retention: float = DEFAULT_RETENTION,
    parameters: Sequence[float] | None = None,
) -> float:
    """Days until recall falls to `desired_retention`, unrounded, as Anki's f32 (engine.fsrs_f32)."""
    scheduler = _scheduler(desired_retention, tuple(parameters) if parameters is not None else None)
    return fsrs_f32.interval(fsrs_f32.weights(tuple(scheduler.parameters)), stability, desired_retention)


def retrievability(state: FsrsState, now: datetime, *, desired_retention: float = DEFAULT_RETENTION) -> float:
    """Predicted probability of recalling the card at `now` (0 for a card never reviewed)."""
    if state.is_new:
        return 0.0
    return float(_scheduler(desired_retention, None).get_card_retrievability(_to_card(state, now), now))
