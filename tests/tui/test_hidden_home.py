"""The drill templates read while another screen covers the home: the home counts again when it shows
(its counts hold the UI thread 0.1 s at a million cards: an Esc pressed then waited for them)."""

from __future__ import annotations

import re

import pytest

from tui.screens.help import HelpScreen

from .conftest import screen_text, wait_until

DRILL_KINDS = re.compile(r"Drill kinds \(review the ones you miss\)\s+\d+\s+\d+\s+(\d+)")
"""The home's drill kinds row; its last column counts the kinds (none until the templates are read)."""


def kinds_shown(text: str) -> int | None:
    found = DRILL_KINDS.search(text)
    return int(found.group(1)) if found else None


async def test_templates_read_under_the_keys_pop_up_show_on_the_home_once_back(
    make_app, held_templates, monkeypatch: pytest.MonkeyPatch
) -> None:
    reading, release = held_templates
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, reading.is_set, "the load reading the templates")
        assert kinds_shown(screen_text(app)) == 0
        await pilot.press("question_mark")
        await wait_until(pilot, lambda: isinstance(app.screen, HelpScreen), "the keys pop-up")
        counted: list[str] = []
        home_view = app.services.home_view
        monkeypatch.setattr(app.services, "home_view", lambda: counted.append("home") or home_view())
        release.set()
        await wait_until(pilot, app.loaded.is_set, "the templates")
        assert counted == [], "no counts for a home nobody sees"
        await pilot.press("escape")
        await wait_until(pilot, lambda: (kinds_shown(screen_text(app)) or 0) > 0, "the drill kinds")
        assert counted == ["home"]
