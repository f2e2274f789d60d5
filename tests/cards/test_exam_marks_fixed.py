"""The exam's marks and score bands at fixed values: a close answer is not marked right, and each
band of the deck's description holds exactly its positions, first and last included."""

from __future__ import annotations

from cards.exam import ExamSession, Question, aim, deck_bands
from cards.schema import Card, Deck, NumericAnswer

DESCRIPTION = """Self-grading:
- Can't answer 1–2? Redo the basics.
- Can't answer 3–5? Revisit the systems.

Aim for 4+/6 cold."""


def six() -> Deck:
    cards = [Card(id=f"q{i}", front=f"Question {i}?", back=f"answer {i}") for i in range(1, 6)]
    typed = Card(
        id="q6",
        front="Bytes per parameter for Adam mixed-precision training?",
        back="16 bytes",
        answer=NumericAnswer(value=16, unit="B", tolerance=0.02),
    )
    return Deck(id="marks", title="Marks", description=DESCRIPTION, cards=[*cards, typed])


def test_bands_hold_their_first_and_last_positions() -> None:
    deck = six()
    assert [(b.label, b.first, b.last) for b in deck_bands(deck)] == [("q1–2", 1, 2), ("q3–5", 3, 5)]
    assert aim(deck) == (4, 6)
    session = ExamSession.start(deck)
    for right in (False, True, True, False, True, False):  # positions 1..6
        session.mark(right, 2.0)
    result = session.result()
    assert (result.right, result.asked, result.seconds) == (3, 6, 12.0)
    assert [(s.label, s.right, s.asked) for s in result.sections] == [
        ("q1–2", 1, 2),
        ("q3–5", 2, 3),
        ("other", 0, 1),
    ]
    assert [q.position for q in result.missed] == [1, 4, 6]


def test_a_band_at_the_decks_end_is_kept_and_one_past_it_is_not() -> None:
    deck = six()
    bands = "- Can't answer 5–6? The end.\n- Can't answer 6–7? Past."
    ending = deck.model_copy(update={"description": bands})
    assert [(b.first, b.last) for b in deck_bands(ending)] == [(5, 6)]


def test_a_close_answer_is_suggested_wrong_and_a_correct_one_right() -> None:
    deck = six()
    session = ExamSession(deck, (Question(deck.cards[5], 6),))
    close = session.check("17 B")  # 6% off: outside 2%, inside the close band
    assert close.verdict == "close"
    assert session.suggested() is False
    assert session.check("16.2 B").verdict == "correct"
    assert session.suggested() is True
    assert session.check("20 B").verdict == "wrong" and session.suggested() is False
