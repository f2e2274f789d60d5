"""Command-palette entries: the app's own commands (kept out of app.py); each runs the home
screen's action, so it behaves as the key there (queued while the decks open)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from textual.app import SystemCommand

if TYPE_CHECKING:
    from textual.screen import Screen

COMMANDS: tuple[tuple[str, str, str], ...] = (
    ("Review", "Review what is due in the highlighted deck (home's enter)", "study"),
    ("Study ahead", "Review cards not yet due (home's a)", "study_ahead"),
    ("Custom study", "By tag, failed today, new cards only, ahead by N days (c)", "custom_study"),
    ("Drills", "A timed session of numeric drills (home's d)", "drills"),
    ("Browse", "Search the cards: text, tag:, deck:, due:, is:new/suspended/leech/flagged (b)", "browse"),
    ("Stats", "Heatmap, due forecast, true retention, drills, exam scores (s)", "stats"),
    ("Exam", "A cold exam over the highlighted deck, the grill by default (x)", "exam"),
    ("Mock interview", "Open questions by rubric, each with its drills, one clock (i)", "interview"),
    ("Reload decks", "Read the deck files again (r)", "reload"),
)
"""(title, help, home screen action)."""


def flopcards_commands(home: Screen[None], *, decks_open: bool) -> Iterator[SystemCommand]:
    """The entries, each running `home`'s action; reloading only once the decks are open."""

    def run(action: str) -> Callable[[], None]:
        def go() -> None:
            getattr(home, f"action_{action}")()  # on top of whatever shows; esc comes back to it

        return go

    for title, help_text, action in COMMANDS:
        if action == "reload" and not decks_open:
            continue
        yield SystemCommand(title, help_text, run(action))
