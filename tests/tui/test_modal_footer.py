"""Under a modal the footer lists the modal's keys, not the keys of the screen beneath it."""

from __future__ import annotations

import asyncio


def footer_line(text: str) -> str:
    return text.rstrip("\n").splitlines()[-1]


async def test_each_modal_from_home_shows_its_own_keys(make_app, seen) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await asyncio.wait_for(app.loaded.wait(), 30)
        await pilot.pause()
        assert "Review" in footer_line(seen(app))  # the home's own footer
        modals = (
            ("c", ("Start", "Cancel")),
            ("question_mark", ("Close",)),
            ("i", ("Start", "Back")),
        )
        for key, modal_keys in modals:
            await pilot.press(key)
            await pilot.pause()
            footer = footer_line(seen(app))
            assert all(word in footer for word in modal_keys), footer
            assert "Review" not in footer and "Study ahead" not in footer, footer
            await pilot.press("escape")
            await pilot.pause()
