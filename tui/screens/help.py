"""A modal listing the keys of the screen it was opened from."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

_PRETTY = {"question_mark": "?", "escape": "esc", "space": "space", "enter": "enter"}


def describe_keys(screen: Screen[object]) -> list[tuple[str, str]]:
    """(key, what it does) for every binding the screen declares."""
    rows = []
    for binding in screen.BINDINGS:
        if isinstance(binding, Binding) and binding.description:
            key = binding.key_display or _PRETTY.get(binding.key, binding.key)
            rows.append((key, binding.description))
    return rows


class HelpScreen(ModalScreen[None]):
    """Shows the keys; any of escape, q or ? closes it."""

    BINDINGS = [
        Binding("escape", "dismiss", "Close"),
        Binding("question_mark", "dismiss", "Close", show=False),
        Binding("q", "dismiss", "Close", show=False),
    ]

    def __init__(self, screen: Screen[object], extra: list[tuple[str, str]] | None = None) -> None:
        super().__init__()
        self.rows = describe_keys(screen) + (extra or [])

    def compose(self) -> ComposeResult:
        width = max((len(k) for k, _ in self.rows), default=4)
        text = "\n".join(f"[b]{key.ljust(width)}[/b]  {what}" for key, what in self.rows)
        with Vertical(id="help-box"):
            yield Static("Keys", id="help-title")
            yield Static(text, id="help-keys")
            yield Static("escape closes", classes="hint")
