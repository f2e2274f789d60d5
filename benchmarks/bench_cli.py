"""Benchmark the quick `flopcards` commands as whole processes: wall-clock medians over alternating runs.

`drill check`, `drill show`, `validate` on one deck, one template and everything, `--help`, each
against `python -c pass` (the interpreter's own start), with a warm deck/template cache in a
temporary folder (one untimed run first fills it). Prints figures; not a test. The issue asks for
`validate FILE` and `drill check` well under a second; tests/tui/test_cli_imports.py checks what
they import.

    python benchmarks/bench_cli.py [--runs 9] [--only check,help]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TREE = Path(__file__).resolve().parents[1]
COMMANDS: dict[str, list[str]] = {
    "python -c pass": [sys.executable, "-c", "pass"],
    "help": ["--help"],
    "check": ["drill", "check", "allreduce-time", "--seed", "1", "--answer", "1 s"],
    "show": ["drill", "show", "kv-cache", "--seed", "4"],
    "validate-deck": ["validate", str(TREE / "cards" / "decks" / "key-numbers.yaml")],
    "validate-template": ["validate", str(TREE / "drills" / "templates" / "amdahl.yaml")],
    "validate-all": ["validate"],
}


def flopcards() -> list[str]:
    script = Path(sys.executable).parent / "flopcards"
    return [str(script)] if script.exists() else [sys.executable, "-m", "tui.cli"]


def command(name: str) -> list[str]:
    argv = COMMANDS[name]
    return argv if argv[0] == sys.executable else [*flopcards(), *argv]


def once(argv: list[str], env: dict[str, str]) -> float:
    started = time.perf_counter()
    done = subprocess.run(argv, env=env, cwd=TREE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    elapsed = time.perf_counter() - started
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(argv)}: exit {done.returncode}: {done.stderr.decode()[-300:]}")
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--only", help=f"comma-separated subset of: {', '.join(COMMANDS)}")
    args = parser.parse_args()
    names = list(COMMANDS) if not args.only else ["python -c pass", *args.only.split(",")]
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "FLOPCARDS_CACHE_DIR": f"{tmp}/cache", "FLOPCARDS_DB": f"{tmp}/db.sqlite3"}
        for name in names:  # warm-up: fills the cache, loads the files into the page cache
            once(command(name), env)
        times: dict[str, list[float]] = {name: [] for name in names}
        for _ in range(args.runs):  # alternate, so a noisy moment hits every command alike
            for name in names:
                times[name].append(once(command(name), env))
    base = statistics.median(times["python -c pass"])
    print(
        f"{args.runs} runs each, warm cache; wall seconds (min / median / max), median minus python's start"
    )
    for name in names:
        t = sorted(times[name])
        median = statistics.median(t)
        print(f"{name:<18} {t[0]:6.3f} {median:6.3f} {t[-1]:6.3f}   +{median - base:.3f}")


if __name__ == "__main__":
    main()
