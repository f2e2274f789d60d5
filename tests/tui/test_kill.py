"""SIGKILL during a review loses no answer that the app had already reported as given."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

DRIVER = Path(__file__).with_name("review_driver.py")
DECKS = Path(__file__).parent.parent / "data" / "decks"


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs POSIX signals")
def test_sigkill_mid_review_keeps_every_given_answer(tmp_path: Path) -> None:
    db = tmp_path / "kill.db"
    proc = subprocess.Popen(
        [sys.executable, str(DRIVER), str(db), str(DECKS)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    given: list[str] = []
    try:
        assert proc.stdout is not None
        while len(given) < 7:
            line = proc.stdout.readline()
            if not line:
                pytest.fail(f"driver stopped early: {proc.stderr.read() if proc.stderr else ''}")
            given.append(line.split()[1])
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)
    assert proc.returncode == -signal.SIGKILL
    with sqlite3.connect(db) as conn:
        logged = [row[0] for row in conn.execute("SELECT card_key FROM review_log ORDER BY id")]
        states = {row[0] for row in conn.execute("SELECT card_key FROM card_state")}
    assert logged[: len(given)] == given
    assert set(given) <= states
