"""FSRS golden tests: the wrapper gives py-fsrs's own unfuzzed output for fixed answers and instants."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from fsrs import Card, Rating, Scheduler

from engine import fsrs_scheduler as fs

START = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)
SEQUENCES = [
    [4, 4, 4, 4, 4],
    [5, 5, 5],
    [1, 4, 4, 1, 4, 4],
    [3, 3, 4, 5, 2, 4],
    [0, 0, 0, 4],
]


def _reference(grades: list[int]) -> list[datetime]:
    """py-fsrs alone, answering each card exactly when it falls due."""
    scheduler = Scheduler(enable_fuzzing=False)
    card = Card(card_id=1, due=START)
    now = START
    dues = []
    for grade in grades:
        rating = {0: Rating.Again, 1: Rating.Again, 2: Rating.Again, 3: Rating.Hard}.get(
            grade, Rating.Good if grade == 4 else Rating.Easy
        )
        card, _ = scheduler.review_card(card, rating, now)
        dues.append(card.due)
        now = card.due
    return dues


@pytest.mark.parametrize("grades", SEQUENCES, ids=["-".join(map(str, s)) for s in SEQUENCES])
def test_due_times_equal_py_fsrs_unfuzzed(grades: list[int]) -> None:
    state = fs.FsrsState()
    now = START
    dues = []
    for grade in grades:
        state, record = fs.review(state, grade, now=now)
        assert record.before != record.after
        assert state.due_at is not None
        dues.append(state.due_at)
        now = state.due_at
    assert dues == _reference(grades)


def test_known_first_intervals_of_fsrs6_defaults() -> None:
    """A new card graded Easy leaves learning at once with FSRS-6's initial stability w[3] = 8.2956 d."""
    after, _ = fs.review(fs.FsrsState(), 5, now=START)
    assert after.phase == fs.REVIEW
    assert after.due_at == START + timedelta(days=8)
    again, _ = fs.review(fs.FsrsState(), 1, now=START)
    assert again.phase == fs.LEARNING and again.due_at == START + timedelta(minutes=1)


def test_grade_mapping_is_the_documented_table() -> None:
    assert fs.RATING_OF_GRADE == {0: 1, 1: 1, 2: 1, 3: 2, 4: 3, 5: 4}
    with pytest.raises(ValueError):
        fs.review(fs.FsrsState(), 6, now=START)
    with pytest.raises(ValueError):
        fs.review(fs.FsrsState(), 4, now=START.replace(tzinfo=None))


def test_replay_reaches_the_same_state_as_answering_in_turn() -> None:
    answers = [(START, 4), (START + timedelta(minutes=10), 4), (START + timedelta(days=3), 2)]
    state = fs.FsrsState()
    for when, grade in answers:
        state, _ = fs.review(state, grade, now=when)
    assert fs.replay(reversed(answers)) == state


def test_state_round_trips_through_a_dict() -> None:
    state, _ = fs.review(fs.FsrsState(), 4, now=START)
    assert fs.FsrsState.from_dict(state.to_dict()) == state
    assert fs.FsrsState.from_dict(fs.FsrsState().to_dict()) == fs.FsrsState()


def test_retrievability_falls_with_time_and_is_zero_when_new() -> None:
    state, _ = fs.review(fs.FsrsState(), 5, now=START)
    soon = fs.retrievability(state, START + timedelta(days=1))
    later = fs.retrievability(state, START + timedelta(days=30))
    assert 1.0 > soon > later > 0.0
    assert fs.retrievability(fs.FsrsState(), START) == 0.0


def test_memory_is_kept_as_anki_stores_it() -> None:
    """Anki's own case (rslib storage/card/data.rs `compact_floats`): 4 decimals of stability, 3 of
    difficulty; the due time still comes from the unrounded stability."""
    assert fs.anki_rounded(123.45678, 4) == 123.4568 and fs.anki_rounded(1.234567, 3) == 1.235
    state, _ = fs.review(fs.FsrsState(), 3, now=START)
    state, _ = fs.review(state, 4, now=START + timedelta(days=1))
    raw, _ = fs.review(state, 4, now=START + timedelta(days=20), stored=False)
    kept, _ = fs.review(state, 4, now=START + timedelta(days=20))
    assert raw.stability is not None and raw.difficulty is not None
    assert kept.stability == fs.anki_rounded(raw.stability, 4) != raw.stability
    assert kept.difficulty == fs.anki_rounded(raw.difficulty, 3) != raw.difficulty
    assert kept.due_at == raw.due_at
