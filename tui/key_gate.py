"""No key of a fast burst is lost: a key that arrives while the screen is still busy with the keys
before it (a store command under way, a message the screen or the focused widget has not finished)
waits its turn, and the keys are handled in order once the screen is quiet."""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from tui.store_work import STORE_GROUP

if TYPE_CHECKING:
    from textual import events
    from textual.app import App
    from textual.message_pump import MessagePump

QUIET_LIMIT = 5.0
"""Seconds a key waits at most: a handler that never ends must not leave the app deaf."""
POLL = 0.005
QUIT_KEYS = frozenset({"q", "ctrl+q", "ctrl+c"})
"""Keys never held for a screen that holds keys (`holds_keys`): quitting is never put off."""


def unfinished(node: MessagePump) -> int:
    """Messages sent to `node` that it has not taken up yet (Textual's queue keeps no count of the
    one being handled: the gate lets the loop turn after each key before it looks)."""
    peeked = getattr(node, "_pending_message", None) is not None
    return node._message_queue.qsize() + peeked


class KeyGate:
    """The app's keys pass through `admit`: a key the screen is quiet for is handled at once; the
    others, and every key after them, are handed to `handle` in order by a task of the gate."""

    def __init__(self, app: App[Any], handle: Callable[[events.Key], Awaitable[None]]) -> None:
        self._app, self._handle = app, handle
        self.waiting: deque[events.Key] = deque()
        self.unseen = 0
        """The first `unseen` waiting keys were pressed while the screen held them for the one it
        opens (`holding`): pressed before that screen showed anything."""
        self._after_unseen: list[Callable[[], None]] = []
        self._task: asyncio.Task[None] | None = None

    def admit(self, event: events.Key) -> bool:
        """True: handle `event` now. False: it waits its turn (the gate hands it on later)."""
        if not self.waiting and self.quiet() and not self.holding(event.key):
            return True
        fresh = type(event)(event.key, event.character)  # the held one is spent once its dispatch returns
        fresh.set_sender(self._app)
        self.waiting.append(fresh)
        if self.holding(event.key):
            self.unseen = len(self.waiting)
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._release())
        return False

    def quiet(self) -> bool:
        """No store command (nor work of the screen's KEYS_WAIT_FOR groups) under way, nothing
        waiting in the app's queue (a focus moved, a key not yet seen), and every widget of the
        screen (one just opened is still mounting its own) has taken up every message it was sent."""
        app = self._app
        try:
            screen = app.screen
        except Exception:  # no screen yet (or any more): nothing to wait for
            return True
        groups = {STORE_GROUP, *getattr(screen, "KEYS_WAIT_FOR", ())}
        if any(w.group in groups and not w.is_finished for w in app.workers):
            return False
        if unfinished(app):
            return False
        return not any(unfinished(node) for node in screen.walk_children(with_self=True))

    def holding(self, key: str) -> bool:
        """The screen holds every key until it opens the next one (the home, when a key pressed
        while the decks open queued a screen: enter, then space and 4 belong to the review),
        however long that takes; the quit keys are never held."""
        try:
            holds = bool(getattr(self._app.screen, "holds_keys", False))
        except Exception:  # no screen yet (or any more)
            return False
        return holds and key not in QUIT_KEYS

    async def settled(self, limit: float = QUIET_LIMIT) -> None:
        """Return once the keys typed so far are handled: none waiting here or on the screen (a
        review's keys held for its answer, `keys_held`), no store command under way (a grade being
        saved), the screen quiet; `limit` seconds at most (a user who keeps typing)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + limit
        while loop.time() < deadline and (self.waiting or not self.quiet() or self._screen_holds()):
            await asyncio.sleep(POLL)

    def after_unseen(self, callback: Callable[[], None]) -> None:
        """Call `callback` once the keys pressed before the screen showed (`unseen`) are handled and
        the screen is quiet, before any key after them; at once if there are none."""
        if self.unseen:
            self._after_unseen.append(callback)
        else:
            callback()

    def _screen_holds(self) -> bool:
        try:
            return bool(getattr(self._app.screen, "keys_held", False))
        except Exception:  # no screen yet (or any more)
            return False

    async def _release(self) -> None:
        while self.waiting:
            await self._turn(self.waiting[0].key)
            if not self._app.is_running:  # the app closed meanwhile: nothing reads keys any more
                self.waiting.clear()
                self.unseen = 0
                break
            self.unseen = max(0, self.unseen - 1)
            await self._handle(self.waiting.popleft())
            await asyncio.sleep(0)  # the widget it went to takes it up
            if self._after_unseen and not self.unseen:
                await self._turn(None)
                callbacks, self._after_unseen = self._after_unseen, []
                for callback in callbacks:  # on the app's loop, as a message: the next key waits for it
                    self._app.call_later(callback)
        self._after_unseen.clear()

    async def _turn(self, key: str | None) -> None:
        """Wait while the screen holds `key`, then until it is quiet: QUIET_LIMIT seconds at most
        from when it stopped holding (the decks may take longer to open than that)."""
        loop = asyncio.get_running_loop()
        deadline = None
        while True:
            if key is not None and self.holding(key):
                self.unseen = len(self.waiting)  # keys pressed meanwhile are for the next screen too
                deadline = None
            elif deadline is None:
                deadline = loop.time() + QUIET_LIMIT
            if deadline is not None and (self.quiet() or loop.time() >= deadline):
                return
            await asyncio.sleep(POLL)


def typed_ahead(app: App[Any]) -> bool:
    """Keys pressed before the screen now opening showed (held while the decks opened) wait to be
    handled on it: a screen whose box the user meant to type into (the browser's search) focuses it."""
    gate = getattr(app, "key_gate", None)
    return gate is not None and bool(gate.unseen)

