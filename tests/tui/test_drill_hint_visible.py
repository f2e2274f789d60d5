"""ctrl+o at 80x24: the hint shows on screen even under a long question (it is scrolled into view)."""

from __future__ import annotations

import pytest

from tests.tui.conftest import open_drill


@pytest.mark.parametrize("kind", ["plan-speed", "nvl72-placement", "layout-3d"])
async def test_the_hint_is_visible_at_80x24(make_app, seen, kind: str) -> None:
    app = make_app(include_bundled=True)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_drill(pilot, kind=kind, amount="1")
        assert screen.drill is not None and screen.drill.hint
        await pilot.press("ctrl+o")
        await pilot.pause(0.2)
        assert "Hint (costs one grade step)" in seen(app)
