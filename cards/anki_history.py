"""Anki's review log mapped onto flopcards' log, so scheduling continues where Anki left off.

Anki's buttons map to grades Again 1, Hard 3, Good 4, Easy 5 (README). Rows that are not answers
(manual reschedules, button 0) are skipped. The answers are replayed through SM-2 for the log, and
the card keeps the due day, interval and ease Anki had given it.
"""

from __future__ import annotations

from collections import defaultdict
from datetime import UTC, date, datetime, timedelta

from cards.anki_convert import Converted
from cards.anki_package import AnkiCard, AnkiCollection
from engine.replay import replay_sm2, with_schedule
from engine.store.history import ImportedHistory
from engine.studyday import StudyClock

GRADE_OF_EASE = {1: 1, 2: 3, 3: 4, 4: 5}
MANUAL = 4
REVIEW_TYPE, NEW_TYPE = 2, 0


def _due_day(card: AnkiCard, created: int, clock: StudyClock, now: datetime) -> date:
    if card.type == REVIEW_TYPE:
        # Review due days count from the collection's creation day; noon keeps clear of day starts.
        return clock.today(datetime.fromtimestamp(created, UTC) + timedelta(days=card.due, hours=12))
    if card.due > 10**9:  # learning cards: an epoch-seconds due time
        return clock.today(datetime.fromtimestamp(card.due, UTC))
    return clock.today(now)


def histories(
    collection: AnkiCollection, converted: Converted, clock: StudyClock, now: datetime
) -> list[ImportedHistory]:
    """One history per imported card that Anki had answered at least once."""
    answers: dict[int, list[tuple[datetime, int, float]]] = defaultdict(list)
    for review in collection.reviews:
        if review.kind == MANUAL or review.ease not in GRADE_OF_EASE:
            continue
        when = datetime.fromtimestamp(review.at_ms / 1000, UTC)
        answers[review.card_id].append((when, GRADE_OF_EASE[review.ease], max(0, review.millis) / 1000))
    out = []
    for card in collection.cards:
        key = converted.keys.get(card.id)
        if key is None or card.type == NEW_TYPE or not answers.get(card.id):
            continue
        state, records = replay_sm2(answers[card.id], clock)
        final = with_schedule(
            state,
            due=_due_day(card, collection.created, clock, now),
            interval_days=card.interval if card.interval > 0 else 1,
            ef_centi=card.factor // 10 if card.factor else None,
        )
        out.append(ImportedHistory(key, key.split("/", 1)[0], records, final))
    return out
