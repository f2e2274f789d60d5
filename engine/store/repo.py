"""Reads and writes of scheduling state; each answer is one transaction. ORM rows stay in here."""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass
from datetime import date

import sqlalchemy as sa
import sqlalchemy.orm as so

from engine import sm2
from engine.counting import DayTotals
from engine.sm2 import CardState, ReviewRecord
from engine.store import answer_rows, prepared, rules
from engine.store.attempts import StoredAttempt, delete_attempt
from engine.store.database import Store
from engine.store.marks import MarkChange, restore_mark
from engine.store.models import CardStateRow, ReviewRow
from engine.store.preflight import StoreError
from engine.store.rule_clauses import runner
from engine.store.unseen import memos as memos
from engine.store.unseen import note_unseen as note_unseen
from engine.store.unseen import unseen as unseen
from engine.store.values import Mark
from engine.store.writes import locked_row, run_write, run_write_core

SQL_BATCH = 500
"""Keys per IN (...) list: well under every database's limit on bound parameters."""


@dataclass(frozen=True)
class LoggedReview:
    """A review-log row as plain data."""

    id: int
    card_key: str
    grade: int
    seconds: float
    record: ReviewRecord


def _to_state(row: CardStateRow) -> CardState:
    """The row as a state, its interval and due day clamped to the ceiling (an older database)."""
    return answer_rows.to_state(row)


def _write_state(row: CardStateRow, state: CardState) -> None:
    for name, value in answer_rows.state_values(state).items():
        setattr(row, name, value)


def load_state(store: Store, card_key: str) -> CardState:
    """The card's state, or a new card's state when it was never reviewed."""
    with store.engine.connect() as conn:  # Core: a card shown reads its state (ORM: 4x the time)
        return answer_rows.read_state(conn, card_key)


def load_shown(store: Store, card_key: str) -> tuple[CardState, Mark]:
    """What showing a card reads, in one statement (its own read transaction): its state and its mark."""
    if prepared.on_driver(store.engine.dialect):
        row = prepared.first_alone(store.engine, answer_rows.READ_SHOWN, {"key": card_key})
        return answer_rows.shown_of(row)
    with store.single_statement.connect() as conn:
        return answer_rows.read_shown(conn, card_key)


def load_states(store: Store, card_keys: Iterable[str]) -> dict[str, CardState]:
    """States of the given cards that have been reviewed at least once."""
    keys = list(card_keys)
    out: dict[str, CardState] = {}
    with store.reading() as session:
        for start in range(0, len(keys), SQL_BATCH):
            chunk = keys[start : start + SQL_BATCH]
            rows = session.scalars(sa.select(CardStateRow).where(CardStateRow.card_key.in_(chunk)))
            out.update((row.card_key, _to_state(row)) for row in rows)
    return out


def write_answer(
    session: so.Session,
    *,
    card_key: str,
    deck_id: str,
    record: ReviewRecord,
    seconds: float,
    max_interval: int = sm2.MAX_INTERVAL_DAYS,
    row: CardStateRow | None = None,
) -> ReviewRow:
    """Stage the new state and its log row in an open transaction (upsert, row locked; `row`: the
    card's state row this transaction already locked, not looked up again).

    If another client answered the card since `record.before` was read, the grade is applied to the
    state as it is now: two devices answering the same card give the result of answering in turn
    (no interval past `max_interval` days, the user's ceiling).
    """
    if row is None:
        row, _ = locked_row(session, card_key, deck_id)
    current = _to_state(row)
    if current != record.before:
        _, record = sm2.review(
            current, record.grade, now=record.reviewed_at, today=record.study_day, max_interval=max_interval
        )
    _write_state(row, record.after)
    log = ReviewRow(**answer_rows.log_values(card_key, deck_id, record, seconds))
    session.add(log)
    return log


def save_answer(
    store: Store,
    *,
    card_key: str,
    deck_id: str,
    record: ReviewRecord,
    seconds: float,
    max_interval: int = sm2.MAX_INTERVAL_DAYS,
) -> int:
    """Commit the new state and its log row together (retried on conflict); returns the log row id.
    A grade re-applied to a state changed since (another device) keeps to `max_interval` days."""

    def work(session: so.Session) -> int:
        log = write_answer(
            session,
            card_key=card_key,
            deck_id=deck_id,
            record=record,
            seconds=seconds,
            max_interval=max_interval,
        )
        session.flush()
        return log.id

    return run_write(store, work)


@dataclass(frozen=True)
class Applied:
    """What one committed answer wrote."""

    log_id: int
    record: ReviewRecord
    attempt_id: int | None = None
    mark: MarkChange | None = None
    """The lapse it counted (and the leech it made), if it was one."""


