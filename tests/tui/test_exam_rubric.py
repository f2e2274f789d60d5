"""In a cold exam, an open question's rubric proposes the mark: enter accepts it."""

from __future__ import annotations

import asyncio

from cards.exam import ExamSession, Question
from tests.tui.conftest import screen_text, wait_until
from tui.screens.exam import ExamScreen


async def test_the_rubric_proposes_right_from_grade_four(make_app) -> None:
    app = make_app(include_bundled=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await asyncio.wait_for(app.loaded.wait(), 30)
        deck = app.services.collection.deck("grill").deck
        q19, q20 = deck.cards[18], deck.cards[19]
        session = ExamSession(deck, (Question(q19, 19), Question(q20, 20)))
        await app.push_screen(ExamScreen(app.services, session))
        await pilot.press("enter")  # nothing typed: reveal, the rubric shows
        await wait_until(pilot, lambda: "What you covered" in screen_text(app), "the checklist")
        assert "enter marks it wrong" in screen_text(app)
        await pilot.press(*[str(i + 1) for i in range(len(q19.rubric))])  # every point
        await wait_until(pilot, lambda: "enter marks it right" in screen_text(app), "the proposal")
        await pilot.press("enter")
        await wait_until(pilot, lambda: "Question 2 of 2" in screen_text(app), "the next question")
        await pilot.press("enter")
        await wait_until(pilot, lambda: "What you covered" in screen_text(app), "the 2nd checklist")
        await pilot.press("2")  # one point of three: wrong
        await pilot.press("enter")
        await wait_until(pilot, lambda: len(session.marks) == 2, "both marks")
    assert session.marks == [True, False]
