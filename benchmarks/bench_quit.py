"""Quit at once after launch: time from `q` to the shell prompt, with `q` sent at several moments
(during the deck load, the warm-up imports, and once idle). Goal: under 0.3 s at any moment."""

from __future__ import annotations

import contextlib
import os
import pty
import select
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

DELAYS = (0.1, 0.3, 0.6, 1.0, 1.5, 2.0, 3.0, 5.0)
ROUNDS = 3


def quit_after(command: str, delay: float, home: Path) -> float:
    env = {**os.environ, "FLOPCARDS_HOME": str(home), "TERM": "xterm-256color"}
    pid, fd = pty.fork()
    if pid == 0:  # the child: the real console script on a terminal of its own
        os.execve(command, [command], env)
    start = time.monotonic()
    while time.monotonic() - start < delay:
        if select.select([fd], [], [], 0.01)[0]:
            try:
                os.read(fd, 65536)
            except OSError:
                break
    os.write(fd, b"q")
    sent = time.monotonic()
    while True:
        if select.select([fd], [], [], 0.005)[0]:
            with contextlib.suppress(OSError):
                os.read(fd, 65536)
        done, _ = os.waitpid(pid, os.WNOHANG)
        if done:
            os.close(fd)
            return time.monotonic() - sent


def main() -> int:
    command = shutil.which("flopcards", path=str(Path(sys.executable).parent))
    if command is None:
        print("no flopcards script beside this python: run it with the .venv's python")
        return 1
    with tempfile.TemporaryDirectory() as home:
        quit_after(command, 3.0, Path(home))  # first run: creates the database and the caches
        print(f"{'q sent after':>12}  {'median':>7}  {'worst':>7}")
        for delay in DELAYS:
            times = [quit_after(command, delay, Path(home)) for _ in range(ROUNDS)]
            print(f"{delay:>11.1f}s  {statistics.median(times):>6.3f}s  {max(times):>6.3f}s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
