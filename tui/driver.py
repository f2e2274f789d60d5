"""The terminal driver on Linux and macOS: Textual's, with a key thread that hands over a lone Esc
as soon as the escape delay is over (Textual's looks for it only every 0.1 s)."""

from __future__ import annotations

import os
import selectors
from codecs import getincrementaldecoder
from typing import TYPE_CHECKING, Any

from textual import constants
from textual._loop import loop_last
from textual._parser import ParseError
from textual._time import get_time
from textual._xterm_parser import XTermParser
from textual.drivers.linux_driver import LinuxDriver

if TYPE_CHECKING:
    from textual.app import App

ESCAPE_DELAY_MS = 50
"""How long a lone ESC byte waits for the rest of a sequence before it is the Esc key, unless the
user set $ESCDELAY (Textual's default is 100 ms): Neovim's default `ttimeoutlen`. A terminal
writes the bytes of one key together, so an arrow key is not split by it, even over ssh."""

IDLE_WAIT = 0.1
"""How long the key thread waits for input when no sequence is pending, as Textual's does: it
looks at its exit flag that often."""


def set_escape_delay() -> None:
    """ESCAPE_DELAY_MS as Textual's escape delay, unless the user's $ESCDELAY is (Textual reads it
    once, at import; its parser reads the constant at each ESC, so setting it later holds)."""
    if "ESCDELAY" not in os.environ:
        constants.ESCAPE_DELAY = ESCAPE_DELAY_MS / 1000  # type: ignore[misc]  # Final to Textual's users


def input_wait(parser: XTermParser) -> float:
    """How long to wait for input: until the parser's deadline when it holds the start of a
    sequence (a lone ESC becomes the Esc key then), else IDLE_WAIT."""
    deadline: float | None = parser._timeout_time
    return IDLE_WAIT if deadline is None else max(0.0, deadline - get_time())


class FlopcardsDriver(LinuxDriver):
    """Textual's Linux driver, the select in its key thread waiting `input_wait` instead of 0.1 s.

    run_input_thread is Textual 8.2.8's (textual/drivers/linux_driver.py) with that one change;
    tests/tui/test_driver.py fails when Textual's changes, so an upgrade is looked at here."""

    def __init__(
        self, app: App[Any], *, debug: bool = False, mouse: bool = True, size: tuple[int, int] | None = None
    ) -> None:
        super().__init__(app, debug=debug, mouse=mouse, size=size)
        set_escape_delay()

    def run_input_thread(self) -> None:
        """Wait for input and dispatch events."""
        selector = selectors.SelectSelector()
        selector.register(self.fileno, selectors.EVENT_READ)

        fileno = self.fileno
        EVENT_READ = selectors.EVENT_READ

        parser = XTermParser(self._debug)
        feed = parser.feed
        tick = parser.tick

        utf8_decoder = getincrementaldecoder("utf-8")().decode
        decode = utf8_decoder
        read = os.read

        def process_selector_events(
            selector_events: list[tuple[selectors.SelectorKey, int]],
            final: bool = False,
        ) -> None:
            """Process events from selector.

            Args:
                selector_events: List of selector events.
                final: True if this is the last call.

            """
            for last, (_selector_key, mask) in loop_last(selector_events):
                if mask & EVENT_READ:
                    unicode_data = decode(read(fileno, 1024 * 4), final=final and last)
                    if not unicode_data:
                        # This can occur if the stdin is piped
                        break
                    for event in feed(unicode_data):
                        self.process_message(event)
            for event in tick():
                self.process_message(event)

        try:
            while not self.exit_event.is_set():
                process_selector_events(selector.select(input_wait(parser)))
            selector.unregister(self.fileno)
            process_selector_events(selector.select(0.1), final=True)

        finally:
            selector.close()
            try:
                for _event in feed(""):
                    pass
            except (EOFError, ParseError):
                pass
