"""The timed sitting on top of a DrillSession, UI-free: score and streak, one session clock, give-up,
"again with new numbers", the session's named slips, and the sprint and weak-kinds presets.
(Grading an attempt, with the hint's cost, is drills.attempts.)"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from drills.session import MAX_SEED, DrillSession, Item, Plan
from engine.slips import KINDS as SLIP_KINDS

SPRINT_SECONDS = 120.0
"""A sprint: two minutes of mixed kinds, Zetamac style."""
WEAK_COUNT = 5
"""How many kinds the weak-kinds preset draws from."""
WEAK_DRILLS = 10
RECENT = 10
"""Recent accuracy is over a kind's last this-many attempts."""


def sprint_plan(kinds: Sequence[str]) -> Plan:
    """120 s of every kind, mixed."""
    return Plan(tuple(kinds), mixed=True, budget_seconds=SPRINT_SECONDS)


def weak_kinds(
    history: Sequence[tuple[str, bool]],
    overdue: Mapping[str, float],
    kinds: Sequence[str],
    n: int = WEAK_COUNT,
) -> list[str]:
    """The kinds with the lowest recent accuracy, alternating with the most overdue ones.

    `history` is (kind, correct) oldest first; `overdue` is days past due per scheduled kind."""
    recent: dict[str, list[bool]] = {}
    for kind, correct in history:
        if kind in kinds:
            recent.setdefault(kind, []).append(correct)
    accuracy = {k: sum(v[-RECENT:]) / len(v[-RECENT:]) for k, v in recent.items()}
    by_accuracy = [
        k for k in sorted(accuracy, key=lambda k: (accuracy[k], -len(recent[k]))) if accuracy[k] < 1
    ]
    by_overdue = [k for k in sorted(overdue, key=lambda k: -overdue[k]) if k in kinds and overdue[k] >= 0]
    out: list[str] = []
    for pair in zip(by_accuracy + [""] * len(by_overdue), by_overdue + [""] * len(by_accuracy), strict=False):
        for kind in pair:
            if kind and kind not in out and len(out) < n:
                out.append(kind)
    return out


def weak_plan(kinds: Sequence[str]) -> Plan:
    """Ten drills drawn from the weak kinds (see weak_kinds)."""
    return Plan(tuple(kinds), mixed=False, count=WEAK_DRILLS)


@dataclass(frozen=True)
class Turn:
    """How one drill of the sitting went."""

    kind: str
    correct: bool
    seconds: float
    slip: str | None = None
    gave_up: bool = False
    hinted: bool = False


@dataclass
class Sitting:
    """A DrillSession run against the clock: each drill's limit is capped by the session's time left."""

    session: DrillSession
    per_drill: float
    auto_accept: bool = False
    """Zetamac's habit: a typed answer already correct is accepted without Enter (sprints: on)."""
    turns: list[Turn] = field(default_factory=list)
    streak: int = 0
    best_streak: int = 0
    _again: Item | None = None

    @property
    def plan(self) -> Plan:
        return self.session.plan

    @property
    def score(self) -> int:
        return sum(t.correct for t in self.turns)

    def time_left(self, elapsed: float) -> float | None:
        """Seconds left on the session clock (None without a time budget)."""
        budget = self.plan.budget_seconds
        return None if budget is None else max(0.0, budget - elapsed)

    def limit(self, elapsed: float) -> float:
        """The next drill's time limit: the per-drill limit, capped at the session time left."""
        left = self.time_left(elapsed)
        return self.per_drill if left is None else min(self.per_drill, left)

    def next_item(self, elapsed: float) -> Item | None:
        """The next drill (a queued 'again' first), or None when the session is over."""
        if self._again is not None and (self.time_left(elapsed) or 1) > 0:
            item, self._again = self._again, None
            if self.plan.count is None or self.session.drawn < self.plan.count:
                self.session.drawn += 1
                return item
        return self.session.next_item(elapsed)

    def again(self, kind: str) -> None:
        """Queue the kind just missed, with new numbers."""
        self._again = Item(kind, self.session.rng.randrange(MAX_SEED))

    def record(self, turn: Turn) -> None:
        self.turns.append(turn)
        self.streak = self.streak + 1 if turn.correct else 0
        self.best_streak = max(self.best_streak, self.streak)

    def slips(self) -> list[tuple[str, int]]:
        """(what the slip says, how often) for the slips named this session, most frequent first."""
        counts = Counter(t.slip for t in self.turns if t.slip)
        return [
            (SLIP_KINDS[name].says if name in SLIP_KINDS else name, n) for name, n in counts.most_common()
        ]

    def status(self, elapsed: float) -> str:
        """'score 3 · streak 2 · 1:12 left' for the top bar."""
        left = self.time_left(elapsed)
        whole = 0 if left is None else math.ceil(left)
        clock = "" if left is None else f"  ·  session {whole // 60}:{whole % 60:02d} left"
        return f"score {self.score}  ·  streak {self.streak}{clock}"

    def lines(self) -> list[str]:
        """The summary: score, accuracy, median time per kind, and the named slips."""
        if not self.turns:
            return ["No drill was answered."]
        n = len(self.turns)
        gave_up = sum(t.gave_up for t in self.turns)
        lines = [
            f"Score {self.score}  ·  accuracy {self.score / n:.0%} ({self.score} of {n})"
            f"  ·  best streak {self.best_streak}" + (f"  ·  {gave_up} given up" if gave_up else ""),
            "",
            "Per kind (correct / asked, median time):",
        ]
        by_kind: dict[str, list[Turn]] = {}
        for t in self.turns:
            by_kind.setdefault(t.kind, []).append(t)
        width = max(len(k) for k in by_kind)
        for kind, ts in by_kind.items():
            median = statistics.median(t.seconds for t in ts)
            lines.append(f"  {kind:<{width}}  {sum(t.correct for t in ts)}/{len(ts)}  {median:.1f} s")
        slips = self.slips()
        if slips:
            lines += ["", "Slips named this session:"]
            lines += [f"  {n}× {says}" for says, n in slips]
        return lines
