"""The opt-in Anki key layout: 1 Again, 2 Hard, 3 Good, 4 Easy grade 1, 3, 4, 5 and the grade bar
says so; the default layout keeps 0-5."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from textual.widgets import Static

from engine.grades import ANKI_BUTTONS, Grade, grade_of_key, key_of_grade
from engine.settings import load_settings
from tests.tui.test_review_flow import wait_loaded
from tui.screens.review import ReviewScreen


def bar(review: ReviewScreen) -> str:
    return str(review.query_one("#grades", Static).render())


async def test_anki_layout_grades_and_shows_again_hard_good_easy(make_app, db_path: Path) -> None:
    app = make_app(grade_keys="anki")
    async with app.run_test(size=(120, 30)) as pilot:
        await wait_loaded(pilot)
        await pilot.press("down", "enter")  # Basics
        review = app.screen
        assert isinstance(review, ReviewScreen)
        first = review.card_key
        await pilot.press("space")
        shown = bar(review)
        assert "1 Again" in shown and "2 Hard" in shown and "3 Good" in shown and "4 Easy" in shown
        assert "blackout" not in shown and "with effort" not in shown
        assert "space/enter: Good (3)" in shown
        await pilot.press("5")  # no fifth button: nothing graded
        assert review.card_key == first and review.session.done == 0
        await pilot.press("3")  # Good
        second = review.card_key
        assert second != first
        await pilot.press("space", "2")  # Hard: SM-2 grade 3, not "again"
        await pilot.press("space", "1")  # Again
    with sqlite3.connect(db_path) as conn:
        grades = [g for (g,) in conn.execute("SELECT grade FROM review_log ORDER BY id")]
    assert grades == [4, 3, 1]


# The default layout's six grades on the bar: tests/tui/test_review_flow.py::
# test_grade_labels_show_each_grades_interval (0 blackout ... 5 perfectly, the same screen).


def test_key_mapping_and_the_setting(tmp_path: Path) -> None:
    assert [grade_of_key("anki", k) for k in range(6)] == [None, 1, 3, 4, 5, None]
    assert [grade_of_key("flopcards", k) for k in range(6)] == list(range(6))
    assert [key_of_grade("anki", Grade(g))[1] for g in range(6)] == ["Again"] * 3 + ["Hard", "Good", "Easy"]
    assert [b for b, _ in ANKI_BUTTONS.values()] == ["Again", "Hard", "Good", "Easy"]
    settings = tmp_path / "settings.toml"
    settings.write_text('grade_keys = "anki"\n')
    assert load_settings(settings)[0].grade_keys == "anki"
    settings.write_text('grade_keys = "vim"\n')
    loaded, problems = load_settings(settings)
    assert loaded.grade_keys == "flopcards" and "must be one of flopcards, anki" in problems[0].message
