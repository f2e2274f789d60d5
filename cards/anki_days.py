"""Anki's day count (rslib/src/scheduler/timing.rs): how many study days a collection has lived.

A review card's `due` is a day number in this count, so "due in N days" is `due - days_elapsed(now)`.
Three rules, as Anki picks them: with the collection's creation offset (every collection made since
Anki 2.1.14), the calendar date of the creation time in that offset; without one, the legacy v2 rule
(creation day's rollover hour in the current offset); a package with no rollover setting at all is read
with the same legacy rule, as Anki >= 23.10 reads it.
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

DAY_SECONDS = 86_400


def _in_offset(stamp: float, minutes_west: int) -> datetime:
    return datetime.fromtimestamp(stamp, timezone(timedelta(minutes=-minutes_west)))


def days_elapsed(created: int, created_west: int | None, rollover: int, local: datetime) -> int:
    """Anki's `days_elapsed` for a collection created at `created` (epoch s), at the instant `local`
    given in the importing machine's zone (Anki counts "now" in the local offset)."""
    offset = local.utcoffset()
    now_west = -int(offset.total_seconds() // 60) if offset is not None else 0
    if created_west is None:  # sched_timing_today_v2_legacy
        crt_day = _in_offset(created, now_west).replace(hour=rollover, minute=0, second=0, microsecond=0)
        return max(0, int((local.timestamp() - crt_day.timestamp()) // DAY_SECONDS))
    created_date = _in_offset(created, created_west).date()
    days = (local.date() - created_date).days
    if local.hour < rollover:  # today does not count before the rollover hour
        days -= 1
    return max(0, days)
