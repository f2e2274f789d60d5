"""A cold exam over a deck, UI-free: fronts only, marked right or wrong, scored per section.

Sections are the deck's own self-grading bands when its description states them ("Can't answer
1–15? …", positions in the deck, 1-based), else one section per card tag. An exam never touches
SM-2 state: the result is stored on its own (engine.exam_log); studying the misses is a separate step.
"""

from __future__ import annotations

import random
import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime

from cards.answering import check_card_answer
from cards.schema import Card, Deck
from engine.answers import CheckResult, Verdict
from engine.cardtext import shown_markdown
from engine.exam_log import ExamRecord, SectionScore
from engine.grades import Grade
from engine.rubric import Coverage, RubricPoint, coverage

MAX_QUESTIONS = 1000
RIGHT_FROM = Grade.WELL
"""An open question whose rubric coverage proposes this grade or more is marked right."""
_BAND = re.compile(r"answer\s+(\d+)\s*[–-]\s*(\d+)\?\s*(.+)", re.I)
_AIM = re.compile(r"aim for\s+(\d+)\+\s*/\s*(\d+)", re.I)


class ExamError(ValueError):
    """An exam that cannot be set (empty deck, bad number of questions)."""


@dataclass(frozen=True)
class Band:
    """A section: deck positions first..last (1-based, inclusive), and what the deck says about it."""

    label: str
    first: int
    last: int
    verdict: str = ""
    """The deck's own words for failing this band."""


def _bullets(text: str) -> list[str]:
    """Markdown bullet items of `text`, continuation lines joined."""
    items: list[str] = []
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith(("- ", "* ")):
            items.append(stripped[2:])
        elif items and stripped and line.startswith((" ", "\t")):
            items[-1] += " " + stripped
        elif not stripped and items:
            items.append("")
    return [i for i in items if i]


def deck_bands(deck: Deck) -> tuple[Band, ...]:
    """The self-grading bands stated in the deck's description (none: sections are the cards' tags)."""
    bands = []
    for item in _bullets(deck.description):
        m = _BAND.search(item)
        if m:
            first, last = int(m.group(1)), int(m.group(2))
            if 1 <= first <= last <= len(deck.cards):
                bands.append(Band(f"q{first}–{last}", first, last, m.group(3).strip()))
    return tuple(bands)


def aim(deck: Deck) -> tuple[int, int] | None:
    """The score the deck tells you to aim for ('Aim for 40+/60'), if it says so."""
    m = _AIM.search(deck.description)
    return (int(m.group(1)), int(m.group(2))) if m else None


@dataclass(frozen=True)
class Question:
    card: Card
    position: int
    """1-based position of the card in its deck (what the bands refer to)."""

    @property
    def front(self) -> str:
        """The front as shown (math as Unicode)."""
        return shown_markdown(self.card.front)

    @property
    def back(self) -> str:
        """The back as shown (math as Unicode)."""
        return shown_markdown(self.card.back)


@dataclass(frozen=True)
class ExamResult:
    right: int
    asked: int
    seconds: float
    sections: tuple[SectionScore, ...]
    missed: tuple[Question, ...]


@dataclass
class ExamSession:
    """One sitting. Build it with `ExamSession.start`; the screen reports each mark with its seconds."""

    deck: Deck
    questions: tuple[Question, ...]
    marks: list[bool] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)
    checks: dict[int, CheckResult] = field(default_factory=dict)
    """Engine verdicts of typed answers, by question index."""
    covered: dict[int, Coverage] = field(default_factory=dict)
    """Rubric coverage of open questions, by question index (a grade of 4 or more is right)."""

    @classmethod
    def start(
        cls, deck: Deck, *, n: int | None = None, shuffle: bool = False, seed: int | None = None
    ) -> ExamSession:
        if not deck.cards:
            raise ExamError(f"deck '{deck.id}' has no cards")
        if n is not None and not 1 <= n <= MAX_QUESTIONS:
            raise ExamError(f"the number of questions must be 1-{MAX_QUESTIONS}")
        questions = [Question(card, i + 1) for i, card in enumerate(deck.cards)]
        rng = random.Random(seed)
        if n is not None and n < len(questions):
            questions = sorted(rng.sample(questions, n), key=lambda q: q.position)
        if shuffle:
            rng.shuffle(questions)
        return cls(deck, tuple(questions))

    @property
    def index(self) -> int:
        return len(self.marks)

    @property
    def current(self) -> Question | None:
        return self.questions[self.index] if self.index < len(self.questions) else None

    @property
    def finished(self) -> bool:
        return self.current is None

    @property
    def answerable(self) -> bool:
        """Whether the current question takes a typed answer the engine can check."""
        return self.current is not None and self.current.card.answer is not None

    def check(self, text: str) -> CheckResult:
        """Check a typed answer to the current question (an unreadable one may be typed again)."""
        question = self._require()
        result = check_card_answer(question.card, text)
        if result.verdict is not Verdict.UNREADABLE:
            self.checks[self.index] = result
        return result

    def cover(self, ticked: Collection[int]) -> Coverage | None:
        """Score the ticked rubric points of the current question (None: it has no rubric)."""
        card = self._require().card
        if not card.rubric:
            return None
        points = [RubricPoint(p.point, p.weight, p.essential) for p in card.rubric]
        self.covered[self.index] = result = coverage(points, ticked)
        return result

    def suggested(self) -> bool | None:
        """The mark the engine's verdict (or the rubric's coverage) suggests for the current question
        (None: nothing typed or ticked)."""
        covered = self.covered.get(self.index)
        if covered is not None:
            return covered.grade >= RIGHT_FROM
        result = self.checks.get(self.index)
        return None if result is None else result.verdict is Verdict.CORRECT

    def mark(self, right: bool, seconds: float) -> None:
        self._require()
        self.marks.append(right)
        self.seconds.append(max(0.0, seconds))

    def result(self) -> ExamResult:
        asked = self.questions[: self.index]
        sections = section_scores(self.deck, asked, self.marks)
        missed = tuple(q for q, ok in zip(asked, self.marks, strict=True) if not ok)
        return ExamResult(sum(self.marks), len(asked), sum(self.seconds), sections, missed)

    def record(self, taken_at: datetime, study_day: date) -> ExamRecord:
        r = self.result()
        missed = tuple(q.card.id for q in r.missed)
        return ExamRecord(self.deck.id, taken_at, study_day, r.asked, r.right, r.seconds, missed, r.sections)

    def _require(self) -> Question:
        question = self.current
        if question is None:
            raise LookupError("the exam is over")
        return question


def section_scores(deck: Deck, asked: Sequence[Question], marks: Sequence[bool]) -> tuple[SectionScore, ...]:
    """Right/asked per band (or per tag when the deck states no bands), in deck order."""
    bands = deck_bands(deck)
    scores: dict[str, list[int]] = {}
    order: list[str] = [b.label for b in bands]
    for question, ok in zip(asked, marks, strict=True):
        if bands:
            labels = [b.label for b in bands if b.first <= question.position <= b.last] or ["other"]
        else:
            labels = question.card.tags[:1] or ["untagged"]
        for label in labels:
            if label not in order:
                order.append(label)
            acc = scores.setdefault(label, [0, 0])
            acc[0] += int(ok)
            acc[1] += 1
    return tuple(SectionScore(label, *scores[label]) for label in order if label in scores)
