"""The key gate without a terminal: keys the home holds while the decks open wait for the screen
it opens to be quiet, however long the decks took, and they act before the screen's answer box
takes the keys."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import pytest
from textual import events

import tui.key_gate as key_gate
from tui.key_gate import POLL, KeyGate


class Pump:
    """What the gate reads of a Textual message pump: its queue."""

    def __init__(self) -> None:
        self._message_queue: asyncio.Queue[str] = asyncio.Queue()
        self._pending_message = None


class FakeScreen(Pump):
    def __init__(self, *, holds_keys: bool = False) -> None:
        super().__init__()
        self.holds_keys = holds_keys

    def walk_children(self, with_self: bool) -> list[Pump]:
        return [self]


class FakeApp(Pump):
    def __init__(self, screen: FakeScreen) -> None:
        super().__init__()
        self.screen, self.workers, self.is_running = screen, [], True

    def call_later(self, callback: Callable[[], object]) -> None:
        self._message_queue.put_nowait("callback")
        asyncio.get_running_loop().call_soon(self._run, callback)

    def _run(self, callback: Callable[[], object]) -> None:
        self._message_queue.get_nowait()
        callback()


async def turns(n: int = 4) -> None:
    """Let the gate's task look `n` times (it looks every POLL seconds)."""
    for _ in range(n):
        await asyncio.sleep(POLL)


async def test_keys_held_past_the_limit_wait_for_the_opened_screen_then_the_box_types(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    home = FakeScreen(holds_keys=True)  # enter queued the review: the decks are opening
    app = FakeApp(home)
    done: list[str] = []

    async def handle(event: events.Key) -> None:
        done.append(event.key)

    gate = KeyGate(app, handle)  # type: ignore[arg-type]
    monkeypatch.setattr(key_gate, "QUIET_LIMIT", 0.0)  # the decks take longer than a key waits
    assert not gate.admit(events.Key("space", " ")) and not gate.admit(events.Key("4", "4"))
    await turns()
    assert done == [] and gate.unseen == 2, "held for the screen the home opens, unseen by the user"
    monkeypatch.setattr(key_gate, "QUIET_LIMIT", 60.0)

    review = FakeScreen()
    review._message_queue.put_nowait("mount")  # the review is pushed, still mounting its card
    app.screen = review
    await turns()
    assert done == [], "a key held past the limit waits for the opened screen like any other"

    gate.after_unseen(lambda: done.append("the box takes the keys"))
    assert not gate.admit(events.Key("7", "7"))  # pressed once the card shows: typed into the box
    review._message_queue.get_nowait()  # mounted: quiet
    while len(done) < 4:
        await turns(1)
    assert done == ["space", "4", "the box takes the keys", "7"]
    assert gate.unseen == 0
    gate.after_unseen(lambda: done.append("at once"))
    assert done[-1] == "at once", "no unseen keys: the box takes the keys at once"
