"""A 5-question grill exam driven through the real app: score, section bands, then review the misses."""

from __future__ import annotations

import asyncio

import sqlalchemy as sa
from textual.widgets import Static

from cards.exam import ExamSession, Question
from engine.store.models import CardStateRow, ReviewRow
from engine.store.stats_tables import ExamResultRow
from tui.screens.exam import ExamScreen
from tui.screens.exam_result import ExamResultScreen
from tui.screens.review import ReviewScreen

PICKS = (1, 2, 20, 40, 55)


def five_questions(app) -> ExamSession:
    loaded = app.services.collection.deck("grill")
    assert loaded is not None
    deck = loaded.deck
    return ExamSession(deck, tuple(Question(deck.cards[p - 1], p) for p in PICKS))


def text_of(screen, selector: str) -> str:
    return str(screen.query_one(selector, Static).render())


async def open_exam(pilot) -> ExamScreen:
    app = pilot.app
    await asyncio.wait_for(app.loaded.wait(), 30)
    screen = ExamScreen(app.services, five_questions(app))
    await app.push_screen(screen)
    await pilot.pause()
    return screen


async def wait_revealed(pilot, screen: ExamScreen) -> None:
    for _ in range(500):
        if screen.revealed:
            return
        await pilot.pause(0.02)
    raise AssertionError("the answer was never revealed")


async def test_five_question_exam_score_bands_and_misses_reviewed(make_app, db_path) -> None:
    app = make_app(include_bundled=True)
    async with app.run_test(size=(100, 40)) as pilot:
        screen = await open_exam(pilot)
        assert "Question 1 of 5" in text_of(screen, "#exam-progress")
        # q01 typed and checked by the engine; enter accepts its verdict
        await pilot.press(*"16 B", "enter")
        await wait_revealed(pilot, screen)
        assert "correct" in text_of(screen, "#exam-verdict")
        await pilot.press("enter")
        assert "Question 2 of 5" in text_of(screen, "#exam-progress")
        for mark in ("w", "r", "w", "r"):  # q02 wrong, q20 right, q40 wrong, q55 right
            await pilot.press("enter")  # nothing typed: reveal
            await wait_revealed(pilot, screen)
            await pilot.press(mark)
            await pilot.pause()
        result = app.screen
        assert isinstance(result, ExamResultScreen)
        score = text_of(result, "#exam-score")
        assert "Score 3/5 (60%)" in score and "aim for 40+/60" in score
        sections = text_of(result, "#exam-sections")
        assert "q1–15" in sections and "1/2" in sections and "too few to judge" in sections
        assert "q16–35" in sections and "q36–50" in sections and "0/1" in sections
        assert "training memory" not in sections  # no band judged on one or two questions
        missed = text_of(result, "#exam-missed")
        assert "q02" in missed and "q40" in missed and "q20" not in missed

        with app.services.store.engine.connect() as conn:
            assert conn.execute(sa.select(ExamResultRow.right, ExamResultRow.asked)).one() == (3, 5)
            assert conn.execute(sa.select(sa.func.count()).select_from(CardStateRow)).scalar() == 0

        await pilot.press("m")
        await pilot.pause()
        review = app.screen
        assert isinstance(review, ReviewScreen)
        assert review.session.queue == ["grill/q02", "grill/q40"]
        for done in (1, 2):
            await pilot.press("enter")  # empty answer box: show the answer (and the rubric)
            await pilot.pause()
            await pilot.press("enter")  # accept the rubric's proposal
            for _ in range(200):
                if review.session.done == done:
                    break
                await pilot.pause(0.02)
        with app.services.store.engine.connect() as conn:
            keys = set(conn.execute(sa.select(ReviewRow.card_key)).scalars())
        assert keys == {"grill/q02", "grill/q40"}


async def test_home_x_opens_the_grill_escape_stores_nothing_and_s_the_stats(make_app, until) -> None:
    app = make_app(include_bundled=True)
    async with app.run_test(size=(100, 40)) as pilot:
        await asyncio.wait_for(app.loaded.wait(), 30)
        await pilot.pause()
        await pilot.press("x")  # the setup modal: enter takes the whole deck in order
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ExamScreen)
        assert "Question 1 of 60" in text_of(app.screen, "#exam-progress")
        await pilot.press("escape")  # before any mark: no result, nothing stored
        await pilot.pause()
        assert not isinstance(app.screen, ExamScreen | ExamResultScreen)
        with app.services.store.engine.connect() as conn:
            assert conn.execute(sa.select(sa.func.count()).select_from(ExamResultRow)).scalar() == 0
        await pilot.press("s")
        await until(pilot, lambda: app.screen.query("#stats-summary"), "the stats screen")
        await until(
            pilot, lambda: "Studied 0 of" in text_of(app.screen, "#stats-summary"), "the stats summary"
        )
        assert "Studied 0 of the last 365 days" in text_of(app.screen, "#stats-summary")


