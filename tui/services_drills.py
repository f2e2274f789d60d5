"""Services' drill calls: generating, checking, grading and choosing drills."""

from __future__ import annotations

from collections.abc import Sequence

from drills.attempts import Attempt, Result, attempts, drill_key, record_attempt
from drills.drill import Drill
from drills.generator import check, generate, kinds, levels
from drills.loader import TemplateSet
from drills.session import Plan as DrillPlan
from drills.session import within_new_limit
from drills.timed import weak_kinds
from engine.answers import CheckResult, Verdict
from engine.app import ReviewSession, Study
from engine.store import repo
from engine.store.database import Store
from tui.config import AppConfig


class DrillCalls:
    """The drill calls of tui.services.Services (its fields, named here for the type checker)."""

    config: AppConfig
    store: Store
    study: Study
    templates: TemplateSet

    def drill(self, kind: str, seed: int) -> Drill:
        """Generate one drill; raises drills.generator.DrillError (a ValueError) with a one-line message."""
        return generate(kind, seed, templates=self.templates)

    def drill_kinds(self) -> tuple[list[tuple[str, str, str]], dict[str, str]]:
        """The drill kinds (id, title, topic) and each kind's level, from the loaded templates;
        raises DrillError (a ValueError) or OSError with a one-line message."""
        return kinds(self.templates), levels(self.templates)

    def warm_drill(self, kind: str) -> Drill:
        """Generate a drill of `kind` and check its own answer, so the modules a first answer needs
        are loaded (pydantic, pint: slow, call it off the UI thread); the drill, to warm its text."""
        drill = generate(kind, 0, templates=self.templates)
        check(drill, f"{drill.expected} {drill.unit}")
        return drill

    @staticmethod
    def check_drill(drill: Drill, text: str) -> CheckResult:
        """Read and check a typed answer to a drill (slow the first time: call it off the UI thread)."""
        return check(drill, text)

    def record_drill(self, attempt: Attempt) -> Result:
        """Grade, store and schedule one attempt in one transaction; its outcome.

        Raises engine.faults.AppError (nothing saved) when the store fails: the screen keeps the
        attempt (`attempt.judged()` is its outcome) and saves it again later."""
        return record_attempt(self.study, attempt)

    def answer_review_drill(
        self, session: ReviewSession, given: str, result: CheckResult | None, seconds: float
    ) -> Result:
        """Grade and store the due drill on show in a review (answered, or given up when `result`
        is None) and move the session on: the same call a drill session uses."""
        current = session.current()
        drill = None if current is None else current.prompt.subject
        if not isinstance(drill, Drill):
            raise LookupError("the review is not showing a drill")
        limit = float(self.config.settings.drill_seconds)
        attempt = Attempt(drill, given, result, seconds, limit, gave_up=result is None)
        return record_attempt(self.study, attempt, review=session)

    def within_new_drills(self, plan: DrillPlan) -> DrillPlan:
        """A mixed plan kept to today's new drill kinds (drills.session.within_new_limit); PlanError
        when none is left to draw."""
        tried = self.study.tried([drill_key(kind) for kind in plan.kinds])
        seen = {kind for kind in plan.kinds if drill_key(kind) in tried}
        return within_new_limit(plan, seen, self.study.new_drills_left())

    def drilled_any(self) -> bool:
        """Whether any drill attempt is stored (a fresh install has no weak kind to speak of)."""
        return next(iter(attempts(self.store)), None) is not None

    def weak_kinds(self, kinds: Sequence[str]) -> list[str]:
        """The kinds with the lowest recent accuracy or most overdue (see drills.timed.weak_kinds)."""
        history = [(a.kind, a.verdict is Verdict.CORRECT and not a.timed_out) for a in attempts(self.store)]
        today = self.study.today()
        states = repo.load_states(self.store, [drill_key(k) for k in kinds])
        overdue = {
            k: float((today - state.due).days)
            for k in kinds
            if (state := states.get(drill_key(k))) is not None and state.due is not None
        }
        return weak_kinds(history, overdue, kinds)
