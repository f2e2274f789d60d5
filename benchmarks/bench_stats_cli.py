"""Benchmark `flopcards stats --json` as a whole process on a generated collection: with the deck
outline kept by the app's last load (what a user has after opening the app once) and with
`--no-cache` (every deck file parsed, as the command did before it read the outline).

    python benchmarks/bench_stats_cli.py [--cards 100000] [--reviews-per-card 3] [--runs 3]
        [--keep /tmp/stats-1m] [--profile] [--kept-only]

`--keep FOLDER` generates the collection there once and reuses it on later runs (1M cards take
minutes to generate). Prints wall-clock and CPU (user + system) best and median beside
`python -c pass`, and the machine's load; not a test (tests/tui/test_cli_stats_outline.py
checks that the outline is used and gives the same figures).
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

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.collection import generate_collection


def _keep_outline(db: Path, decks: Path, cache: Path) -> None:
    """One full load as the app does it, leaving the outline in the cache."""
    from engine.settings import Settings, user_deck_dir
    from tui.config import AppConfig
    from tui.keep_outline import save_outline
    from tui.services import load_services

    config = AppConfig(
        settings=Settings(db=str(db), deck_dirs=(user_deck_dir(), decks)), cache_dir=cache, warm_up_delay=0
    )
    services = load_services(config)
    save_outline(config, services)
    services.close()


def _time(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(wall, CPU) seconds of one run; CPU (user + system) says more than wall on a busy machine."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(argv, env=env, capture_output=True, text=True, check=False)
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} failed: {done.stderr.strip()}")
    return elapsed, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=100_000)
    parser.add_argument("--reviews-per-card", type=int, default=3)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--keep", type=Path, help="generate into this folder once, reuse it after")
    parser.add_argument("--profile", action="store_true", help="print the top of a cProfile run too")
    parser.add_argument("--kept-only", action="store_true", help="skip the --no-cache row (minutes at 1M)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = args.keep or Path(tmp)
        home = folder / "home"
        os.environ["FLOPCARDS_HOME"] = str(home)
        os.environ["FLOPCARDS_CACHE_DIR"] = str(folder / "cache")
        db, decks = folder / "c" / "bench.db", folder / "c" / "decks"
        if not (folder / "ready").exists():
            db, decks = generate_collection(folder / "c", args.cards, args.reviews_per_card)
            began = time.perf_counter()
            _keep_outline(db, decks, folder / "cache")
            took = time.perf_counter() - began
            print(f"{args.cards:,} cards; the app's first load (keeps the outline): {took:.1f} s")
            (folder / "ready").write_text("")
        env = dict(os.environ)
        # as installed: with bytecode (PYTHONDONTWRITEBYTECODE would compile every module each run)
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(folder / "pycache")
        base = [sys.executable, "-m", "tui.cli", "--db", str(db), "--decks", str(decks)]
        rows = {"stats --json (outline kept)": [*base, "stats", "--json"]}
        if not args.kept_only:
            rows["stats --json --no-cache"] = [*base, "--no-cache", "stats", "--json"]
        rows["python -c pass"] = [sys.executable, "-c", "pass"]
        for argv in rows.values():  # warm-up: bytecode written, files in the page cache
            _time(argv, env)
        times: dict[str, list[tuple[float, float]]] = {name: [] for name in rows}
        for _ in range(args.runs):
            for name, argv in rows.items():
                times[name].append(_time(argv, env))
        load = os.getloadavg()
        for name, values in times.items():
            wall = statistics.median(v[0] for v in values) * 1000
            cpu = statistics.median(v[1] for v in values) * 1000
            best = min(v[0] for v in values) * 1000, min(v[1] for v in values) * 1000
            print(
                f"{name:<30} median {wall:8.0f} ms wall, {cpu:8.0f} ms CPU;"
                f" best {best[0]:8.0f} ms wall, {best[1]:8.0f} ms CPU  (runs: {len(values)})"
            )
        if args.profile:
            argv = rows["stats --json (outline kept)"]
            out = folder / "stats.prof"
            subprocess.run(
                [argv[0], "-m", "cProfile", "-o", str(out), *argv[1:]],
                env=env,
                check=True,
                capture_output=True,
            )
            import pstats

            pstats.Stats(str(out)).sort_stats("cumulative").print_stats(25)
        print(f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
