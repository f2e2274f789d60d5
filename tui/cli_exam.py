"""`flopcards exam DECK [--n N] [--shuffle]`: open the app straight on a cold exam over a deck."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine.app.values import Settings
from tui.cli_flags import Parser, fail

if TYPE_CHECKING:
    from tui.app import FlopcardsApp
    from tui.config import AppConfig

WANTS_SETTINGS = True


def _count(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text[:20]}' is not a whole number") from None
    if not 1 <= value <= 1000:
        raise argparse.ArgumentTypeError("the number of questions must be 1-1000")
    return value


def exam_app(config: AppConfig, deck_id: str, *, n: int | None = None, shuffle: bool = False) -> FlopcardsApp:
    """The app, opening the exam once the decks are loaded (or leaving with the reason it cannot)."""
    from tui.app import FlopcardsApp

    class ExamApp(FlopcardsApp):
        def on_mount(self) -> None:
            self.run_worker(self._when_loaded(), group="exam-start")

        async def _when_loaded(self) -> None:
            await self.loaded.wait()
            self.call_after_refresh(self._open_exam)  # once the home screen has drawn

        def _open_exam(self) -> None:
            from tui.screens.exam import open_exam

            if problem := open_exam(self, self.services, deck_id, n=n, shuffle=shuffle):
                self.exit(None, 2, f"flopcards exam: {problem}")

    return ExamApp(config)


def main(argv: Sequence[str], settings: Settings) -> int:
    parser = Parser(
        prog="flopcards exam",
        description="A cold exam: fronts only, timed, marked right or wrong, scored per section. "
        "Does not change your review schedule unless you review the misses afterwards.",
    )
    parser.add_argument("deck", nargs="?", default="grill", help="deck id (default: grill)")
    parser.add_argument("--n", type=_count, help="ask a random sample of N questions (kept in deck order)")
    parser.add_argument("--shuffle", action="store_true", help="ask the questions in random order")
    args = parser.parse_args(list(argv))

    from engine.app.values import StoreError, preflight
    from tui.authoring import load_collection

    deck_ids = [d.id for d in load_collection(settings.deck_dirs).decks]
    if args.deck not in deck_ids:  # said before the screen is taken over, with the decks there are
        return fail("flopcards exam", f"no deck '{args.deck[:80]}' (decks: {', '.join(deck_ids)})", 2)
    try:
        preflight(settings.db)
    except StoreError as error:
        return fail("flopcards exam", str(error), 2)
    from tui.config import AppConfig

    app = exam_app(AppConfig(settings=settings), args.deck, n=args.n, shuffle=args.shuffle)
    app.run()
    return app.return_code or 0
