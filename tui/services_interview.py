"""Services' mock-interview calls: planning one, and storing and reading past ones."""

from __future__ import annotations

from cards.interview_pool import interview_pool
from cards.loader import Collection
from drills.generator import levels
from drills.loader import TemplateSet
from engine.app import Study
from engine.app.errors import store_command
from engine.interview import InterviewSession, Plan, Track, kinds_at, plan_interview
from engine.interview_log import interviews, record_interview
from engine.interview_report import InterviewRecord, seen_from
from engine.store.database import Store
from tui.config import AppConfig


class InterviewCalls:
    """The mock-interview calls of tui.services.Services (its fields, named here for the type checker)."""

    config: AppConfig
    store: Store
    collection: Collection
    study: Study
    templates: TemplateSet

    @store_command
    def plan_interview(
        self, track: Track, minutes: int, level: str = "any", *, seed: int | None = None
    ) -> Plan:
        """A mock interview's questions (asked least, then answered worst) and their drills; raises
        engine.interview.PlanError (one line). Validates the decks with rubrics: off the UI thread."""
        seen = seen_from(interviews(self.store))
        kinds = kinds_at(levels(self.templates), level)
        pool = interview_pool(self.collection)
        return plan_interview(pool, track, minutes, level=level, seen=seen, kinds=kinds, seed=seed)

    def interview_record(self, session: InterviewSession, seconds: float) -> InterviewRecord:
        """A finished (or ended) mock interview, stamped with now and today's study day."""
        plan = session.plan
        now = self.config.now()
        return InterviewRecord(
            now, self.study.today(), plan.track, plan.minutes, plan.level, seconds, tuple(session.outcomes)
        )

    @store_command
    def save_interview(self, record: InterviewRecord) -> tuple[InterviewRecord, ...]:
        """Store a mock interview and return the ones before it; no schedule changes (its misses are
        reviewed only if the user chooses to). Raises AppError when the store refuses."""
        earlier = interviews(self.store)
        record_interview(self.store, record)
        return earlier

    @store_command
    def interviews(self) -> tuple[InterviewRecord, ...]:
        """Past mock interviews, oldest first."""
        return interviews(self.store)
