"""Benchmark: answer latency (p50/p99) on SQLite and on a local PostgreSQL server, and `db copy` of a
collection of 100,000 cards / 1,000,000 reviews both ways. Prints figures; not a test.

    python benchmarks/bench_store.py [--cards 100000] [--reviews 1000000] [--answers 300] [--pg URL]

Without --pg it starts a throwaway PostgreSQL server the way the test suite does (initdb + pg_ctl).
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


@contextlib.contextmanager
def server(url: str | None) -> Iterator[str]:
    if url:
        yield url
        return
    spec = importlib.util.spec_from_file_location("pg_fixture", ROOT / "tests" / "store" / "conftest.py")
    assert spec is not None and spec.loader is not None
    fixture = importlib.util.module_from_spec(spec)
    sys.modules["pg_fixture"] = fixture  # dataclasses look their module up while the file runs
    spec.loader.exec_module(fixture)
    with fixture.running_server(durable=True) as pg:  # fsync on, as a real server
        pg.admin("CREATE DATABASE bench")
        yield pg.url("bench")


def answer_latency(db: str, keys: list[str], answers: int) -> dict[str, float]:
    """What one graded answer costs: read the state, schedule, commit state + log row."""
    from engine.sm2 import review
    from engine.store import repo
    from engine.store.database import open_store

    store = open_store(db)
    rng = random.Random(3)
    now = datetime(2026, 3, 2, 15, tzinfo=UTC)
    times = []
    for i in range(answers):
        key = rng.choice(keys)
        started = time.perf_counter()
        state = repo.load_state(store, key)
        _, record = review(state, rng.randint(3, 5), now=now + timedelta(seconds=i), today=date(2026, 3, 2))
        repo.save_answer(store, card_key=key, deck_id=key.split("/")[0], record=record, seconds=4.0)
        times.append((time.perf_counter() - started) * 1000)
    store.close()
    times.sort()
    return {"p50 ms": statistics.median(times), "p99 ms": times[int(len(times) * 0.99) - 1]}


def timed(label: str, work, results: dict[str, float]):  # type: ignore[no-untyped-def]
    started = time.perf_counter()
    value = work()
    results[label] = time.perf_counter() - started
    print(f"{label}: {results[label]:.1f}", flush=True)
    return value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--cards", type=int, default=100_000)
    parser.add_argument("--reviews", type=int, default=1_000_000)
    parser.add_argument("--answers", type=int, default=300)
    parser.add_argument("--pg", help="an existing, empty PostgreSQL database URL to use")
    args = parser.parse_args()

    from bench_startup import generate_collection

    from engine.store.backup import backup_to
    from engine.store.copy import copy_collection
    from engine.store.preflight import read_revision

    results: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as tmp, server(args.pg) as pg_url:
        folder = Path(tmp)
        db, _ = timed(
            "generate SQLite collection, s",
            lambda: generate_collection(folder, args.cards, args.reviews),
            results,
        )
        keys = [f"bench-{d}/c{c}" for d in range(10) for c in range(args.cards // 10)]
        timed("quick_check on open (SQLite), s", lambda: read_revision(db), results)
        timed("db backup (SQLite online backup), s", lambda: backup_to(db, folder / "copy.db"), results)
        timed("db copy SQLite -> PostgreSQL, s", lambda: copy_collection(db, pg_url), results)
        timed("db copy PostgreSQL -> SQLite, s", lambda: copy_collection(pg_url, folder / "back.db"), results)
        for name, target in (("SQLite", str(db)), ("PostgreSQL (local socket)", pg_url)):
            for stat, value in answer_latency(target, keys, args.answers).items():
                results[f"answer latency {name}, {stat}"] = value
                print(f"answer latency {name}, {stat}: {value:.2f}", flush=True)
    print()
    print(f"{args.cards} cards, {args.reviews} reviews, {args.answers} answers per backend")
    for label, value in results.items():
        print(f"  {label:<55} {value:10.2f}")


if __name__ == "__main__":
    main()
