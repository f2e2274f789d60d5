"""Run by test_kill: drives the real app through reviews, printing each answer once the screen
shows it saved."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from engine.settings import Settings
from tui.app import FlopcardsApp
from tui.config import AppConfig


async def drive(db: str, decks: str) -> None:
    app = FlopcardsApp(AppConfig(settings=Settings(db=db, deck_dirs=(Path(decks),)), include_bundled=False))
    async with app.run_test(size=(100, 30)) as pilot:
        await asyncio.wait_for(app.loaded.wait(), 30)
        await pilot.pause()
        await pilot.press("enter")
        screen = app.screen
        for _ in range(10_000):  # grade 3 keeps cards coming back: answers never run out
            key, before = screen.card_key, screen.session.done
            await pilot.press("space", "3")
            while screen.saving is not None or screen.session.done == before:  # saved off the UI thread
                await pilot.pause(0.005)
            print(f"answered {key} {screen.session.done}", flush=True)


if __name__ == "__main__":
    asyncio.run(drive(sys.argv[1], sys.argv[2]))
