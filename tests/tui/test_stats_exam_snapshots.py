"""SVG snapshots of the stats screen and of the exam's question and result screens, at 80x24 and 120x40."""

from __future__ import annotations

import asyncio
import dataclasses
import random
from datetime import UTC, date, datetime, timedelta

import pytest
import sqlalchemy as sa
from textual.widgets import Input, Static, TabbedContent

from cards.exam import ExamSession, Question
from engine.store.database import open_store
from engine.store.models import CardStateRow, DrillAttemptRow, ReviewRow
from tui.screens.exam import ExamScreen
from tui.screens.exam_result import ExamResultScreen
from tui.screens.stats import StatsScreen

from .conftest import wait_until
from .shot_chain import chain_shot

SIZES = [(80, 24), (120, 40)]
TODAY = date(2026, 3, 2)  # the study day of the frozen clock in tests/conftest.py


def _state(interval: int) -> dict[str, object]:
    return {"repetitions": 3, "ef_centi": 250, "interval_days": interval}


def seed_history(db_path) -> None:
    """Six months of answers on the fixture decks, card states and drill attempts, from a fixed seed."""
    rng = random.Random(7)
    store = open_store(db_path)
    reviews, attempts = [], []
    for back in range(180):
        day = TODAY - timedelta(days=back)
        if rng.random() < 0.35:
            continue
        at = datetime(day.year, day.month, day.day, 12, tzinfo=UTC)
        for i in range(rng.randint(1, 25)):
            interval = rng.choice((0, 1, 6, 15, 30, 60))
            state = _state(interval)
            reviews.append(
                dict(
                    card_key=f"basics/c{i}",
                    deck_id="basics",
                    reviewed_at=at,
                    study_day=day,
                    grade=rng.choice((1, 3, 4, 4, 5, 5)),
                    seconds=rng.uniform(3, 30),
                    same_day_repeat=False,
                    was_new=interval == 0,
                    state_before=state,
                    state_after=state,
                )
            )
        if back < 30 and rng.random() < 0.5:
            for kind in ("kv-cache", "bubble"):
                attempts.append(
                    dict(
                        kind=kind,
                        seed=1,
                        params={},
                        given="",
                        verdict=rng.choice(("correct", "wrong")),
                        expected=1.0,
                        unit="GB",
                        relative_error=None,
                        seconds=rng.uniform(10, 90),
                        timed_out=False,
                        grade=3,
                        attempted_at=at,
                        study_day=day,
                    )
                )
    cards = [
        dict(
            card_key=f"basics/k{i}",
            deck_id="basics",
            repetitions=3,
            ef_centi=rng.randint(130, 280),
            interval_days=(iv := rng.choice((1, 4, 9, 25, 50))),
            due_day=TODAY + timedelta(days=rng.randint(0, iv)),
            last_review_at=None,
            last_day=None,
            repeat_today=False,
        )
        for i in range(40)
    ]
    with store.sessions.begin() as session:
        session.execute(sa.insert(ReviewRow), reviews)
        session.execute(sa.insert(DrillAttemptRow), attempts)
        session.execute(sa.insert(CardStateRow), cards)
    store.close()


def frozen(app):
    app.config = dataclasses.replace(app.config, monotonic=lambda: 100.0)
    return app


async def loaded(pilot) -> None:
    await asyncio.wait_for(pilot.app.loaded.wait(), 30)
    await pilot.pause()


async def open_stats(pilot) -> StatsScreen:
    await loaded(pilot)
    screen = StatsScreen(pilot.app.services, "basics")
    await pilot.app.push_screen(screen)
    for _ in range(500):
        if screen.stats is not None:
            break
        await pilot.pause(0.02)
    await pilot.pause(0.1)
    return screen


async def activity(pilot) -> None:
    screen = await open_stats(pilot)
    summary = str(screen.query_one("#stats-summary", Static).render())
    assert "Studied" in summary and "daily load" in summary
    assert "Answers per day, past year" in str(screen.query_one("#stats-heatmap", Static).render())


async def stats_help(pilot) -> None:
    await pilot.press("question_mark")
    await pilot.pause()
    keys = str(pilot.app.screen.query_one("#help-keys", Static).render())
    assert "30/90 days" in keys and "Period" in keys


async def due_chart(pilot) -> None:
    await pilot.press("escape")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, StatsScreen)
    screen.query_one("#stats-tabs", TabbedContent).active = "tab-due"
    await pilot.pause(0.2)
    assert "next 30 days" in plot_text(screen, "#plot-due")


async def due_chart_90_days(pilot) -> None:
    screen = pilot.app.screen
    await pilot.press("f")
    await pilot.pause(0.2)
    assert "next 90 days" in plot_text(screen, "#plot-due")


STATS_CHAIN = [
    ("activity", activity),
    ("help", stats_help),
    ("due", due_chart),
    ("due_90_days", due_chart_90_days),
]
"""The stats screen's shots, one run of the app per size (tests/tui/shot_chain.py)."""


def stats_shot(snapshot, make_app, db_path, name: str, size: tuple[int, int]) -> bool:
    def make():  # type: ignore[no-untyped-def]
        seed_history(db_path)
        return make_app()

    return chain_shot(snapshot, "stats", name, size, make, STATS_CHAIN)


