"""`flopcards interview [--track T] [--minutes M] [--level L] [--json]`: a mock interview, or its history."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine.app.interviews import LENGTHS, LEVELS, Track
from engine.app.values import Settings

if TYPE_CHECKING:
    from tui.app import FlopcardsApp
    from tui.config import AppConfig
    from tui.screens.interview_setup import InterviewChoice

WANTS_SETTINGS = True


def interview_app(config: AppConfig, choice: InterviewChoice | None) -> FlopcardsApp:
    """The app, opening the interview (its setup, unless every choice was given) once decks load."""
    from tui.app import FlopcardsApp

    class InterviewApp(FlopcardsApp):
        def on_mount(self) -> None:
            self.run_worker(self._when_loaded(), group="interview-start")

        async def _when_loaded(self) -> None:
            await self.loaded.wait()
            self.call_after_refresh(self._open)

        def _open(self) -> None:
            from tui.screens.interview_setup import open_interview

            if self.services is not None:
                open_interview(self, self.services, choice)

    return InterviewApp(config)


def history_json(settings: Settings) -> int:
    """Every stored mock interview's report figures, oldest first (nothing stored yet: [])."""
    from engine.app.store_commands import interview_records
    from engine.app.values import AppError

    try:
        records = interview_records(settings.db)
    except AppError as error:
        print(f"flopcards interview: {error}", file=sys.stderr)
        return 2
    print(json.dumps(records, indent=2))
    return 0


def main(argv: Sequence[str], settings: Settings) -> int:
    parser = argparse.ArgumentParser(
        prog="flopcards interview",
        description="A mock interview: open questions judged by their rubric, each followed by its "
        "drills, under one clock. Never changes your review schedule unless you review the misses.",
    )
    parser.add_argument("--track", choices=[t.value for t in Track], help="training, serving or mixed")
    parser.add_argument("--minutes", type=int, choices=LENGTHS, help="length of the interview")
    parser.add_argument("--level", choices=("any", *LEVELS), help="the hardest drills asked (default any)")
    parser.add_argument("--json", action="store_true", help="print the stored interviews' reports as JSON")
    args = parser.parse_args(list(argv))
    if args.json:
        return history_json(settings)

    from engine.app.values import StoreError, preflight

    try:
        preflight(settings.db)
    except StoreError as error:
        parser.exit(2, f"flopcards interview: {error}\n")
    from tui.config import AppConfig
    from tui.screens.interview_setup import InterviewChoice

    choice = None
    if args.track and args.minutes:
        choice = InterviewChoice(Track(args.track), args.minutes, args.level or "any")
    app = interview_app(AppConfig(settings=settings), choice)
    app.run()
    return app.return_code or 0
