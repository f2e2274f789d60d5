"""Quit is immediate at any moment: a q typed before the screen is up ends the process before it
draws; keys typed then that are not a quit are kept for the app; quit waits only for the store
commands under way (a grade being committed), never for the load or the warm-up."""

from __future__ import annotations

import asyncio
import os
import pty
import subprocess
import sys
import termios
import threading
from pathlib import Path

from textual.app import App

from tui.early_keys import EarlyKeys
from tui.quick_exit import settle_store_work
from tui.screens.help import HelpScreen
from tui.store_work import WriteQueue

from .conftest import screen_text, wait_until

START = "import sys\nfrom tui.cli import main\nsys.exit(main(['--db', sys.argv[1]]))\n"


def test_q_typed_before_the_screen_quits_without_drawing_it(tmp_path: Path) -> None:
    main_fd, child_fd = pty.openpty()
    before = termios.tcgetattr(child_fd)
    os.write(main_fd, b"q")  # typed as the command starts, before Textual is even imported
    env = {**os.environ, "FLOPCARDS_HOME": str(tmp_path), "TERM": "xterm-256color"}
    process = subprocess.Popen(
        [sys.executable, "-c", START, str(tmp_path / "f.db")],
        stdin=child_fd,
        stdout=child_fd,
        stderr=child_fd,
        env=env,
    )
    try:
        assert process.wait(timeout=60) == 0
        termios.tcsetattr(main_fd, termios.TCSANOW, termios.tcgetattr(main_fd))
        assert termios.tcgetattr(child_fd) == before  # echo and line editing back for the shell
        os.set_blocking(main_fd, False)
        try:
            shown = os.read(main_fd, 65536)
        except BlockingIOError:
            shown = b""
        assert b"\x1b[?1049h" not in shown  # the full screen was never taken
        assert not (tmp_path / "f.db").exists()  # nor the database opened
    finally:
        if process.poll() is None:
            process.kill()
        os.close(main_fd)
        os.close(child_fd)


async def test_a_key_typed_before_the_screen_is_replayed(make_app, held_load) -> None:
    app = make_app()
    app.early_keys = b"?"  # read by the command while Textual imported
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: "Keys · Home" in screen_text(app), "the keys pop-up")
        assert isinstance(app.screen, HelpScreen)
        assert "Keys · Home" in screen_text(app)


async def test_quit_waits_for_the_answers_being_saved() -> None:
    release, saved = threading.Event(), []

    def save(answer: str) -> None:
        release.wait(30)  # a slow disk or a busy server
        saved.append(answer)

    app: App[None] = App()
    async with app.run_test() as pilot:
        queue = WriteQueue(app.screen, save, what="Attempt not saved")
        queue.push("first")
        queue.push("second")  # waits for the first one, then gets a worker of its own
        settling = asyncio.create_task(settle_store_work(app))
        await pilot.pause()
        assert not settling.done() and saved == []
        release.set()
        await asyncio.wait_for(settling, 30)
        assert saved == ["first", "second"]


def test_an_enter_typed_before_the_watch_is_kept_as_enter(monkeypatch) -> None:
    main_fd, child_fd = pty.openpty()
    before = termios.tcgetattr(child_fd)
    os.write(main_fd, b"\r")  # the terminal still translates it to "\n" (ICRNL) at this point
    with open(child_fd, closefd=False) as terminal:
        monkeypatch.setattr(sys, "stdin", terminal)
        early = EarlyKeys()
        early.start()
        assert early._thread is not None
        early._thread.join(30)  # it read the key and stopped watching
        kept = early.stop()
    try:
        assert kept == b"\r"  # replayed as the enter Textual reads in raw mode, not ctrl+j
        assert termios.tcgetattr(child_fd) == before
    finally:
        os.close(main_fd)
        os.close(child_fd)
