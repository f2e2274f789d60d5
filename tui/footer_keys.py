"""The key bar's cost: keys start as compact as their footer; a footer recomposes only on a change.

Textual's FooterKey declares `compact = reactive(True)` while Footer defaults to `compact=False`
and binds each of its keys' value to its own: every key of every footer was styled twice on mount
(the -compact class added, then removed), a sixth of the CPU of drawing a screen with a key bar.
A key now starts non-compact unless it is the command palette's (the one key Footer does not bind:
it stays compact), so what is drawn is the same (the SVG snapshots check it)."""

from __future__ import annotations

from collections.abc import Hashable
from weakref import WeakKeyDictionary

from textual.reactive import Initialize, Reactive
from textual.widgets._footer import Footer, FooterKey

PALETTE_KEY = "-command-palette"
"""The class of the footer's command-palette key, the key whose compact value is never bound."""


def _starts_compact(key: FooterKey) -> bool:
    return key.has_class(PALETTE_KEY)


def keys_start_as_footers_do() -> None:
    """Give FooterKey.compact its footer's start (idempotent; a no-op if Textual's reactive changes)."""
    compact = FooterKey.__dict__.get("compact")
    if isinstance(compact, Reactive) and getattr(compact, "_default", None) is True:
        compact._default = Initialize(_starts_compact)


_recompose = Footer.recompose


def _shown(footer: Footer) -> Hashable:
    """What the footer's compose draws its keys from: the screen's bindings (with their enabled
    state and tooltips) and the footer's own options."""
    bindings = tuple(
        (
            binding.key,
            binding.action,
            binding.description,
            binding.key_display,
            binding.show,
            binding.group,
            enabled,
            tooltip,
        )
        for (_node, binding, enabled, tooltip) in footer.screen.active_bindings.values()
    )
    return (bindings, footer.show_command_palette, footer.compact, footer._bindings_ready)


async def _recompose_if_changed(self: Footer) -> None:
    """Footer.recompose, skipped when the keys it would draw are the ones it shows: a screen tells
    its footer the bindings changed after every state change (a card shown, a grade saved), and a
    recompose remounts every key; about half of them changed nothing."""
    try:
        shown = _shown(self)
    except Exception:  # not on a screen (yet): as Textual does
        await _recompose(self)
        return
    if self.children and _COMPOSED.get(self) == shown:
        return
    await _recompose(self)
    _COMPOSED[self] = shown


_COMPOSED: WeakKeyDictionary[Footer, Hashable] = WeakKeyDictionary()


def footers_recompose_on_change() -> None:
    """Install `_recompose_if_changed` as Footer.recompose (idempotent)."""
    Footer.recompose = _recompose_if_changed  # type: ignore[method-assign, assignment]
