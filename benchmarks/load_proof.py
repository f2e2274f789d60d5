"""Load proof: the whole suite, with a CPU hog on every core, until it passes N times in a row.

    .venv/bin/python benchmarks/load_proof.py                  # 5 in a row, -n 2, one hog per core
    .venv/bin/python benchmarks/load_proof.py --runs 3 --max-runs 6 --hogs 2 -- -m fast

Each run's wall time, CPU time (user+sys of pytest and its workers) and failing tests are printed;
a flake shows as a failed run between passing ones. Exit status 0 once `--runs` consecutive runs
passed, 1 if `--max-runs` were used up first. The hogs (busy loops, one process per core) are
stopped at exit, on Ctrl-C and on SIGTERM. Each run's pytest output is kept in --logs.
"""

from __future__ import annotations

import argparse
import atexit
import os
import re
import resource
import signal
import subprocess
import sys
import time
from pathlib import Path
from types import FrameType

ROOT = Path(__file__).resolve().parent.parent
HOG = "while True: pass"
_hogs: list[subprocess.Popen[bytes]] = []


def start_hogs(count: int) -> None:
    for _ in range(count):
        _hogs.append(subprocess.Popen([sys.executable, "-c", HOG]))


def stop_hogs() -> None:
    while _hogs:
        hog = _hogs.pop()
        hog.kill()
        hog.wait()


def _on_signal(signum: int, _frame: FrameType | None) -> None:
    stop_hogs()
    raise SystemExit(128 + signum)


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_suite(workers: int, extra: list[str], log: Path) -> tuple[bool, float, float, list[str], str]:
    """(passed, wall s, CPU s, failing test ids, pytest's last line) of one whole run; its output
    goes to `log`."""
    cmd = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-ra", *extra]
    if workers:
        cmd += ["-n", str(workers)]
    cpu, start = children_cpu(), time.perf_counter()
    done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    wall, used = time.perf_counter() - start, children_cpu() - cpu
    log.write_text(done.stdout + done.stderr, encoding="utf-8")
    failures = [m.group(1) for m in re.finditer(r"^(?:FAILED|ERROR) (\S+)", done.stdout, re.M)]
    lines = done.stdout.strip().splitlines()
    return done.returncode == 0, wall, used, failures, lines[-1] if lines else done.stderr.strip()[-200:]


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="consecutive passing runs wanted")
    parser.add_argument("--max-runs", type=int, default=10, help="give up after this many runs")
    parser.add_argument("--hogs", type=int, default=os.cpu_count() or 2, help="busy processes beside")
    parser.add_argument("-n", "--workers", type=int, default=2, help="pytest-xdist workers (0: serial)")
    parser.add_argument("--logs", type=Path, default=Path("load-proof-logs"), help="each run's output")
    parser.add_argument("pytest_args", nargs="*", help="after --: passed on to pytest")
    args = parser.parse_args()
    atexit.register(stop_hogs)
    signal.signal(signal.SIGTERM, _on_signal)
    signal.signal(signal.SIGINT, _on_signal)
    args.logs.mkdir(parents=True, exist_ok=True)
    start_hogs(args.hogs)
    print(f"{args.hogs} CPU hogs running; pytest -n {args.workers} {' '.join(args.pytest_args)}", flush=True)
    streak = 0
    for attempt in range(1, args.max_runs + 1):
        log = args.logs / f"run-{attempt}.txt"
        passed, wall, cpu, failures, last = run_suite(args.workers, args.pytest_args, log)
        streak = streak + 1 if passed else 0
        verdict = "pass" if passed else "FAIL"
        print(f"run {attempt}: {verdict} in {wall:6.1f} s wall, {cpu:6.1f} s CPU  ({last})", flush=True)
        for failure in failures:
            print(f"    {failure}", flush=True)
        if streak >= args.runs:
            print(f"{streak} passing runs in a row")
            return 0
    print(f"no {args.runs} passing runs in a row within {args.max_runs} runs")
    return 1


if __name__ == "__main__":
    sys.exit(main())
