"""A grade re-applied to a state another device changed keeps to the user's ceiling, not Anki's."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

from engine import sm2
from engine.sm2 import CardState, ReviewRecord
from engine.store import repo
from engine.store.database import Store

CEILING = 100
DAY = date(2026, 3, 2)
NOW = datetime(2026, 3, 2, 12, tzinfo=UTC)


def test_a_reapplied_grade_keeps_to_the_users_max_interval(store: Store) -> None:
    # this device read the card new; another device meanwhile stored it with a 90-day interval
    _, stale = sm2.review(CardState(), 5, now=NOW, today=DAY, max_interval=CEILING)
    earlier, then = DAY - timedelta(days=90), NOW - timedelta(days=90)
    other = CardState(
        repetitions=3, ef_centi=250, interval_days=90, due=DAY, last_review=then, last_day=earlier
    )
    theirs = ReviewRecord(5, then, earlier, CardState(), other, same_day_repeat=False)
    repo.save_answer(store, card_key="d/a", deck_id="d", record=theirs, seconds=1.0)
    assert repo.load_state(store, "d/a") == other

    repo.save_answer(store, card_key="d/a", deck_id="d", record=stale, seconds=1.0, max_interval=CEILING)

    after = repo.load_state(store, "d/a")
    assert after.interval_days == CEILING  # 90 * 2.5 = 225 under the default ceiling
    assert after.due == DAY + timedelta(days=CEILING)
    assert repo.review_log(store, "d/a")[-1].record.after == after
