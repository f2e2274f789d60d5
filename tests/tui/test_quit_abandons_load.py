"""Quit never waits for the deck load or the warm-up imports: they run in a daemon thread that the
exit abandons (a worker's thread is joined at exit: a quit during the load waited for all of it)."""

from __future__ import annotations

import os
import pty
import select
import subprocess
import sys
import termios
import time
from pathlib import Path

SCRIPT = """
import sys, threading
import tui.services
forever = threading.Event()
def stuck(config, **options):
    forever.wait()  # a load that never ends (a slow disk, a busy server)
tui.services.load_services = stuck
from tui.cli import main
sys.exit(main(["--db", sys.argv[1]]))
"""


def read_until(fd: int, wanted: bytes, deadline: float) -> bytes:
    seen = b""
    while wanted not in seen and time.monotonic() < deadline:
        if select.select([fd], [], [], 0.05)[0]:
            try:
                seen += os.read(fd, 65536)
            except OSError:
                break
    return seen


def test_quit_while_the_load_never_ends_returns_to_the_shell(tmp_path: Path) -> None:
    env = {**os.environ, "FLOPCARDS_HOME": str(tmp_path / "home"), "TERM": "xterm-256color"}
    main_fd, child_fd = pty.openpty()
    before = termios.tcgetattr(child_fd)
    process = subprocess.Popen(
        [sys.executable, "-c", SCRIPT, str(tmp_path / "f.db")],
        stdin=child_fd,
        stdout=child_fd,
        stderr=child_fd,
        env=env,
        close_fds=True,
    )
    try:
        screen = read_until(main_fd, b"Keys", time.monotonic() + 60)  # the home's key bar
        assert b"Keys" in screen
        # on the way, the real terminal driver (tui.driver): a lone ESC byte, as xterm and tmux
        # send Esc, closes the keys pop-up (its q would close it too, not quit)
        os.write(main_fd, b"?")
        assert "Keys · Home".encode() in read_until(main_fd, "Keys · Home".encode(), time.monotonic() + 30)
        os.write(main_fd, b"\x1b")
        assert b"Opening your decks" in read_until(main_fd, b"Opening your decks", time.monotonic() + 30)
        os.write(main_fd, b"q")
        process.wait(timeout=30)  # before: waited for the load thread, here for ever
        assert process.returncode == 0
        assert b"\x1b[?1049l" in read_until(main_fd, b"\x1b[?1049l", time.monotonic() + 5)
        assert termios.tcgetattr(child_fd) == before  # the shell gets its terminal back as it was
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        os.close(main_fd)
        os.close(child_fd)