@pytest.mark.parametrize("size", SIZES)
def test_stats_activity(snapshot, make_app, db_path, size) -> None:
    assert stats_shot(snapshot, make_app, db_path, "activity", size)


def test_stats_due_chart(snapshot, make_app, db_path) -> None:
    assert stats_shot(snapshot, make_app, db_path, "due", (120, 40))


def five(app) -> ExamSession:
    loaded = app.services.collection.deck("grill")
    assert loaded is not None
    deck = loaded.deck
    return ExamSession(deck, tuple(Question(deck.cards[p - 1], p) for p in (1, 2, 20, 40, 55)))


async def exam_setup_modal(pilot) -> None:
    await loaded(pilot)
    await pilot.press("x")
    await pilot.pause()
    pilot.app.screen.query_one(Input).cursor_blink = False
    await pilot.press("0", "enter")
    await pilot.pause()
    status = str(pilot.app.screen.query_one("#exam-setup-status", Static).render())
    assert "a whole number 1-1000" in status


async def exam_question(pilot) -> None:
    await pilot.press("escape")  # the setup modal closed: home
    await pilot.pause()
    screen = ExamScreen(pilot.app.services, five(pilot.app))
    await pilot.app.push_screen(screen)
    await pilot.pause()
    screen.query_one(Input).cursor_blink = False
    assert "Question 1 of 5" in str(screen.query_one("#exam-progress", Static).render())
    assert "this question 0:00" in str(screen.query_one("#exam-clock", Static).render())
    await pilot.pause()


async def exam_result(pilot) -> None:
    session = five(pilot.app)
    for right in (True, False, True, False, True):
        session.mark(right, 42.0)
    screen = ExamResultScreen(pilot.app.services, session)
    await pilot.app.push_screen(screen)
    await pilot.pause()
    assert "Score 3/5 (60%)" in str(screen.query_one("#exam-score", Static).render())
    assert "q40" in str(screen.query_one("#exam-missed", Static).render())


EXAM_CHAIN = [("setup", exam_setup_modal), ("question", exam_question), ("result", exam_result)]
"""The exam's setup modal (a refused count), a question and a result: one run of the app per size."""


def exam_shot(snapshot, make_app, name: str, size: tuple[int, int]) -> bool:
    return chain_shot(
        snapshot, "exam", name, size, lambda: frozen(make_app(include_bundled=True)), EXAM_CHAIN
    )


@pytest.mark.parametrize("size", SIZES)
def test_exam_question(snapshot, make_app, size) -> None:
    assert exam_shot(snapshot, make_app, "question", size)


@pytest.mark.parametrize("size", SIZES)
def test_exam_result(snapshot, make_app, size) -> None:
    assert exam_shot(snapshot, make_app, "result", size)


async def test_every_tab_period_and_deck_draws(make_app, db_path) -> None:
    seed_history(db_path)
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_stats(pilot)
        tabs = screen.query_one("#stats-tabs", TabbedContent)
        for tab in ("tab-due", "tab-answers", "tab-cards", "tab-drills", "tab-exams"):
            tabs.active = tab
            await pilot.pause(0.05)
        assert "suspended 0 · leech 0" in str(screen.query_one("#stats-counts", Static).render())
        first = screen.stats
        await pilot.press("p")  # month -> 3 months
        for _ in range(200):
            if screen.stats is not first:
                break
            await pilot.pause(0.02)
        assert screen.stats is not None and screen.stats.period.label == "3 months"
        assert "3 months" in screen.sub_title
        await pilot.press("d")
        await wait_until(  # the next deck's figures drawn: a condition, not a fixed 0.2 s
            pilot, lambda: screen.stats is not None and screen.stats.deck_id == screen.deck_id, "its figures"
        )
        assert screen.deck_id != "basics"


def plot_text(screen, selector: str) -> str:
    return str(screen.query_one(selector).render())


@pytest.mark.parametrize("size", SIZES)
def test_stats_due_chart_90_days(snapshot, make_app, db_path, size) -> None:
    assert stats_shot(snapshot, make_app, db_path, "due_90_days", size)


@pytest.mark.parametrize("size", SIZES)
def test_stats_help(snapshot, make_app, db_path, size) -> None:
    assert stats_shot(snapshot, make_app, db_path, "help", size)


@pytest.mark.parametrize("size", SIZES)
def test_exam_setup_modal(snapshot, make_app, size) -> None:
    assert exam_shot(snapshot, make_app, "setup", size)


async def test_number_keys_show_each_tab_and_the_footer_and_keys_list_them(make_app, db_path, seen) -> None:
    seed_history(db_path)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_stats(pilot)
        tabs = screen.query_one("#stats-tabs", TabbedContent)
        await wait_until(pilot, lambda: "1-6 Tabs" in seen(app), "the footer's keys")  # composed later
        for key, (tab, title) in zip(
            "615243",
            [
                ("tab-exams", "6 Exams"),
                ("tab-activity", "1 Activity"),
                ("tab-drills", "5 Drills"),
                ("tab-due", "2 Due"),
                ("tab-cards", "4 Cards"),
                ("tab-answers", "3 Answers"),
            ],
            strict=True,
        ):
            await pilot.press(key)
            await wait_until(pilot, lambda: tabs.active == tab and title in seen(app), title)  # noqa: B023
        await pilot.press("question_mark")
        await wait_until(pilot, lambda: "1-6" in seen(app) and "Tabs" in seen(app), "the keys list")
