"""`flopcards db recover` is bounded on any damaged file: 30 damaged copies (page headers, random
bytes, truncations), each recovered in under 30 s, the process under 300 MB at its peak."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from .recover_corpus import damaged_copies
from .test_damage import _filled

CORPUS = Path(__file__).with_name("recover_corpus.py")


def test_recover_finishes_on_every_damaged_copy_in_time_and_memory(tmp_path: Path) -> None:
    source = tmp_path / "flopcards.db"
    _filled(source)
    copies = damaged_copies(source, tmp_path, per_kind=10)
    assert len(copies) == 30
    done = subprocess.run(
        [sys.executable, str(CORPUS), *map(str, copies)], capture_output=True, text=True, timeout=900
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout.splitlines()[-1])
    runs = report["runs"]
    assert len(runs) == 30
    slow = [r for r in runs if r["seconds"] >= 30]
    assert not slow, slow
    assert report["peak_mb"] < 300, report["peak_mb"]
    for run in runs:  # recovered, or refused with a one-line reason: never a crash
        assert run["code"] in (0, 2), run
        assert "internal error" not in run["said"] and "Traceback" not in run["said"], run
    root_damaged = runs[0]  # the review log's root page: its highest row id cannot be read
    assert root_damaged["file"] == "page-header-00.db" and root_damaged["code"] == 0, root_damaged
