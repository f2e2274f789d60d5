"""Anki's review log and card states mapped onto flopcards', so scheduling continues where Anki left off.

Anki's buttons map to grades Again 1, Hard 3, Good 4, Easy 5 (README). Rows that are not answers
(manual reschedules, button 0) are skipped. The answers are replayed through SM-2 for the log, and
the card keeps what Anki shows for it: the due day (Anki's day count, cards/anki_days.py; a learning
card's due time), interval, ease, lapses, and whether it is suspended, buried or flagged. A card in a
filtered deck comes home with its original due (read so by cards/anki_tables.py). Every imported card
gets a history, a new unmarked one too, so a card unsuspended in Anki is unsuspended here when the
package is imported again (engine/store/history.py decides what is newer).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import replace
from datetime import UTC, date, datetime, timedelta

from cards.anki_convert import Converted
from cards.anki_days import days_elapsed
from cards.anki_package import AnkiCard, AnkiCollection
from engine.replay import replay_sm2, with_schedule
from engine.store.values import ImportedHistory, Mark
from engine.studyday import StudyClock
from engine.yamlpos import quiet_gc

GRADE_OF_EASE = {1: 1, 2: 3, 3: 4, 4: 5}
MANUAL = 4
NEW_TYPE, REVIEW_TYPE = 0, 2
SUSPENDED, BURIED = -1, (-2, -3)
EPOCH_DUE = 1_000_000_000
"""A learning card's due above this is a time (epoch seconds); below, a day number."""
REVIEW_REPETITIONS = 2
"""A review card's SM-2 repetitions at least this, so its next interval grows from Anki's."""


def anki_today(collection: AnkiCollection, clock: StudyClock, now: datetime) -> int:
    """Anki's day number for `now` in the importing machine's zone."""
    local = now.astimezone(clock.tz) if clock.tz is not None else now.astimezone()
    return days_elapsed(collection.created, collection.created_west, collection.rollover, local)


def due_day(card: AnkiCard, today: date, anki_day: int, clock: StudyClock) -> date:
    """The study day a card is due on, as many days from today as Anki shows."""
    if card.due > EPOCH_DUE:
        return clock.today(datetime.fromtimestamp(card.due, UTC))
    return today + timedelta(days=card.due - anki_day)


def mark_of(card: AnkiCard, today: date) -> Mark:
    return Mark(
        suspended=card.queue == SUSPENDED,
        buried_until=today + timedelta(days=1) if card.queue in BURIED else None,
        flagged=bool(card.flags & 7),
        lapses=max(0, card.lapses),
    )


def histories(
    collection: AnkiCollection, converted: Converted, clock: StudyClock, now: datetime
) -> list[ImportedHistory]:
    """One history per imported card: its answers, schedule (None while new) and marks."""
    with quiet_gc():  # objects by the card, no cycles
        return _histories(collection, converted, clock, now)


def _histories(
    collection: AnkiCollection, converted: Converted, clock: StudyClock, now: datetime
) -> list[ImportedHistory]:
    answers: dict[int, list[tuple[datetime, int, float]]] = defaultdict(list)
    for review in collection.reviews:
        if review.kind == MANUAL or review.ease not in GRADE_OF_EASE:
            continue
        when = datetime.fromtimestamp(review.at_ms / 1000, UTC)
        answers[review.card_id].append((when, GRADE_OF_EASE[review.ease], max(0, review.millis) / 1000))
    today, anki_day = clock.today(now), anki_today(collection, clock, now)
    out = []
    for card in collection.cards:
        key = converted.keys.get(card.id)
        if key is None:
            continue
        mark, changed = mark_of(card, today), datetime.fromtimestamp(max(0, card.modified), UTC)
        if card.type == NEW_TYPE:
            out.append(ImportedHistory(key, key.split("/", 1)[0], [], None, mark, changed))
            continue
        state, records = replay_sm2(answers.get(card.id, []), clock)
        if card.type == REVIEW_TYPE:
            state = replace(state, repetitions=max(state.repetitions, REVIEW_REPETITIONS))
        final = with_schedule(
            state,
            due=due_day(card, today, anki_day, clock),
            interval_days=card.interval if card.interval > 0 else 1,
            ef_centi=card.factor // 10 if card.factor else None,
        )
        out.append(ImportedHistory(key, key.split("/", 1)[0], records, final, mark, changed))
    return out
