"""Damaged copies of a flopcards database, and `flopcards db recover` run over each with its time and
the process's peak memory (used by test_recover_bounded and benchmarks/bench_recover.py)."""

from __future__ import annotations

import contextlib
import io
import json
import random
import re
import resource
import sqlite3
import sys
import time
from pathlib import Path

KINDS = ("page-header", "random-bytes", "truncated")


def _pages(path: Path) -> tuple[int, int, dict[str, int]]:
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        size = conn.execute("PRAGMA page_size").fetchone()[0]
        count = conn.execute("PRAGMA page_count").fetchone()[0]
        roots = dict(conn.execute("SELECT name, rootpage FROM sqlite_master WHERE type = 'table'"))
    return size, count, roots


def damaged_copies(source: Path, folder: Path, per_kind: int, seed: int = 23) -> list[Path]:
    """`per_kind` copies of each kind: a b-tree page's header overwritten (the first of them the
    review log's root page, whose max(rowid) then cannot be read), random bytes at random places,
    and the file cut short."""
    size, count, roots = _pages(source)
    data = source.read_bytes()
    rng = random.Random(seed)
    copies: list[Path] = []
    for kind in KINDS:
        for i in range(per_kind):
            damaged = bytearray(data)
            if kind == "page-header":
                page = roots["review_log"] if i == 0 else rng.randrange(2, count + 1)
                at = (page - 1) * size
                damaged[at : at + 12] = rng.randbytes(12)
            elif kind == "random-bytes":
                for _ in range(rng.randrange(1, 8)):
                    at = rng.randrange(0, len(damaged) - 64)
                    damaged[at : at + rng.randrange(1, 64)] = rng.randbytes(rng.randrange(1, 64))
            else:
                damaged = damaged[: rng.randrange(size, len(damaged))]
            copy = folder / f"{kind}-{i:02d}.db"
            copy.write_bytes(bytes(damaged))
            copies.append(copy)
    return copies


def recover_each(copies: list[Path]) -> dict[str, object]:
    """`flopcards --db COPY db recover` on each in this process: exit code, seconds, first message
    line; then this process's peak resident memory in MB."""
    from tui.cli import main

    runs = []
    for copy in copies:
        out, err = io.StringIO(), io.StringIO()
        started = time.perf_counter()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(["--db", str(copy), "db", "recover", "--to", str(copy.with_suffix(".recovered.db"))])
        seconds = time.perf_counter() - started
        said = (err.getvalue() or out.getvalue()).strip().splitlines()
        runs.append({"file": copy.name, "code": code, "seconds": seconds, "said": said[0] if said else ""})
    return {"runs": runs, "peak_mb": peak_mb()}


def peak_mb() -> float:
    """This process's own peak resident memory: VmHWM (ru_maxrss can start from the parent's peak
    across fork and exec, e.g. a test worker's)."""
    status = Path("/proc/self/status")
    if status.exists():
        found = re.search(r"VmHWM:\s*(\d+)\s*kB", status.read_text())
        if found:
            return int(found.group(1)) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


if __name__ == "__main__":
    print(json.dumps(recover_each([Path(p) for p in sys.argv[1:]])))
