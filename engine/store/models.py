"""Typed ORM tables: per-card scheduling state and the review log (one row per answer)."""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Any

import sqlalchemy as sa
import sqlalchemy.orm as so

from engine.store.rules import REPEATED_INDEX_WHERE


class UTCDateTime(sa.types.TypeDecorator[datetime]):
    """Stores aware datetimes as naive UTC (SQLite has no time zones) and gives them back aware."""

    impl = sa.DateTime
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: sa.Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("refusing to store a naive datetime; use UTC")
        return value.astimezone(UTC).replace(tzinfo=None)

    def process_result_value(self, value: datetime | None, dialect: sa.Dialect) -> datetime | None:
        return None if value is None else value.replace(tzinfo=UTC)


class Base(so.DeclarativeBase):
    """Declarative base of every flopcards table."""


class CardStateRow(Base):
    """SM-2 state of one card (or drill kind), keyed by its stable `deck-id/card-id`."""

    __tablename__ = "card_state"

    card_key: so.Mapped[str] = so.mapped_column(sa.String(200), primary_key=True)
    deck_id: so.Mapped[str] = so.mapped_column(sa.String(100))
    repetitions: so.Mapped[int]
    ef_centi: so.Mapped[int]
    interval_days: so.Mapped[int]
    due_day: so.Mapped[date | None] = so.mapped_column(index=True)
    last_review_at: so.Mapped[datetime | None] = so.mapped_column(UTCDateTime())
    last_day: so.Mapped[date | None]
    repeat_today: so.Mapped[bool] = so.mapped_column(default=False)
    fsrs: so.Mapped[dict[str, Any] | None] = so.mapped_column(sa.JSON(none_as_null=True), default=None)
    """FSRS memory kept beside the SM-2 fields (engine.fsrs_scheduler.FsrsState.to_dict())."""

    __table_args__ = (
        sa.Index("ix_card_state_deck_due", "deck_id", "due_day"),
        sa.Index(
            "ix_card_state_repeat_today",
            "last_day",
            sqlite_where=sa.text(REPEATED_INDEX_WHERE),
        ),
    )


class ReviewRow(Base):
    """One answer: when, which grade, how long it took, and the state before and after."""

    __tablename__ = "review_log"

    id: so.Mapped[int] = so.mapped_column(primary_key=True)
    card_key: so.Mapped[str] = so.mapped_column(sa.String(200), index=True)
    deck_id: so.Mapped[str] = so.mapped_column(sa.String(100))
    reviewed_at: so.Mapped[datetime] = so.mapped_column(UTCDateTime())
    study_day: so.Mapped[date] = so.mapped_column(index=True)
    grade: so.Mapped[int]
    seconds: so.Mapped[float] = so.mapped_column(sa.Float())
    same_day_repeat: so.Mapped[bool]
    was_new: so.Mapped[bool]
    state_before: so.Mapped[dict[str, Any]] = so.mapped_column(sa.JSON)
    state_after: so.Mapped[dict[str, Any]] = so.mapped_column(sa.JSON)


class DrillAttemptRow(Base):
    """One attempt at a generated drill: what was asked (kind, seed, params) and how it went."""

    __tablename__ = "drill_attempt"

    id: so.Mapped[int] = so.mapped_column(primary_key=True)
    kind: so.Mapped[str] = so.mapped_column(sa.String(100), index=True)
    seed: so.Mapped[int]
    params: so.Mapped[dict[str, Any]] = so.mapped_column(sa.JSON)
    given: so.Mapped[str] = so.mapped_column(sa.String(500))
    verdict: so.Mapped[str] = so.mapped_column(sa.String(20))
    expected: so.Mapped[float] = so.mapped_column(sa.Float())
    unit: so.Mapped[str] = so.mapped_column(sa.String(40))
    relative_error: so.Mapped[float | None] = so.mapped_column(sa.Float())
    seconds: so.Mapped[float] = so.mapped_column(sa.Float())
    timed_out: so.Mapped[bool]
    grade: so.Mapped[int]
    attempted_at: so.Mapped[datetime] = so.mapped_column(UTCDateTime())
    study_day: so.Mapped[date] = so.mapped_column(index=True)
    slip: so.Mapped[str | None] = so.mapped_column(sa.String(40))
    """The named slip that explains a wrong answer ('k-only', 'bits-bytes'), if one did."""
    gave_up: so.Mapped[bool] = so.mapped_column(server_default=sa.false(), default=False)
    hinted: so.Mapped[bool] = so.mapped_column(server_default=sa.false(), default=False)


class CardMarkRow(Base):
    """What the user decided about one card, apart from its schedule: suspended, buried until a
    study day, flagged, tagged leech; and its lapses (failures once in review)."""

    __tablename__ = "card_mark"

    card_key: so.Mapped[str] = so.mapped_column(sa.String(200), primary_key=True)
    deck_id: so.Mapped[str] = so.mapped_column(sa.String(100), index=True)
    suspended: so.Mapped[bool] = so.mapped_column(default=False)
    buried_until: so.Mapped[date | None]
    """Hidden from sessions and counts while the study day is before this one."""
    flagged: so.Mapped[bool] = so.mapped_column(default=False)
    leech: so.Mapped[bool] = so.mapped_column(default=False)
    lapses: so.Mapped[int] = so.mapped_column(default=0)


class UnseenMemoRow(Base):
    """A deck's kept walk for the new-card counts (engine.counting.Memo): when written, its key list
    had digest `keys_digest` and, of its first `walked` keys, exactly `unseen` had no card_state.

    Triggers of migration 0010 delete every row when a card_state row is deleted (or re-keyed): the
    one change that makes a key unseen again, so a row never claims a key is seen when it is not."""

    __tablename__ = "unseen_memo"

    deck_id: so.Mapped[str] = so.mapped_column(sa.String(100), primary_key=True)
    keys_digest: so.Mapped[str] = so.mapped_column(sa.String(64))
    walked: so.Mapped[int]
    unseen: so.Mapped[list[str]] = so.mapped_column(sa.JSON)


class MetaRow(Base):
    """Facts about the database itself; the ('application', 'flopcards') row marks a file as ours."""

    __tablename__ = "flopcards_meta"

    key: so.Mapped[str] = so.mapped_column(sa.String(50), primary_key=True)
    value: so.Mapped[str] = so.mapped_column(sa.String(200))


class StateChangeRow(Base):
    """A card_state row appeared (change 1), went (0) or changed due day (2) for `card_key`:
    written by the triggers of migration 0012, read by the search index from where it last stopped
    (None key: a TRUNCATE, everything changed). SQLite only: migration 0013 drops the triggers on a
    server, whose search index copies card_state instead; the table stays there, empty."""

    __tablename__ = "state_change"
    __table_args__ = {"sqlite_autoincrement": True}

    seq: so.Mapped[int] = so.mapped_column(primary_key=True, autoincrement=True)
    card_key: so.Mapped[str | None] = so.mapped_column(sa.String(200))
    change: so.Mapped[int] = so.mapped_column(sa.SmallInteger)
    due_day: so.Mapped[date | None]


APP_MARKER = ("application", "flopcards")
"""The row every flopcards database holds from revision 0003 on (refuses look-alike databases)."""
