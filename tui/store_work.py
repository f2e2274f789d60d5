"""Store commands run off the UI thread (a Textual thread worker), and the one place where a store
fault (engine.app.errors.AppError) becomes a notice: the screen never freezes and never exits on it."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Generic, TypeVar

if TYPE_CHECKING:
    from textual.dom import DOMNode

    from engine.app.errors import AppError

T = TypeVar("T")
NOTICE_SECONDS = 15
STORE_GROUP = "store"
"""The worker group of store commands: each holds a user's answer until it commits (quit waits for them)."""


def fault_notice(what: str, error: AppError) -> str:
    """The one line a screen shows for a failed store command: what was not done, and why."""
    return f"{what}: {error.message.rstrip('.')}."


def run_store_command(
    node: DOMNode,
    work: Callable[[], T],
    *,
    what: str,
    done: Callable[[T], object],
    failed: Callable[[AppError], object] | None = None,
    group: str = STORE_GROUP,
) -> None:
    """Run `work` in a thread worker; then `done(result)` on the UI thread, or, when the store failed,
    a notice "`what`: why" (shown wherever the user now is) and `failed(error)`; `done` and `failed`
    are not called once `node` has left the screen. `group`: another than STORE_GROUP for a read
    that keys need not wait for (tui.key_gate) and quitting need not finish."""
    from engine.app.errors import FAULTS, app_error

    app = node.app

    def finish(callback: Callable[[], object]) -> None:
        if node.is_attached:
            callback()

    def report(error: AppError) -> None:
        app.notify(fault_notice(what, error), severity="error", timeout=NOTICE_SECONDS)
        if failed is not None and node.is_attached:
            failed(error)

    def run() -> None:
        try:
            result = work()
        except FAULTS as error:
            fault = app_error(error)
            outcome: Callable[[], None] = lambda: report(fault)  # noqa: E731
        else:
            outcome = lambda: finish(lambda: done(result))  # noqa: E731
        with contextlib.suppress(RuntimeError):  # the app has closed meanwhile
            app.call_from_thread(outcome)

    node.run_worker(run, thread=True, group=group, name=what)


class WriteQueue(Generic[T]):
    """Writes the screen need not wait for (a drill attempt: its outcome is known before it is
    stored), saved in order by one worker at a time; one that fails stays queued, with those after
    it, and is saved again with the next push (or `flush`)."""

    def __init__(self, node: DOMNode, save: Callable[[T], object], *, what: str) -> None:
        self._node, self._save, self._what = node, save, what
        self.waiting: list[T] = []
        self._running = False

    def push(self, item: T) -> None:
        self.waiting.append(item)
        self.flush()

    def flush(self) -> None:
        """Start saving what waits, unless a save is under way (it flushes again when done)."""
        if self._running or not self.waiting:
            return
        self._running = True
        batch, saved = list(self.waiting), []

        def work() -> int:
            for item in batch:
                self._save(item)
                saved.append(item)
            return len(saved)

        def settle(_outcome: object) -> None:
            self._running = False
            del self.waiting[: len(saved)]
            if not isinstance(_outcome, int):
                return  # failed: kept for the next push; the notice said so
            self.flush()

        kept = f"{self._what} (kept: saved again with the next one)"
        run_store_command(self._node, work, what=kept, done=settle, failed=settle)
