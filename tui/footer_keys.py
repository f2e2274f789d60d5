"""Footer keys start as compact as the footer they sit in (Textual's start compact, then restyle).

Textual's FooterKey declares `compact = reactive(True)` while Footer defaults to `compact=False`
and binds each of its keys' value to its own: every key of every footer was styled twice on mount
(the -compact class added, then removed), a sixth of the CPU of drawing a screen with a key bar.
A key now starts non-compact unless it is the command palette's (the one key Footer does not bind:
it stays compact), so what is drawn is the same (the SVG snapshots check it)."""

from __future__ import annotations

from textual.reactive import Initialize, Reactive
from textual.widgets._footer import FooterKey

PALETTE_KEY = "-command-palette"
"""The class of the footer's command-palette key, the key whose compact value is never bound."""


def _starts_compact(key: FooterKey) -> bool:
    return key.has_class(PALETTE_KEY)


def keys_start_as_footers_do() -> None:
    """Give FooterKey.compact its footer's start (idempotent; a no-op if Textual's reactive changes)."""
    compact = FooterKey.__dict__.get("compact")
    if isinstance(compact, Reactive) and getattr(compact, "_default", None) is True:
        compact._default = Initialize(_starts_compact)
