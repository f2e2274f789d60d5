"""A timed drill session, UI-free: the plan, the (kind, seed) draws, per-attempt results, the summary."""

from __future__ import annotations

import random
import re
import statistics
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field, replace

from drills.attempts import Result
from engine.answers import Verdict

MAX_SEED = 1_000_000
MAX_COUNT = 500
MAX_BUDGET_SECONDS = 4 * 3600

_AMOUNT = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(m|min|mins|minutes?|s|sec|secs|seconds?)?\s*$", re.I)


class PlanError(ValueError):
    """A session plan that cannot be run (no kinds, bad count or budget)."""


@dataclass(frozen=True)
class Plan:
    """Which kinds to draw from (`mixed`: every kind) and when to stop: after `count` drills, or
    once `budget_seconds` of wall time have passed (checked before each new drill; the drill
    being answered when the budget runs out is finished)."""

    kinds: tuple[str, ...]
    mixed: bool = False
    count: int | None = None
    budget_seconds: float | None = None

    def __post_init__(self) -> None:
        if not self.kinds:
            raise PlanError("pick at least one drill kind (or mixed)")
        if (self.count is None) == (self.budget_seconds is None):
            raise PlanError("give either a number of drills or a time budget")
        if self.count is not None and not 1 <= self.count <= MAX_COUNT:
            raise PlanError(f"the number of drills must be 1-{MAX_COUNT}")
        if self.budget_seconds is not None and not 0 < self.budget_seconds <= MAX_BUDGET_SECONDS:
            raise PlanError(f"the time budget must be more than 0 and at most {MAX_BUDGET_SECONDS // 60} min")

    @property
    def describe(self) -> str:
        """'5 drills · kv-cache': one kind by name, several by count (the line heads an 80-column screen)."""
        what = (
            "mixed" if self.mixed else self.kinds[0] if len(self.kinds) == 1 else f"{len(self.kinds)} kinds"
        )
        if self.count is not None:
            return f"{self.count} drill{'s' * (self.count != 1)} · {what}"
        return f"{format_seconds(self.budget_seconds or 0)} budget · {what}"


def parse_amount(text: str) -> tuple[int | None, float | None]:
    """'5' -> 5 drills; '10m' / '10 min' -> a 600 s budget; '90s' -> 90 s. PlanError otherwise."""
    m = _AMOUNT.match(text)
    if m is None:
        raise PlanError(
            f"'{text.strip()[:20]}' is neither a number of drills (5) nor a time budget (10m, 90s)"
        )
    number, unit = float(m.group(1)), (m.group(2) or "").lower()
    if not unit:
        if not number.is_integer():
            raise PlanError("the number of drills must be a whole number")
        return int(number), None
    return None, number * (60 if unit.startswith("m") else 1)


def make_plan(all_kinds: Sequence[str], chosen: Sequence[str], amount: str) -> Plan:
    """A plan from the setup form: no kinds chosen (or 'mixed' among them) means mixed."""
    count, budget = parse_amount(amount)
    unknown = [k for k in chosen if k != "mixed" and k not in all_kinds]
    if unknown:
        raise PlanError(f"unknown drill kind '{unknown[0]}'")
    mixed = not chosen or "mixed" in chosen
    kinds = tuple(all_kinds) if mixed else tuple(dict.fromkeys(chosen))
    return Plan(kinds, mixed, count, budget)


def within_new_limit(plan: Plan, seen: Collection[str], new_left: int) -> Plan:
    """A mixed plan (a sprint, mixed drills) drawing every kind tried before and at most `new_left`
    kinds never tried (the first in the plan's order): the day's limit of new drill kinds, as Anki's
    new cards a day. A plan of kinds picked by name is the user's choice and is left whole.
    PlanError when no kind is left to draw."""
    if not plan.mixed:
        return plan
    fresh = [kind for kind in plan.kinds if kind not in seen]
    allowed = set(fresh[: max(0, new_left)])
    kinds = tuple(kind for kind in plan.kinds if kind in seen or kind in allowed)
    if not kinds:
        raise PlanError(
            "no drill kind to draw: today's new drill kinds are used up "
            "(new_drills_per_day in the settings; pick a kind by name to try it anyway)"
        )
    return replace(plan, kinds=kinds)


@dataclass(frozen=True)
class Item:
    """One drill to generate: its kind and seed."""

    kind: str
    seed: int


@dataclass(frozen=True)
class KindSummary:
    """Results of one drill kind within a session."""

    kind: str
    attempts: int
    correct: int
    close: int
    timed_out: int
    median_seconds: float


@dataclass(frozen=True)
class Summary:
    """Accuracy = correct / attempts (close and timed-out attempts are not correct)."""

    attempts: int
    correct: int
    close: int
    timed_out: int
    median_seconds: float | None
    per_kind: tuple[KindSummary, ...]

    @property
    def accuracy(self) -> float | None:
        return self.correct / self.attempts if self.attempts else None


def summarize(results: Sequence[Result]) -> Summary:
    """Totals, median seconds per attempt, and per-kind results in order of first appearance."""
    by_kind: dict[str, list[Result]] = {}
    for r in results:
        by_kind.setdefault(r.kind, []).append(r)

    def counts(rs: Sequence[Result]) -> tuple[int, int, int]:
        close = sum(r.verdict is Verdict.CLOSE and not r.timed_out for r in rs)
        return sum(r.correct for r in rs), close, sum(r.timed_out for r in rs)

    per_kind = tuple(
        KindSummary(kind, len(rs), *counts(rs), statistics.median(r.seconds for r in rs))
        for kind, rs in by_kind.items()
    )
    median = statistics.median(r.seconds for r in results) if results else None
    return Summary(len(results), *counts(results), median, per_kind)


@dataclass
class DrillSession:
    """A running session: draws the next (kind, seed) from `rng` and collects results."""

    plan: Plan
    rng: random.Random = field(default_factory=random.Random)
    results: list[Result] = field(default_factory=list)
    drawn: int = 0
    _last_kind: str | None = None

    def next_item(self, elapsed_seconds: float = 0.0) -> Item | None:
        """The next drill to show, or None when the session is over (count reached, budget spent).

        With several kinds the same kind is not drawn twice in a row."""
        if self.plan.count is not None and self.drawn >= self.plan.count:
            return None
        if self.plan.budget_seconds is not None and elapsed_seconds >= self.plan.budget_seconds:
            return None
        choices = [k for k in self.plan.kinds if k != self._last_kind] or list(self.plan.kinds)
        kind = choices[self.rng.randrange(len(choices))]
        seed = self.rng.randrange(MAX_SEED)
        self.drawn += 1
        self._last_kind = kind
        return Item(kind, seed)

    def add(self, result: Result) -> None:
        self.results.append(result)

    def summary(self) -> Summary:
        return summarize(self.results)


def format_seconds(seconds: float) -> str:
    """'45 s', '2:05', '10 min'."""
    if seconds < 60:
        return f"{seconds:.0f} s"
    if seconds % 60 == 0:
        return f"{seconds / 60:.0f} min"
    return f"{int(seconds // 60)}:{int(seconds % 60):02d}"
