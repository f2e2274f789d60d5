"""Benchmark: the simulated learner (tests/sim/learner.py) for years of daily use on a collection of
thousands of cards, with an Anki package (built by the `anki` library, answered there) imported with
its history on a day drawn, on SQLite and on a local PostgreSQL server, every invariant checked each
day. Prints days simulated, answers, invariant checks, time. Not a test.

    python benchmarks/sim_learner.py [--years 5] [--cards 3000] [--kinds 20] [--anki-cards 200]
                                     [--seed 1] [--backend sqlite|postgresql|both] [--pg URL]

Without --pg it starts a throwaway PostgreSQL server the way the test suite does (initdb + pg_ctl),
as benchmarks/bench_store.py does (fsync on).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def run(db: str, path: Path | None, args: argparse.Namespace, label: str, package: Path) -> None:
    from engine.store.database import open_store
    from tests.sim.learner import live

    decks = [args.cards // 3, args.cards // 3, args.cards - 2 * (args.cards // 3)]
    store = open_store(db)
    cpu = time.process_time()
    try:
        figures = live(
            store, args.seed, 365 * args.years, decks=decks, kinds=args.kinds, path=path, package=package
        )
    finally:
        store.close()
    cpu = time.process_time() - cpu
    events = ", ".join(f"{name} {n}" for name, n in sorted(figures.events.items()))
    print(
        f"{label}: {figures.days} days, {args.cards} cards + {args.kinds} drill kinds"
        f" + {args.anki_cards} imported from Anki, "
        f"{figures.answers} answers ({figures.undos} undone), {figures.checks} invariant checks, "
        f"{figures.seconds:.0f} s wall, {cpu:.0f} s CPU"
        f" ({1000 * figures.seconds / figures.days:.1f} ms a day)"
    )
    print(f"  events: {events}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--years", type=int, default=5)
    parser.add_argument("--cards", type=int, default=3000)
    parser.add_argument("--kinds", type=int, default=20)
    parser.add_argument("--anki-cards", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--backend", choices=("sqlite", "postgresql", "both"), default="both")
    parser.add_argument("--pg", help="a PostgreSQL URL to use instead of starting a server")
    args = parser.parse_args()
    from tests.sim.anki_life import build_package

    with tempfile.TemporaryDirectory() as anki:
        package = build_package(Path(anki), args.anki_cards, args.seed)
        if args.backend in ("sqlite", "both"):
            with tempfile.TemporaryDirectory() as folder:
                path = Path(folder) / "sim.db"
                run(str(path), path, args, "SQLite", package)
        if args.backend in ("postgresql", "both"):
            from benchmarks.bench_store import server

            with server(args.pg) as url:
                run(url, None, args, "PostgreSQL", package)


if __name__ == "__main__":
    main()
