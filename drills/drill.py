"""What a generated drill is: frozen Drill and Param records (no heavy imports)."""

from __future__ import annotations

from dataclasses import dataclass

from drills.render import format_value
from engine.counts import Count
from engine.solution import Step

Value = int | float | str


@dataclass(frozen=True)
class Param:
    """One given of the question: name, value ('Llama-3-8B', 8192, 0.45), unit ('' if none) and the
    template's label for it ('compute budget'; '' to show the name)."""

    name: str
    value: Value
    unit: str
    label: str = ""

    @property
    def display(self) -> str:
        text = format_value(self.value)
        if self.unit in ("%", "x"):
            return f"{text}{self.unit}"
        return f"{text} {self.unit}" if self.unit else text


@dataclass(frozen=True)
class Drill:
    """A generated question with its expected answer and worked solution."""

    kind: str
    seed: int
    title: str
    topic: str
    prompt: str
    params: tuple[Param, ...]
    expected: float
    unit: str
    tolerance: float
    conventions: tuple[str, ...]
    steps: tuple[Step, ...]
    level: str = "interview"
    hint: str = ""
    """The shape of the formula, for a user who asks (costs a grade step)."""
    integer: bool = False
    """Only the exact whole number is correct (counts, 'smallest n')."""
    close: float | None = None
    """Relative band graded 'close' (None: the checker's default)."""
    measured: tuple[str, ...] = ()
    """Real measurements matching this set-up, shown with the worked solution."""
    slips: tuple[tuple[str, float | None], ...] = ()
    """Slips a wrong answer is checked against: (name, given ÷ expected; None: the usual ratio)."""
    multiple_of: float | None = None
    """An integer answer is feasible only as a whole multiple of this (GPUs: TP x PP)."""
    sig_figs: int | None = None
    """Graded by significant figures instead of the tolerance."""
    taught: tuple[str, ...] = ()
    """Params the question asks the learner to know: not shown with the question."""
    unused: tuple[str, ...] = ()
    """Params only the template's constraints use: not listed under 'Given:'."""
    count: Count | None = None
    """What a count answer counts (its noun, the question's scale, conversions the question gives)."""

    def value(self, name: str) -> Value:
        """The value of a param by name (KeyError if absent)."""
        for p in self.params:
            if p.name == name:
                return p.value
        raise KeyError(name)
