"""A modal listing the keys of the screen it was opened from, generated from its BINDINGS."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Static

_PRETTY = {
    "question_mark": "?",
    "escape": "esc",
    "exclamation_mark": "!",
    "minus": "-",
    "plus": "+",
    "slash": "/",
}


def pretty_key(key: str) -> str:
    """How a key is written in the help screen and the README: '?', 'esc', 'ctrl+z'."""
    return _PRETTY.get(key, key)


KeyRow = tuple[str, str]
"""(keys, what they do): ('space/enter', 'Show answer')."""


def key_rows(bindings: Iterable[BindingType], widget_keys: Iterable[KeyRow] = ()) -> list[KeyRow]:
    """(keys, what they do) for bindings that have a description, one row per action.

    Bindings of one action (grade(0)..grade(5), or enter and n for 'next') share a row; a binding's
    key_display stands for its whole group (the '0-5' of the grades). Rows with the same description
    are then merged ('space/enter  Show answer'), `widget_keys` rows too.
    """
    groups: dict[tuple[str, str], list[Binding]] = {}
    for binding in Binding.make_bindings(bindings):
        if not binding.description:
            continue
        base = binding.action.split("(", 1)[0]
        # a hidden binding joins the row of its action's shown one (grade(3) joins '0-5 Grade');
        # shown bindings of one action with their own words keep their own rows ('r Right', 'w Wrong')
        joined = None if binding.show else next((key for key in groups if key[0] == base), None)
        groups.setdefault(joined or (base, binding.description), []).append(binding)
    found: list[tuple[list[str], str]] = []
    for group in groups.values():
        shown = next((b for b in group if b.show), group[0])
        display = next((b.key_display for b in group if b.key_display), None)
        found.append(([display] if display else [pretty_key(b.key) for b in group], shown.description))
    found += [([keys], what) for keys, what in widget_keys]
    rows: dict[str, list[str]] = {}
    for keys, what in found:
        merged = rows.setdefault(what, [])
        merged += [k for k in keys if k not in merged]
    return [("/".join(keys), what) for what, keys in rows.items()]


def screen_name(screen: type[Screen[Any]] | Screen[Any]) -> str:
    """'Home', 'Review', 'Drill setup': the class name without 'Screen', in words."""
    cls = screen if isinstance(screen, type) else type(screen)
    words = re.findall(r"[A-Z][a-z]*", cls.__name__.removesuffix("Screen"))
    return " ".join([words[0], *(w.lower() for w in words[1:])]) if words else cls.__name__


def screen_keys(screen: type[Screen[Any]] | Screen[Any]) -> list[tuple[str, str]]:
    """The keys a screen declares: its own BINDINGS, then WIDGET_KEYS (keys its widgets handle)."""
    cls = screen if isinstance(screen, type) else type(screen)
    return key_rows(cls.BINDINGS, getattr(cls, "WIDGET_KEYS", []))


def app_keys(app: type[App[Any]] | App[Any]) -> list[tuple[str, str]]:
    """Keys that work on every screen: the app's own bindings and the command palette."""
    cls = app if isinstance(app, type) else type(app)
    rows = key_rows(cls.BINDINGS)
    if cls.ENABLE_COMMAND_PALETTE:
        rows.append((cls.COMMAND_PALETTE_BINDING, "Command palette"))
    return rows


def keys_text(rows: list[tuple[str, str]]) -> Text:
    """Two aligned columns: the keys in bold, then what they do."""
    width = max((len(k) for k, _ in rows), default=0)
    text = Text()
    for i, (keys, what) in enumerate(rows):
        text.append(("\n" if i else "") + keys.ljust(width), style="bold")
        text.append(f"  {what}")
    return text


class HelpScreen(ModalScreen[None]):
    """Shows the keys of the screen below it; any of escape, q or ? closes it."""

    BINDINGS = [
        Binding("escape", "dismiss", "Close"),
        Binding("question_mark", "dismiss", "Close", show=False),
        Binding("q", "dismiss", "Close", show=False),
    ]

    def __init__(self, screen: Screen[Any]) -> None:
        super().__init__()
        self.title_text = f"Keys · {screen_name(screen)}"
        self.rows = screen_keys(screen)

    def compose(self) -> ComposeResult:
        anywhere = " · ".join(f"{keys} {what.lower()}" for keys, what in app_keys(self.app))
        with Vertical(id="help-box", classes="modal-box"):
            yield Static(self.title_text, id="help-title", classes="modal-title", markup=False)
            yield Static(keys_text(self.rows), id="help-keys")
            yield Static(f"On every screen: {anywhere}\nesc closes", classes="hint", markup=False)
        yield Footer()  # the modal's own keys, not the keys of the screen beneath
