"""Fitting FSRS parameters to the user's own review log (py-fsrs's optimizer, an optional extra)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from engine.fsrs_scheduler import RATING_OF_GRADE

MIN_REVIEWS = 512
"""Below this many answers py-fsrs's defaults predict better than a fit (FSRS's own guidance)."""
EXTRA = "pip install 'flopcards[fsrs-optimizer]'"


class OptimizerMissing(RuntimeError):
    """py-fsrs's optimizer (torch) is not installed."""


@dataclass(frozen=True)
class Fit:
    """The outcome: fitted parameters, or None with the reason the defaults are kept."""

    reviews: int
    parameters: tuple[float, ...] | None
    reason: str


def fit(answers: Sequence[tuple[str, datetime, int, float]]) -> Fit:
    """Fit FSRS-6 parameters to (card key, instant, grade, seconds) answers; OptimizerMissing if no torch."""
    if len(answers) < MIN_REVIEWS:
        return Fit(
            len(answers),
            None,
            f"{len(answers)} answers logged, fewer than {MIN_REVIEWS}: keeping the defaults",
        )
    try:
        from fsrs import Optimizer, Rating, ReviewLog

        ids = {key: n for n, key in enumerate(sorted({a[0] for a in answers}), start=1)}
        logs = [
            ReviewLog(ids[key], Rating(RATING_OF_GRADE[grade]), when, int(seconds * 1000))
            for key, when, grade, seconds in answers
        ]
        optimizer = Optimizer(logs)
    except ImportError as error:
        raise OptimizerMissing(f"fitting FSRS needs its optimizer (torch): {EXTRA}") from error
    parameters = tuple(float(p) for p in optimizer.compute_optimal_parameters())
    return Fit(len(answers), parameters, f"fitted to {len(answers)} answers")
