"""The study day: a local calendar day that starts at a configurable hour (4:00, as in Anki)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta, tzinfo


@dataclass(frozen=True)
class StudyClock:
    """Turns UTC instants into study days. `tz=None` means the machine's local time zone."""

    day_start_hour: int = 4
    tz: tzinfo | None = None

    def __post_init__(self) -> None:
        if not 0 <= self.day_start_hour <= 23:
            raise ValueError(f"day start hour must be 0-23, got {self.day_start_hour}")

    def today(self, now: datetime) -> date:
        """Study day of the UTC instant `now`: a review at 1 a.m. counts for the previous day."""
        if now.tzinfo is None:
            raise ValueError("now must be timezone-aware")
        local = now.astimezone(self.tz) if self.tz is not None else now.astimezone()
        return (local - timedelta(hours=self.day_start_hour)).date()

    def next_day_start(self, now: datetime) -> datetime:
        """The UTC instant the study day after `now`'s begins (a learning step due at or after it
        is due on that day, not today)."""
        following = self.today(now) + timedelta(days=1)
        local = datetime(following.year, following.month, following.day, self.day_start_hour, tzinfo=self.tz)
        if self.tz is None:
            local = local.astimezone()  # the machine's zone at that wall-clock time
        return local.astimezone(UTC)


def utc_now() -> datetime:
    """The current instant, timezone-aware, in UTC."""
    return datetime.now(UTC)
