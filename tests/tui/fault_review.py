"""Driving a review through store faults: what the screen says, grading and waiting for the save."""

from __future__ import annotations

import asyncio
from typing import Any

from tui.screens.review import ReviewScreen

from .conftest import screen_text, wait_until


def said(app: Any) -> str:
    """What the screen shows, then its notices, each read whole (a notice wraps inside its toast,
    the part of each line after the toast's left edge)."""
    lines = screen_text(app).splitlines()
    edge = " ▔▁▎▏▕▐│┃▊▋▍█"  # a scrollbar or a border the toast sits beside
    toasts = " ".join(line.rsplit("▌", 1)[1].rstrip(edge) for line in lines if "▌" in line)
    return "\n".join(lines) + "\n" + " ".join(toasts.split())


async def open_review(pilot: Any) -> ReviewScreen:
    await asyncio.wait_for(pilot.app.loaded.wait(), 60)
    await pilot.pause()
    await pilot.press("down", "enter")  # Basics: three cards, no typed answers
    review = pilot.app.screen
    assert isinstance(review, ReviewScreen)
    return review


async def grade(pilot: Any, review: ReviewScreen, key: str = "2", timeout: float = 90) -> bool:
    """Show the answer (unless a failed grade still shows it) and grade; True when the screen
    moved on (saved), False when it kept the card with its grade (not saved)."""
    before = review.session.done
    if not review.revealed:
        await pilot.press("space")
    await pilot.press(key)
    await wait_until(pilot, lambda: review.saving is None, "the save to end", timeout)
    await pilot.pause()
    return review.session.done > before
