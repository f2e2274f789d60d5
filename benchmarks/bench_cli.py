"""Benchmark the quick `flopcards` commands as whole processes: wall-clock medians over alternating runs.

`drill check`, `drill show`, `validate` on one deck, one template and everything, `--help`, each
against `python -c pass` (the interpreter's own start), with a warm deck/template cache in a
temporary folder (one untimed run first fills it). Prints wall and CPU (user + system) seconds,
best and median, and the budget issue 31 sets a command (3x python's start + 100 ms, by the
best CPU of each: on a shared machine wall time measures the neighbours). Prints figures; not a
test. The issue asks for `validate FILE` and `drill check` well under a second;
tests/tui/test_cli_imports.py checks what they import.

    python benchmarks/bench_cli.py [--runs 9] [--only check,help]
"""

from __future__ import annotations

import argparse
import os
import resource
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


def once(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(wall, CPU) seconds of one run of the command as a process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(argv, env=env, cwd=TREE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    elapsed = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(argv)}: exit {done.returncode}: {done.stderr.decode()[-300:]}")
    return elapsed, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--only", help=f"comma-separated subset of: {', '.join(COMMANDS)}")
    args = parser.parse_args()
    names = list(COMMANDS) if not args.only else ["python -c pass", *args.only.split(",")]
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "FLOPCARDS_CACHE_DIR": f"{tmp}/cache", "FLOPCARDS_DB": f"{tmp}/db.sqlite3"}
        # as installed: with bytecode (PYTHONDONTWRITEBYTECODE would compile every module each run)
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = f"{tmp}/pycache"
        for name in names:  # warm-up: fills the cache, loads the files into the page cache
            once(command(name), env)
        times: dict[str, list[tuple[float, float]]] = {name: [] for name in names}
        for _ in range(args.runs):  # alternate, so a noisy moment hits every command alike
            for name in names:
                times[name].append(once(command(name), env))
    base_wall = min(t[0] for t in times["python -c pass"])
    base_cpu = min(t[1] for t in times["python -c pass"])
    print(f"{args.runs} runs each, warm cache; load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"{'':<18} {'wall best':>9} {'median':>7} {'CPU best':>9} {'median':>7}   budget (CPU)")
    for name in names:
        wall = sorted(t[0] for t in times[name])
        cpu = sorted(t[1] for t in times[name])
        budget = 3 * base_cpu + 0.100
        verdict = (
            "" if name == "python -c pass" else f"{budget:.3f} {'met' if cpu[0] <= budget else 'NOT met'}"
        )
        print(
            f"{name:<18} {wall[0]:9.3f} {statistics.median(wall):7.3f} {cpu[0]:9.3f}"
            f" {statistics.median(cpu):7.3f}   {verdict}"
        )
    print(f"python -c pass: {base_wall:.3f} s wall, {base_cpu:.3f} s CPU (best)")


if __name__ == "__main__":
    main()
