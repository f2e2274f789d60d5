"""The statistics screen's and `flopcards stats`' figures: the model and the one query that fills it."""

from engine.stats import compute_stats
from engine.stats.model import Activity, Period, Retention, Stats

__all__ = ["Activity", "Period", "Retention", "Stats", "compute_stats"]
