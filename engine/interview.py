"""A mock interview, UI-free: open questions judged by rubric, each followed by its drills, one clock."""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from itertools import zip_longest

from engine.rubric import Coverage, RubricPoint, coverage


class Track(StrEnum):
    TRAINING = "training"
    SERVING = "serving"
    MIXED = "mixed"

    @property
    def label(self) -> str:
        return {"training": "Training", "serving": "Inference and serving", "mixed": "Mixed"}[self.value]


LENGTHS = (30, 45, 60)
"""Interview lengths offered, in minutes."""
MINUTES_PER_QUESTION = 6
"""An open answer of about four minutes and one or two calculations: 5 questions in 30 minutes."""
DRILLS_PER_QUESTION = 2
LEVELS = ("warm-up", "interview", "senior")
"""Drill levels, easiest first: an interview at a level asks drills at that level or below."""


@dataclass(frozen=True)
class OpenQuestion:
    """An open card with a rubric, as the interview needs it."""

    key: str
    front: str
    back: str
    topic: str
    track: Track
    rubric: tuple[RubricPoint, ...]
    drills: tuple[str, ...] = ()
    priority: int = 0
    """Among questions asked as often and answered as well, lower comes first (interview decks: 0)."""


@dataclass(frozen=True)
class Seen:
    """A question's interview history: how often asked, and its mean rubric coverage (0-1)."""

    times: int
    coverage: float


@dataclass(frozen=True)
class PlannedQuestion:
    question: OpenQuestion
    drills: tuple[tuple[str, int], ...]
    """(drill kind, seed) pairs asked after the open answer: new numbers every interview."""
    guide_seconds: int


@dataclass(frozen=True)
class Plan:
    track: Track
    minutes: int
    level: str
    questions: tuple[PlannedQuestion, ...]


class PlanError(ValueError):
    """No interview can be set (no open question with a rubric in the track)."""


def kinds_at(levels: Mapping[str, str], level: str) -> list[str]:
    """The drill kinds (kind -> level) an interview at `level` may ask; 'any' allows them all."""
    if level not in LEVELS:
        return list(levels)
    allowed = LEVELS[: LEVELS.index(level) + 1]
    return [kind for kind, at in levels.items() if at in allowed]


def questions_for(minutes: int) -> int:
    return max(1, minutes // MINUTES_PER_QUESTION)


def plan_interview(
    pool: Sequence[OpenQuestion],
    track: Track,
    minutes: int,
    *,
    level: str = "any",
    seen: Mapping[str, Seen] | None = None,
    kinds: Collection[str] = (),
    seed: int | None = None,
) -> Plan:
    """The questions asked least, then answered worst, in the track; each with up to two of its
    drill kinds that exist at the level (`kinds`: those allowed)."""
    if minutes not in LENGTHS:
        raise PlanError(f"an interview lasts {', '.join(map(str, LENGTHS))} minutes, not {minutes}")
    rng = random.Random(seed)
    seen = seen or {}
    never = Seen(0, 0.0)

    def rank(q: OpenQuestion) -> tuple[int, float, int, float]:
        s = seen.get(q.key, never)
        return (s.times, s.coverage, q.priority, rng.random())

    want = questions_for(minutes)
    if track is Track.MIXED:
        lanes = [sorted((q for q in pool if q.track is t), key=rank) for t in (Track.TRAINING, Track.SERVING)]
        chosen = [q for pair in zip_longest(*lanes) for q in pair if q is not None][:want]
    else:
        chosen = sorted((q for q in pool if q.track is track), key=rank)[:want]
    if not chosen:
        raise PlanError(f"no open question with a rubric in the {track.label.lower()} track")
    guide = minutes * 60 // len(chosen)
    allowed = set(kinds)
    planned = []
    for q in chosen:
        usable = [k for k in q.drills if k in allowed]
        picked = rng.sample(usable, min(DRILLS_PER_QUESTION, len(usable)))
        planned.append(PlannedQuestion(q, tuple((k, rng.randrange(2**31)) for k in picked), guide))
    return Plan(track, minutes, level, tuple(planned))


@dataclass(frozen=True)
class DrillOutcome:
    kind: str
    verdict: str
    """correct, close, wrong, wrong_unit, or gave_up."""
    seconds: float
    slip: str | None = None


@dataclass(frozen=True)
class QuestionOutcome:
    key: str
    topic: str
    share: float
    grade: int
    seconds: float
    guide_seconds: int
    missed: tuple[str, ...]
    """The rubric points not covered: what to study."""
    notes: str = ""
    skipped: bool = False
    drills: tuple[DrillOutcome, ...] = ()


@dataclass
class InterviewSession:
    """One sitting: answer (ticking the rubric) or skip each question, then its drills, in order."""

    plan: Plan
    outcomes: list[QuestionOutcome] = field(default_factory=list)
    ticked: set[int] = field(default_factory=set)
    drills_done: list[DrillOutcome] = field(default_factory=list)
    _answered: QuestionOutcome | None = None

    @property
    def current(self) -> PlannedQuestion | None:
        i = len(self.outcomes)
        return self.plan.questions[i] if i < len(self.plan.questions) else None

    @property
    def finished(self) -> bool:
        return self.current is None

    @property
    def pending_drill(self) -> tuple[str, int] | None:
        """The drill to ask now: the open answer was given and its drills are not all done."""
        q = self.current
        if q is None or self._answered is None:
            return None
        i = len(self.drills_done)
        return q.drills[i] if i < len(q.drills) else None

    def toggle(self, index: int) -> None:
        q = self._require()
        if not 0 <= index < len(q.question.rubric):
            raise IndexError(f"the rubric has {len(q.question.rubric)} points")
        self.ticked ^= {index}

    def coverage(self) -> Coverage:
        return coverage(self._require().question.rubric, self.ticked)

    def answer(self, seconds: float, notes: str = "") -> None:
        """Accept the ticked rubric for the current question; its drills come next."""
        self._settle(seconds, notes, skipped=False)

    def skip(self, seconds: float, notes: str = "") -> None:
        """Skip the current question and its drills (counted as nothing covered)."""
        self.ticked = set()
        self._settle(seconds, notes, skipped=True)
        if self._answered is not None:  # a question without drills is closed by _settle already
            self._close()

    def drill_done(self, outcome: DrillOutcome) -> None:
        if self.pending_drill is None:
            raise LookupError("no drill is pending")
        self.drills_done.append(outcome)
        if self.pending_drill is None:
            self._close()

    def _settle(self, seconds: float, notes: str, *, skipped: bool) -> None:
        q = self._require()
        if self._answered is not None:
            raise LookupError("this question is answered: its drills are pending")
        c = self.coverage()
        self._answered = QuestionOutcome(
            q.question.key,
            q.question.topic,
            float(c.share),
            int(c.grade),
            max(0.0, seconds),
            q.guide_seconds,
            tuple(p.text for p in c.missed),
            notes.strip(),
            skipped,
        )
        if not q.drills:
            self._close()

    def _close(self) -> None:
        answered = self._answered
        assert answered is not None
        done = tuple(self.drills_done) if not answered.skipped else ()
        self.outcomes.append(QuestionOutcome(**{**answered.__dict__, "drills": done}))
        self._answered, self.ticked, self.drills_done = None, set(), []

    def _require(self) -> PlannedQuestion:
        q = self.current
        if q is None:
            raise LookupError("the interview is over")
        return q
