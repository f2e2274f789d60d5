"""Quit at once: wait for the store commands under way (a grade being committed), give the terminal
back, and end the process without Textual's teardown or the interpreter's exit."""

from __future__ import annotations

import contextlib
import os
import sys
import termios
from typing import TYPE_CHECKING, Any, NoReturn

from tui.store_work import STORE_GROUP

if TYPE_CHECKING:
    from textual.app import App

async def settle_store_work(app: App[Any]) -> None:
    """Return once no store command is under way; one that finishes may start the next (a queue of
    drill attempts saves them in turn), so the workers are looked at again until none is left."""
    while running := [w for w in app.workers if w.group == STORE_GROUP and not w.is_finished]:
        for worker in running:
            with contextlib.suppress(Exception):  # a failed save has said so on screen already
                await worker.wait()


LEAVE_SCREEN = (
    "\x1b[?1000l\x1b[?1003l\x1b[?1015l\x1b[?1006l"  # mouse reports off
    "\x1b[?2004l"  # bracketed paste off
    "\x1b[?7h"  # line wrap back on
    "\x1b[?2048l"  # in-band resize reports off
    "\x1b[<u"  # the kitty keyboard protocol popped (before leaving the alternate screen)
    "\x1b[?1049l"  # the main screen back
    "\x1b[?25h"  # the cursor shown
    "\x1b[?1004l"  # focus reports off
)
"""What Textual's Linux driver writes when it leaves application mode."""


def give_back_terminal(app: App[Any]) -> None:
    """Leave application mode as Textual does on exit, minus the join of its key thread (it polls
    every 0.1 s, twice on the way out); safe from any thread: the frames queued so far are written,
    then the writer stops, so no later frame lands on the shell's screen."""
    driver = app._driver
    if driver is None:
        return
    driver.close()  # its writer thread writes what is queued, then stops
    stream = getattr(driver, "_file", None) or sys.__stderr__
    if stream is not None:
        with contextlib.suppress(OSError, ValueError):
            stream.write(LEAVE_SCREEN)
            stream.flush()
    attrs, fileno = getattr(driver, "attrs_before", None), getattr(driver, "fileno", None)
    if attrs is not None and isinstance(fileno, int):
        with contextlib.suppress(termios.error):
            termios.tcsetattr(fileno, termios.TCSANOW, attrs)
            termios.tcflush(fileno, termios.TCIFLUSH)  # keys typed meanwhile do not reach the shell


def leave_process(app: App[Any], code: int) -> NoReturn:
    """End the process now. The deck load and the warm-up imports run in daemon threads that hold
    no user data (every answer is committed in its own transaction before the screen says saved);
    the interpreter's exit would wait for them and tear their modules down, seconds on a busy machine."""
    give_back_terminal(app)
    for stream in (sys.stdout, sys.stderr, sys.__stdout__, sys.__stderr__):
        with contextlib.suppress(OSError, ValueError, AttributeError):
            stream.flush()  # type: ignore[union-attr]
    os._exit(code)