async def test_two_questions_judge_no_band_and_the_result_time_is_the_total_clocks(make_app) -> None:
    app = make_app(include_bundled=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await asyncio.wait_for(app.loaded.wait(), 30)
        deck = app.services.collection.deck("grill").deck
        screen = ExamScreen(
            app.services, ExamSession(deck, (Question(deck.cards[1], 2), Question(deck.cards[19], 20)))
        )
        now = [100.0]
        screen._timer = lambda: now[0]
        await app.push_screen(screen)
        await pilot.pause()
        now[0] = 105.0
        await pilot.press("enter")  # reveal after 5 s
        await wait_revealed(pilot, screen)
        now[0] = 115.0  # 10 s reading the answer, then marked
        await pilot.press("w")
        await pilot.pause()
        now[0] = 118.0
        await pilot.press("enter")
        await wait_revealed(pilot, screen)
        now[0] = 120.0
        await pilot.press("r")
        await pilot.pause()
        result = app.screen
        assert isinstance(result, ExamResultScreen)
        assert "Score 1/2 (50%) in 0:20" in text_of(result, "#exam-score")  # the total clock's 0:20
        sections = text_of(result, "#exam-sections")
        assert sections.count("too few to judge") == 2
        assert "fail" not in sections.lower() and "✗" not in sections
        assert result.query("#study-misses")  # one missed: its review is offered
        await nothing_missed_offers_no_review(pilot)


async def nothing_missed_offers_no_review(pilot) -> None:
    """'Review the 0 missed' is an action with nothing to do: neither its button nor its key shows."""
    app = pilot.app
    session = five_questions(app)
    for _ in PICKS:
        session.mark(True, 10.0)
    await app.push_screen(ExamResultScreen(app.services, session))
    await pilot.pause()
    screen = app.screen
    assert "Nothing missed." in text_of(screen, "#exam-missed")
    assert not screen.query("#study-misses")
    shown = [b.binding.description for b in screen.active_bindings.values() if b.binding.show]
    assert "Review misses" not in shown and "Done" in shown
    await pilot.press("m")
    assert app.screen is screen


async def test_an_unreadable_answer_says_so_once_and_a_verdict_word_once(make_app) -> None:
    """Seen in tmux: 'Could not read that: could not read that: ...' and 'close: Close: ...'."""
    app = make_app(include_bundled=True)
    async with app.run_test(size=(100, 40)) as pilot:
        screen = await open_exam(pilot)
        await pilot.press(*"((16 B", "enter")
        for _ in range(500):
            if "read" in text_of(screen, "#exam-verdict"):
                break
            await pilot.pause(0.02)
        said = text_of(screen, "#exam-verdict")
        assert said.lower().count("could not read that") == 1, said
        await pilot.press("ctrl+u", *"16 B", "enter")
        await wait_revealed(pilot, screen)
        said = text_of(screen, "#exam-verdict")
        assert said.startswith("correct: ") and "Correct:" not in said, said


async def test_at_80_columns_the_progress_wraps_instead_of_hiding_under_the_clock(make_app) -> None:
    """Seen in tmux at 80x24: 'Question 2 of 2 · kimi-k2 · right so' — the clock cut the score."""
    from .conftest import screen_text

    app = make_app(include_bundled=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await asyncio.wait_for(app.loaded.wait(), 30)
        loaded = app.services.collection.deck("moe")
        assert loaded is not None
        cards = sorted(loaded.deck.cards, key=lambda c: len(c.id))  # the longest id asked second
        questions = (Question(cards[0], 1), Question(cards[-1], 2))
        screen = ExamScreen(app.services, ExamSession(loaded.deck, questions))
        await app.push_screen(screen)
        await pilot.pause()
        await pilot.press("enter")  # nothing typed: reveal
        await wait_revealed(pilot, screen)
        await pilot.press("r")
        await pilot.pause()
        assert "Question 2 of 2" in text_of(screen, "#exam-progress")
        assert "right so far 1" in " ".join(screen_text(app).split()), screen_text(app)


async def test_at_80_columns_a_missed_question_is_cut_on_its_own_line(make_app) -> None:
    """Seen in tmux at 80x24: 'llama4-moe Llama 4 Scout and Maverick: ... expert' then ' coun…' on
    the next line: the front was cut to 70 characters whatever the room, and the id's column pushed
    it past the screen's width."""
    from .conftest import screen_text, wait_until

    app = make_app(include_bundled=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await asyncio.wait_for(app.loaded.wait(), 30)
        loaded = app.services.collection.deck("moe")
        assert loaded is not None
        card = max(loaded.deck.cards, key=lambda c: len(c.id) + len(c.front.splitlines()[0]))
        assert 3 + len(card.id) + len(card.front.splitlines()[0]) > 80
        screen = ExamScreen(app.services, ExamSession(loaded.deck, (Question(card, 1),)))
        await app.push_screen(screen)
        await pilot.pause()
        await pilot.press("enter")
        await wait_revealed(pilot, screen)
        await pilot.press("w")
        await wait_until(pilot, lambda: isinstance(app.screen, ExamResultScreen), "the result")
        await wait_until(pilot, lambda: "Missed (1)" in screen_text(app), "the missed list")
        (line,) = [row for row in screen_text(app).splitlines() if card.id in row]
        assert line.rstrip().endswith("…"), screen_text(app)
