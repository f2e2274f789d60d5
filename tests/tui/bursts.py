"""Keys sent as a terminal sends a fast burst: every event queued at once, no pause between."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator

from textual import events
from textual.app import App
from textual.keys import REPLACED_KEYS, _character_to_key, _get_unicode_name_from_key

NAMED = {"enter", "space", "escape", "tab", "up", "down", "left", "right", "backspace"}


def _names(keys: tuple[str, ...]) -> Iterator[str]:
    for key in keys:
        if key in NAMED or "+" in key or len(key) == 1:
            yield key
        else:
            yield from key  # text: typed character by character


def burst(app: App[object], *keys: str) -> None:
    """Queue `keys` together, as Pilot names them (a longer string is text, typed one by one)."""
    driver = app._driver
    assert driver is not None
    for name in _names(keys):
        key = _character_to_key(name) if len(name) == 1 and not name.isalnum() else name
        try:
            char: str | None = unicodedata.lookup(_get_unicode_name_from_key(REPLACED_KEYS.get(key, key)))
        except KeyError:
            char = key if len(key) == 1 else None
        event = events.Key(key, char)
        event.set_sender(app)
        driver.send_message(event)
