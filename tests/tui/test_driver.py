"""The terminal driver (tui.driver): a lone ESC byte is the Esc key once the escape delay is over,
the bytes of a key that come together are that key, and the key thread is Textual's but for its
wait (a Textual upgrade that changes it fails here)."""

from __future__ import annotations

import inspect
import os
import pty
import queue
import signal
import threading
import tty
from collections.abc import Iterator
from contextlib import contextmanager
from textwrap import dedent

import pytest
from textual import constants, events
from textual._xterm_parser import XTermParser
from textual.app import App
from textual.drivers.linux_driver import LinuxDriver
from textual.message import Message

from tui.driver import ESCAPE_DELAY_MS, IDLE_WAIT, FlopcardsDriver, input_wait

CHANGES = (
    ("selector.select(0.1))\n", "selector.select(input_wait(parser)))\n"),  # the one that matters
    ('for event in feed(""):', 'for _event in feed(""):'),  # for ruff
)
"""tui.driver's run_input_thread is Textual 8.2.8's with these changes, each made once."""


def test_the_key_thread_is_textuals_but_for_its_wait() -> None:
    textual = dedent(inspect.getsource(LinuxDriver.run_input_thread))
    for old, new in CHANGES:
        assert textual.count(old) >= 1
        textual = textual.replace(old, new, 1)
    # a difference here: Textual changed its key thread; copy the new one and make the changes again
    assert dedent(inspect.getsource(FlopcardsDriver.run_input_thread)) == textual


def test_the_wait_ends_at_the_parsers_deadline_for_a_lone_esc(monkeypatch: pytest.MonkeyPatch) -> None:
    now = [1000.0]
    monkeypatch.setattr("textual._parser.get_time", lambda: now[0])
    monkeypatch.setattr("tui.driver.get_time", lambda: now[0])
    monkeypatch.setattr(constants, "ESCAPE_DELAY", ESCAPE_DELAY_MS / 1000)
    parser = XTermParser()
    assert list(parser.feed("j")) and input_wait(parser) == IDLE_WAIT  # nothing pending
    assert list(parser.feed("\x1b")) == []  # the start of a sequence, or the Esc key
    assert input_wait(parser) == pytest.approx(0.05)
    now[0] += 0.03
    assert input_wait(parser) == pytest.approx(0.02) and list(parser.tick()) == []
    now[0] += 0.02
    assert input_wait(parser) == 0.0
    assert [event.key for event in parser.tick()] == ["escape"]  # type: ignore[attr-defined]
    assert input_wait(parser) == IDLE_WAIT


class Recorded(FlopcardsDriver):
    """The driver on a pty of the test's, its events put in a queue instead of the app's."""

    def __init__(self, app: App[None], fileno: int) -> None:
        super().__init__(app)
        self.fileno = fileno
        self.events: queue.Queue[Message] = queue.Queue()

    def process_message(self, message: Message) -> None:
        self.events.put(message)

    def keys(self, count: int) -> list[str]:
        keys = []
        while len(keys) < count:
            event = self.events.get(timeout=30)
            if isinstance(event, events.Key):
                keys.append(event.key)
        return keys


@contextmanager
def signals_kept() -> Iterator[None]:
    """The driver sets handlers for ctrl+z (suspend) and the resume; the test process's come back."""
    handlers = {sig: signal.getsignal(sig) for sig in (signal.SIGTSTP, signal.SIGCONT)}
    try:
        yield
    finally:
        for sig, handler in handlers.items():
            signal.signal(sig, handler)


@contextmanager
def reading_a_pty() -> Iterator[tuple[int, Recorded]]:
    """The driver's key thread reading a pty in raw mode; yields the pty's other end."""
    main_fd, child_fd = pty.openpty()
    tty.setraw(child_fd)
    with signals_kept():
        driver = Recorded(App(), child_fd)
    thread = threading.Thread(target=driver.run_input_thread, daemon=True)
    thread.start()
    try:
        yield main_fd, driver
    finally:
        driver.exit_event.set()
        thread.join(30)
        os.close(main_fd)
        os.close(child_fd)


async def test_a_lone_esc_byte_is_the_esc_key_and_sequences_stay_keys(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("ESCDELAY", raising=False)
    monkeypatch.setattr(constants, "ESCAPE_DELAY", constants.ESCAPE_DELAY)  # the driver sets it
    with reading_a_pty() as (main_fd, driver):
        assert constants.ESCAPE_DELAY == ESCAPE_DELAY_MS / 1000  # no $ESCDELAY: flopcards' delay
        os.write(main_fd, b"\x1b")  # xterm's or tmux's Esc: nothing follows it
        assert driver.keys(1) == ["escape"]
        os.write(main_fd, b"\x1b[A")  # an arrow key: its bytes arrive in one read
        assert driver.keys(1) == ["up"]
        os.write(main_fd, b"\x1b\x1b[Bj")  # Esc, down and j typed faster than the delay
        assert driver.keys(3) == ["escape", "down", "j"]
        os.write(main_fd, b"\x1b[27u")  # Esc as the kitty keyboard protocol sends it
        assert driver.keys(1) == ["escape"]


async def test_the_users_escdelay_is_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ESCDELAY", "200")
    monkeypatch.setattr(constants, "ESCAPE_DELAY", 0.2)  # what Textual read from it at import
    with signals_kept():
        FlopcardsDriver(App())
    assert constants.ESCAPE_DELAY == 0.2


def test_the_app_runs_on_flopcards_driver_in_a_terminal_only(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app()
    assert app.driver_class is FlopcardsDriver  # a terminal on Linux or macOS
    monkeypatch = pytest.MonkeyPatch()
    with monkeypatch.context() as patched:
        patched.setattr(constants, "DRIVER", "textual.drivers.headless_driver:HeadlessDriver")
        assert make_app().driver_class.__name__ == "HeadlessDriver"  # $TEXTUAL_DRIVER still rules
