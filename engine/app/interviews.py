"""Mock interviews for the screens and the CLI: the plan, the session, the stored records."""

from engine.interview import LENGTHS, LEVELS, DrillOutcome, InterviewSession, Plan, PlanError, Track
from engine.interview_report import InterviewRecord, compared

__all__ = [
    "LENGTHS",
    "LEVELS",
    "DrillOutcome",
    "InterviewRecord",
    "InterviewSession",
    "Plan",
    "PlanError",
    "Track",
    "compared",
]
