"""FSRS memory states as Anki's own scheduler computes them (the `anki` wheel's rslib, from a card's
review log), on generated histories answered at random hours: elapsed time in study days, same-day
reviews, the day start honoured. And the golden case of issue 25: Good at 20:00 and 20:10, then
36 hours later, gives stability 10.97 (py-fsrs alone, counting 24-hour periods: 7.32)."""

from __future__ import annotations

import itertools
import random
import time
from datetime import UTC, datetime, timedelta

from anki.collection import Collection

from engine.app import Grade
from engine.app.scheduler import FsrsScheduler, Moment
from engine.fsrs_scheduler import LEARNING, RELEARNING, REVIEW
from engine.sm2 import CardState
from engine.studyday import StudyClock

GRADE_OF_EASE = {1: Grade.NOT_AT_ALL, 2: Grade.WITH_EFFORT, 3: Grade.WELL, 4: Grade.PERFECTLY}
REVLOG_TYPE = {LEARNING: 0, REVIEW: 1, RELEARNING: 2}
TOLERANCE = 0.001
"""Relative: 0.1%."""
CLOCK = StudyClock(day_start_hour=4)  # the machine's zone, as Anki's rollover (4) reads it
UNIQUE = itertools.count()
ANCHOR = datetime(2024, 1, 1, tzinfo=UTC)
"""Histories start here (in the past, as Anki's review log must be), so the same ones every run."""


def moment(when: datetime) -> Moment:
    return Moment(when, CLOCK.today(when), CLOCK.next_day_start(when))


def test_good_twice_then_36_hours_later_as_anki(anki_col: Collection) -> None:
    anki_col.set_config("fsrs", True)
    start = datetime.fromtimestamp(int(time.time()) - 10 * 86400, UTC).replace(hour=20, minute=0)
    history = [(start, 3), (start + timedelta(minutes=10), 3), (start + timedelta(minutes=10, hours=36), 3)]
    ours, theirs = replay_both(anki_col, history)
    assert abs(ours[-1][0] - theirs[-1][0]) / theirs[-1][0] < TOLERANCE
    assert round(ours[-1][0], 2) == 10.97


def replay_both(
    col: Collection, history: list[tuple[datetime, int]]
) -> tuple[list[tuple[float, float]], ...]:
    """(stability, difficulty) after each answer: ours through the scheduler, Anki's from a card
    holding that prefix of the review log."""
    scheduler, state = FsrsScheduler(), CardState()
    ours: list[tuple[float, float]] = []
    theirs: list[tuple[float, float]] = []
    types: list[int] = []
    for n, (when, ease) in enumerate(history, start=1):
        types.append(REVLOG_TYPE[state.fsrs.phase] if state.fsrs is not None else 0)
        state, _ = scheduler.review(state, GRADE_OF_EASE[ease], moment(when))
        assert (
            state.fsrs is not None and state.fsrs.stability is not None and state.fsrs.difficulty is not None
        )
        ours.append((state.fsrs.stability, state.fsrs.difficulty))
        note = col.new_note(col.models.by_name("Basic"))  # type: ignore[arg-type]
        note["Front"] = f"{id(history)}-{n}"
        col.add_note(note, 1)  # type: ignore[arg-type]
        card_id = note.cards()[0].id
        for (at, rating), kind in zip(history[:n], types, strict=True):
            col.db.execute(
                "insert into revlog (id, cid, usn, ease, ivl, lastIvl, factor, time, type)"
                " values (?, ?, 0, ?, 0, 0, 0, 5000, ?)",
                int(at.timestamp()) * 1000 + next(UNIQUE) % 1000,  # unique ids: a spare millisecond
                card_id,
                rating,
                kind,
            )
        computed = col.compute_memory_state(card_id)
        col.db.execute("delete from revlog where cid = ?", card_id)  # ids stay unique
        theirs.append((computed.stability, computed.difficulty))  # type: ignore[arg-type]
    return ours, theirs


def histories(rng: random.Random, count: int) -> list[list[tuple[datetime, int]]]:
    """Answers at random hours: same-day repeats, next-morning reviews, gaps up to two months."""
    out = []
    for _ in range(count):
        when = ANCHOR + timedelta(seconds=rng.randrange(86400))
        history = []
        for _ in range(rng.randint(3, 12)):
            history.append(
                (when.replace(microsecond=0), rng.choices([1, 2, 3, 4], [0.15, 0.15, 0.55, 0.15])[0])
            )
            gap = rng.choice([rng.uniform(0, 0.05), rng.uniform(0.3, 1.6), rng.uniform(1, 60)])
            when += timedelta(days=gap)
        out.append(history)
    return out


def test_memory_states_equal_ankis_on_5000_answers_at_random_hours(anki_col: Collection) -> None:
    anki_col.set_config("fsrs", True)
    compared, worst = 0, (0.0, 0.0)
    for history in histories(random.Random(25), 700):
        ours, theirs = replay_both(anki_col, history)
        for (s, d), (anki_s, anki_d) in zip(ours, theirs, strict=True):
            ds, dd = abs(s - anki_s) / anki_s, abs(d - anki_d) / anki_d
            worst = (max(worst[0], ds), max(worst[1], dd))
            assert ds < TOLERANCE and dd < TOLERANCE, "\n".join(map(str, [*history, ours, theirs]))
            compared += 1
    assert compared >= 5000
    print(
        f"\n{compared} states; worst relative difference: stability {worst[0]:.2e}, difficulty {worst[1]:.2e}"
    )
