"""The exam session without a terminal: bands from the deck, sampling, marks, sections, storage."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest
import sqlalchemy as sa

from cards.exam import ExamError, ExamSession, Question, aim, deck_bands
from cards.loader import load_collection
from cards.schema import Card, Deck
from engine.exam_log import record_exam
from engine.store.database import Store
from engine.store.models import CardStateRow, ReviewRow
from engine.store.stats_tables import ExamResultRow


@pytest.fixture(scope="module")
def grill() -> Deck:
    loaded = load_collection(()).deck("grill")
    assert loaded is not None
    return loaded.deck


def test_grill_bands_come_from_its_own_description(grill: Deck) -> None:
    bands = deck_bands(grill)
    assert [(b.first, b.last) for b in bands] == [(1, 15), (16, 35), (36, 50)]
    assert "training memory" in bands[0].verdict
    assert "infra question" in bands[1].verdict  # a bullet wrapped over two lines
    assert aim(grill) == (40, 60)


def test_whole_deck_in_order_then_sample_and_shuffle(grill: Deck) -> None:
    whole = ExamSession.start(grill)
    assert [q.position for q in whole.questions] == list(range(1, 61))
    sample = ExamSession.start(grill, n=10, seed=4)
    positions = [q.position for q in sample.questions]
    assert len(set(positions)) == 10 and positions == sorted(positions)
    shuffled = ExamSession.start(grill, shuffle=True, seed=4)
    assert sorted(q.position for q in shuffled.questions) == list(range(1, 61))
    assert [q.position for q in shuffled.questions] != list(range(1, 61))
    with pytest.raises(ExamError):
        ExamSession.start(grill, n=0)


def five(grill: Deck) -> ExamSession:
    picks = (1, 2, 20, 40, 55)
    return ExamSession(grill, tuple(Question(grill.cards[p - 1], p) for p in picks))


def test_score_sections_and_misses(grill: Deck) -> None:
    session = five(grill)
    for right in (True, False, True, False, True):
        session.mark(right, 10.0)
    assert session.finished
    result = session.result()
    assert (result.right, result.asked, result.seconds) == (3, 5, 50.0)
    assert [(s.label, s.right, s.asked) for s in result.sections] == [
        ("q1–15", 1, 2),
        ("q16–35", 1, 1),
        ("q36–50", 0, 1),
        ("other", 1, 1),
    ]
    assert [q.card.id for q in result.missed] == ["q02", "q40"]
    with pytest.raises(LookupError):
        session.mark(True, 1.0)


def test_typed_answer_is_checked_by_the_engine(grill: Deck) -> None:
    session = five(grill)  # q01: 16 bytes/param, typed in bytes
    assert session.answerable
    assert session.check("lots").verdict == "unreadable"
    assert session.suggested() is None  # unreadable: may type again
    assert session.check("16 B").verdict == "correct"
    assert session.suggested() is True
    session.mark(True, 3.0)
    assert session.check("12 B").verdict == "wrong" and session.suggested() is False


def test_sections_fall_back_to_tags_without_bands() -> None:
    deck = Deck(
        id="t",
        title="T",
        cards=[Card(id="a", front="A?", back="a", tags=["x"]), Card(id="b", front="B?", back="b")],
    )
    session = ExamSession.start(deck)
    session.mark(True, 1.0)
    session.mark(False, 1.0)
    assert [(s.label, s.right, s.asked) for s in session.result().sections] == [
        ("x", 1, 1),
        ("untagged", 0, 1),
    ]


def test_stored_result_leaves_scheduling_alone(store: Store, grill: Deck) -> None:
    session = five(grill)
    for right in (True, False, True, False, True):
        session.mark(right, 10.0)
    record_exam(store, session.record(datetime(2026, 3, 2, 9, tzinfo=UTC), date(2026, 3, 2)))
    with store.engine.connect() as conn:
        row = conn.execute(sa.select(ExamResultRow)).one()
        assert (row.deck_id, row.right, row.asked, row.missed) == ("grill", 3, 5, ["q02", "q40"])
        assert row.sections[0] == {"label": "q1–15", "right": 1, "asked": 2}
        assert conn.execute(sa.select(sa.func.count()).select_from(CardStateRow)).scalar() == 0
        assert conn.execute(sa.select(sa.func.count()).select_from(ReviewRow)).scalar() == 0