def apply_answer(
    store: Store,
    *,
    card_key: str,
    deck_id: str,
    schedule: Callable[[CardState], tuple[CardState, ReviewRecord]],
    seconds: float,
    attempt: StoredAttempt | None = None,
    leech_at: int | None = None,
) -> Applied:
    """Lock the item's state row, schedule from it and write the result (and the attempt) in ONE
    transaction, redone from a fresh read when another client held or changed the row.

    With `leech_at`, a lapse is counted in the same transaction (and at that many the card is
    tagged leech and suspended)."""

    def work(conn: sa.Connection) -> Applied:
        written = answer_rows.write_answer(conn, card_key, deck_id, schedule, seconds, attempt, leech_at)
        mark = None if written.mark is None else MarkChange(card_key, deck_id, *written.mark)
        return Applied(written.log_id, written.record, written.attempt_id, mark)

    return run_write_core(store, work)


def undo_answer(
    store: Store, log_id: int, mark: MarkChange | None = None, attempt_id: int | None = None
) -> str | None:
    """Delete the log row and the drill attempt it stored and restore the state (and the mark) it
    changed, in one transaction; returns the card key. Refused (StoreError, nothing changed) when the
    card was answered again since, e.g. on another device: that would silently drop the later answer."""

    def work(session: so.Session) -> str | None:
        log = session.get(ReviewRow, log_id)
        if log is None:
            return None
        before = CardState.from_dict(log.state_before)
        row, _ = locked_row(session, log.card_key, log.deck_id)
        if _to_state(row) != CardState.from_dict(log.state_after):
            raise StoreError(f"{log.card_key} was answered again since (another device?); that grade stays")
        if before.is_new and before.last_review is None:
            session.delete(row)
        else:
            _write_state(row, before)
        session.delete(log)
        delete_attempt(session, attempt_id)
        if mark is not None:
            restore_mark(session, mark)
        return log.card_key

    return run_write(store, work)


def due_keys(
    store: Store, today: date, *, deck_ids: Iterable[str] | None = None, limit: int | None = None
) -> list[str]:
    """Cards due on `today` (engine.store.rules.DUE: scheduled on or before it, or failed earlier
    today), oldest first; with `limit`, at most that many scheduled cards are read."""
    with store.engine.connect() as conn:
        return rules.due_keys(runner(conn), today, None if deck_ids is None else list(deck_ids), limit)


def seen_keys(store: Store, deck_ids: Iterable[str] | None = None) -> set[str]:
    """Keys of every card (of these decks) that has a state (reviewed at least once)."""
    query = sa.select(CardStateRow.card_key)
    if deck_ids is not None:
        query = query.where(CardStateRow.deck_id.in_(list(deck_ids)))
    with store.engine.connect() as conn:
        return set(conn.execute(query).scalars())


def day_totals(store: Store, day: date, drill_decks: Collection[str] = ()) -> DayTotals:
    """Counts of what was answered on one study day, the cards apart from the drill kinds (the
    items of `drill_decks`)."""
    with store.engine.connect() as conn:
        return rules.day_totals(runner(conn), day, drill_decks)


def review_log(store: Store, card_key: str | None = None, *, since_id: int = 0) -> list[LoggedReview]:
    """The review log (optionally of one card; only rows after `since_id`), oldest first."""
    query = sa.select(ReviewRow).where(ReviewRow.id > since_id).order_by(ReviewRow.id)
    if card_key is not None:
        query = query.where(ReviewRow.card_key == card_key)
    with store.reading() as session:
        return [
            LoggedReview(
                row.id,
                row.card_key,
                row.grade,
                row.seconds,
                ReviewRecord(
                    grade=row.grade,
                    reviewed_at=row.reviewed_at,
                    study_day=row.study_day,
                    before=CardState.from_dict(row.state_before),
                    after=CardState.from_dict(row.state_after),
                    same_day_repeat=row.same_day_repeat,
                ),
            )
            for row in session.scalars(query)
        ]


def upcoming_keys(
    store: Store, today: date, *, deck_ids: Iterable[str] | None = None, limit: int = 500
) -> list[str]:
    """Cards not yet due, soonest first: the queue for studying ahead."""
    query = (
        sa.select(CardStateRow.card_key)
        .where(CardStateRow.due_day > today)
        .order_by(CardStateRow.due_day, CardStateRow.card_key)
        .limit(limit)
    )
    if deck_ids is not None:
        query = query.where(CardStateRow.deck_id.in_(list(deck_ids)))
    with store.engine.connect() as conn:
        return list(conn.execute(query).scalars())


def set_state(row: CardStateRow, state: CardState) -> None:
    """Write a state into a card's row (imports set states that were not produced by an answer here)."""
    _write_state(row, state)
