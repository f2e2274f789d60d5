"""Study statistics (Anki's Stats screen, Zetamac's score history) computed with SQL aggregates."""

from __future__ import annotations

from collections.abc import Collection
from datetime import date

from engine.stats import reviews
from engine.stats.cards import card_figures, future_due
from engine.stats.drills import drill_figures
from engine.stats.exams import exam_history
from engine.stats.fsrs import fsrs_figures
from engine.stats.interviews import interview_history
from engine.stats.model import FutureDue, Period, Stats
from engine.store.database import Store

__all__ = ["FUTURE_DAYS", "Period", "Stats", "compute_stats"]

FUTURE_DAYS = 90


def compute_stats(
    store: Store,
    today: date,
    *,
    deck_id: str | None = None,
    period: Period = Period.MONTH,
    total_cards: int | None = None,
    future_days: int = FUTURE_DAYS,
    drill_decks: Collection[str] = (),
) -> Stats:
    """Every figure for one deck (None: all) and period, in one read transaction.

    Only aggregates cross from the database: one row per study day, per due day, per interval and
    per E-Factor value, per drill kind and day. `total_cards` (from the loaded decks) gives the new count; for
    all decks it counts cards only, so the states of `drill_decks` (drill kinds) are left out.
    """
    start = reviews.period_start(today, period)
    heatmap_start = reviews.period_start(today, Period.YEAR)
    since = None if start is None or heatmap_start is None else min(start, heatmap_start)
    with store.engine.connect() as conn, conn.begin():
        rows = reviews.day_rows(conn, since, deck_id)
        per_day, overdue = future_due(conn, today, future_days, deck_id)
        cards = card_figures(conn, deck_id, total_cards, drill_decks)
        drills = drill_figures(conn, start)
        exams = exam_history(conn, deck_id)
        interviews = interview_history(conn)
        fsrs = fsrs_figures(conn, deck_id, today)
    period_rows = reviews.in_period(rows, today, period)
    return Stats(
        today=today,
        deck_id=deck_id,
        period=period,
        activity=reviews.activity(rows, today),
        future=FutureDue(per_day, overdue, cards.daily_load),
        retention=reviews.retention(rows, today),
        grades=reviews.grades(period_rows),
        review_time=reviews.review_time(period_rows),
        intervals=cards.intervals,
        ease=cards.ease,
        counts=cards.counts,
        drills=drills,
        exams=exams,
        interviews=interviews,
        fsrs=fsrs,
    )
