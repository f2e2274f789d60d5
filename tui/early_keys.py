"""Keys typed before the screen takes the terminal (while Textual imports): a quit key ends the
process at once; any other key is kept, and the app replays it as if it had read it itself."""

from __future__ import annotations

import contextlib
import os
import select
import sys
import termios
import threading
from typing import Any

QUIT_KEYS = (b"q", b"\x11")
"""q (the home's quit) and ctrl+q (the app's): the screens that could give q another meaning are
not open yet. ctrl+c stays a signal until the screen takes over."""


class EarlyKeys:
    """Watches the terminal from the start until `stop()`, in a daemon thread."""

    def __init__(self) -> None:
        self.kept = b""
        self._fd = -1
        self._attrs: list[Any] | None = None
        self._wake_r, self._wake_w = -1, -1
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        """Read keys one by one without echo; nothing happens when stdin is no terminal."""
        try:
            fd = sys.stdin.fileno()
            attrs = termios.tcgetattr(fd)
        except (AttributeError, OSError, ValueError, termios.error):
            return
        quiet: list[Any] = [*attrs[:6], list(attrs[6])]
        quiet[0] = attrs[0] & ~termios.ICRNL  # enter read as "\r", as Textual reads it
        quiet[3] = attrs[3] & ~(termios.ICANON | termios.ECHO)
        quiet[6][termios.VMIN], quiet[6][termios.VTIME] = 1, 0
        termios.tcsetattr(fd, termios.TCSANOW, quiet)
        self._fd, self._attrs = fd, attrs
        self._wake_r, self._wake_w = os.pipe()
        self._thread = threading.Thread(target=self._watch, name="flopcards-early-keys", daemon=True)
        self._thread.start()

    def _restore(self) -> None:
        if self._attrs is not None:
            with contextlib.suppress(termios.error):
                termios.tcsetattr(self._fd, termios.TCSANOW, self._attrs)

    def _watch(self) -> None:
        ready = select.select([self._fd, self._wake_r], [], [])[0]
        if self._fd not in ready:
            return  # stopped: the app reads the keyboard from now on
        try:
            data = os.read(self._fd, 1024)
        except OSError:
            return
        if data in QUIT_KEYS:
            self._restore()
            os._exit(0)  # nothing is open yet: no answer, no database, no screen
        # one key (or a paste): the app replays it, the next ones it reads itself; an enter typed
        # before the watch began went through the terminal's CR-to-NL translation
        self.kept = data.replace(b"\n", b"\r")

    def stop(self) -> bytes:
        """Give the terminal back as it was (Textual saves it to restore at exit) and return what was
        read meanwhile; a key being read now is waited for, never lost."""
        if self._thread is None:
            return b""
        os.write(self._wake_w, b"x")
        self._thread.join()
        self._restore()
        for fd in (self._wake_r, self._wake_w):
            os.close(fd)
        self._thread = None
        return self.kept
