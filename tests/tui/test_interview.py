"""A mock interview through the real app: home `i`, the rubric checklist, a drill, skip, the report."""

from __future__ import annotations

import asyncio

from tests.tui.conftest import DATA, screen_text, wait_until
from tui.screens.interview import InterviewScreen, Stage
from tui.screens.interview_report import InterviewReportScreen

INTERVIEW = DATA / "interview"


async def test_an_interview_from_home_to_report_at_80x24(make_app) -> None:
    app = make_app(INTERVIEW)
    async with app.run_test(size=(80, 24)) as pilot:
        await asyncio.wait_for(app.loaded.wait(), 30)
        await pilot.press("i")
        await wait_until(pilot, lambda: "30 minutes" in screen_text(app), "the setup")
        assert "Mock interview" in screen_text(app) and "Nothing here changes your review" in screen_text(app)
        await pilot.press("enter")  # mixed, 30 minutes, any level
        await wait_until(pilot, lambda: isinstance(app.screen, InterviewScreen), "the interview")
        screen = app.screen
        assert isinstance(screen, InterviewScreen)
        text = screen_text(app)
        assert "Question 1 of 2" in text and "of 15:00 guide" in text and "left" in text
        first = screen.session.current
        assert first is not None
        await pilot.press(*"fsdp", "enter")  # notes, then the rubric
        await wait_until(pilot, lambda: "What you covered" in screen_text(app), "the rubric")
        assert "1 [ ] " in screen_text(app) and "[ ] ◆ " in screen_text(app)
        essential = next(i for i, p in enumerate(first.question.rubric) if p.essential)
        await pilot.press(str(essential + 1))
        other = 1 if essential != 1 else 0
        await pilot.press(str(other + 1))
        await wait_until(pilot, lambda: "Covered 2 of 3 points (67%) → proposes 4 (well)" in screen_text(app),
                         "the coverage line")
        assert f"{essential + 1} [x] ◆ " in screen_text(app)
        await pilot.press("enter")  # accept: the linked drill comes next
        await wait_until(pilot, lambda: screen.stage is Stage.DRILL, "the drill")
        assert "follow-up calculation" in screen_text(app)
        await pilot.press(*"banana", "enter")
        await wait_until(pilot, lambda: "Could not read that" in screen_text(app), "the unreadable notice")
        await pilot.press("ctrl+g")  # give up: the solution shows
        await wait_until(pilot, lambda: "Gave up" in screen_text(app), "the give-up line")
        await pilot.press("enter")
        await wait_until(pilot, lambda: "Question 2 of 2" in screen_text(app), "the second question")
        await pilot.press("ctrl+n")  # skip it: the interview ends
        await wait_until(pilot, lambda: isinstance(app.screen, InterviewReportScreen), "the report")
        await wait_until(pilot, lambda: "Score" in screen_text(app), "the report text")
        report = app.screen
        assert isinstance(report, InterviewReportScreen)
        record = report.record
        assert [q.skipped for q in record.questions] == [False, True]
        assert record.questions[0].notes == "fsdp"
        assert record.questions[0].drills[0].verdict == "gave_up"
        assert app.services.interviews() == (record,)
        text = screen_text(app)
        assert "Score 17% (rubric coverage 33%, drills 0 of 1 right)" in text
        assert "nothing to compare yet" in text
        body = report.query_one("#iv-report-text").source  # type: ignore[attr-defined]
        assert "### Points missed" in body and "### Study next" in body
        assert first.question.key in body and "**r** reviews them now" in body


async def test_a_rubric_card_in_review_is_graded_by_its_checklist(make_app, db_path) -> None:
    import sqlite3

    from tui.screens.review import ReviewScreen

    app = make_app(INTERVIEW)
    async with app.run_test(size=(80, 24)) as pilot:
        await asyncio.wait_for(app.loaded.wait(), 30)
        await pilot.press("down", "enter")  # the interview deck: shard-70b first
        await wait_until(pilot, lambda: isinstance(app.screen, ReviewScreen), "the review")
        review = app.screen
        assert isinstance(review, ReviewScreen)
        await wait_until(pilot, lambda: "How would you shard" in screen_text(app), "the front")
        await pilot.press("space")  # show the answer: the rubric shows as a checklist, nothing ticked
        await wait_until(pilot, lambda: "What you covered" in screen_text(app), "the checklist")
        assert "Covered 0 of 3 points (0%) → proposes 1 (not at all)" in screen_text(app)
        assert "enter: grade 1" in screen_text(app)
        # the key bar says what the digits do here: they tick points, they do not grade
        await wait_until(pilot, lambda: "1-6 Tick" in screen_text(app).splitlines()[-1], "the tick key")
        assert "0-5 Grade" not in screen_text(app).splitlines()[-1]
        await pilot.press("2", "3")  # everything but the essential point
        await wait_until(pilot, lambda: "proposes 3 (with effort)" in screen_text(app), "the capped proposal")
        assert "an essential point is missing: at most 3" in screen_text(app)
        await pilot.press("1")
        await wait_until(pilot, lambda: "enter: grade 5" in screen_text(app), "the grade bar")
        await pilot.press("enter")
        await wait_until(pilot, lambda: "How many concurrent" in screen_text(app), "the next card")
    with sqlite3.connect(db_path) as db:
        graded = db.execute("SELECT card_key, grade FROM review_log").fetchall()
    assert graded == [("interview/shard-70b", 5)]


async def test_a_read_only_database_still_gives_the_report_and_says_it_was_not_saved(make_app) -> None:
    from tests.tui.fault_review import said
    from tests.tui.test_faults_sqlite import on_new_connections

    app = make_app(INTERVIEW)
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await asyncio.wait_for(app.loaded.wait(), 30)
        await pilot.press("i")
        await wait_until(pilot, lambda: "30 minutes" in screen_text(app), "the setup")
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, InterviewScreen), "the interview")
        lift = on_new_connections(app, "PRAGMA query_only=ON")
        await pilot.press("ctrl+n", "ctrl+n")  # skip both: the interview ends and is saved
        await wait_until(pilot, lambda: isinstance(app.screen, InterviewReportScreen), "the report")
        await wait_until(pilot, lambda: "not saved" in said(app), "the notice")
        text = said(app)
        assert "This interview was not saved: the database cannot be written" in text
        assert "Score 0%" in text  # the report is still given
        lift()
        assert app.services.interviews() == ()
        assert app.is_running


async def test_a_checked_typed_answer_grades_a_rubric_card_without_the_checklist(make_app) -> None:
    from tui.screens.review import ReviewScreen

    app = make_app(include_bundled=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await asyncio.wait_for(app.loaded.wait(), 30)
        review = ReviewScreen(app.services, "grill", app.services.review_keys(["grill/q01", "grill/q02"]))
        await app.push_screen(review)
        await wait_until(pilot, lambda: review.card_key == "grill/q01", "q01")
        await pilot.pause()
        await pilot.press(*"16 B", "enter")
        await wait_until(pilot, lambda: review.revealed, "the answer")
        await pilot.pause()
        assert "What you covered" not in screen_text(app)
        assert review.session.suggested() >= 4  # the typed verdict's grade, not the rubric's 1
        assert "correct" in screen_text(app).lower()
