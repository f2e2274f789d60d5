"""py-fsrs's Scheduler (its phases and learning steps) with Anki's f32 arithmetic (engine.fsrs_f32).

py-fsrs 6.3 (pinned below 7 in pyproject) computes each formula in one overridable method; these
overrides compute them as fsrs-rs does, so a memory and an interval equal Anki's. The interval
py-fsrs gives a card leaving (re)learning is rounded half away from zero, as Anki rounds it (Rust's
f32::round), not to even (Python's round). tests/engine/test_fsrs_scheduler.py checks that these
hooks are the ones py-fsrs calls (an answer's state equals fsrs-rs's, bit for bit, on fixed cases).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from datetime import UTC, datetime

from fsrs import Card, Rating, Scheduler

from engine import fsrs_f32


class AnkiArithmeticScheduler(Scheduler):
    """An unfuzzed py-fsrs Scheduler whose stability, difficulty, retrievability and intervals are
    fsrs-rs's f32 values."""

    def __init__(self, parameters: Sequence[float], desired_retention: float, maximum_interval: int) -> None:
        super().__init__(
            parameters=parameters,
            desired_retention=desired_retention,
            maximum_interval=maximum_interval,
            enable_fuzzing=False,
        )
        self._weights = fsrs_f32.weights(tuple(self.parameters))

    def get_card_retrievability(self, card: Card, current_datetime: datetime | None = None) -> float:
        if card.last_review is None or card.stability is None:
            return 0.0
        now = current_datetime if current_datetime is not None else datetime.now(UTC)
        elapsed_days = max(0, (now - card.last_review).days)  # whole days, as Anki's u32
        return fsrs_f32.retrievability(self._weights, elapsed_days, card.stability)

    def _initial_stability(self, *, rating: Rating) -> float:
        return fsrs_f32.initial_stability(self._weights, int(rating))

    def _initial_difficulty(self, *, rating: Rating, clamp: bool) -> float:
        return fsrs_f32.initial_difficulty(self._weights, int(rating))  # always clamped, as fsrs-rs

    def _next_difficulty(self, *, difficulty: float, rating: Rating) -> float:
        return fsrs_f32.next_difficulty(self._weights, difficulty, int(rating))

    def _short_term_stability(self, *, stability: float, rating: Rating) -> float:
        return fsrs_f32.short_term_stability(self._weights, stability, int(rating))

    def _next_stability(
        self, *, difficulty: float, stability: float, retrievability: float, rating: Rating
    ) -> float:
        return fsrs_f32.next_stability(self._weights, stability, difficulty, retrievability, int(rating))

    def _next_interval(self, *, stability: float) -> int:
        days = fsrs_f32.interval(self._weights, stability, self.desired_retention)
        return min(max(math.floor(days + 0.5), 1), self.maximum_interval)
