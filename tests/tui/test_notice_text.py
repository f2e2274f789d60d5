"""A notice shows its text as written: deck text and YAML messages carry brackets ("a [ list ] left
open?", seen swallowed in tmux after a broken edit), which Rich markup would eat."""

from __future__ import annotations

from .conftest import wait_until
from .fault_review import said


async def test_a_notice_with_brackets_shows_them(make_app) -> None:
    app = make_app()
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await wait_until(pilot, lambda: app.services is not None, "the decks to open")
        app.screen.notify("line 6: a [ list ] left open? close it; [b]bold[/b] stays as typed")
        await wait_until(pilot, lambda: "left open" in said(app), "the notice")
        text = said(app)
        assert "a [ list ] left open?" in text and "[b]bold[/b]" in text
