"""Benchmark: cold start to the home screen vs a bare Textual app, peak memory, and queue speed
on a generated collection of 100,000 cards with 1,000,000 review rows. Prints figures; not a test.

    python benchmarks/bench_startup.py [--runs 10] [--cards 100000] [--reviews 1000000]
"""

from __future__ import annotations

import argparse
import json
import random
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

CHILD = r"""
import os, sys, time
mode, db, decks, started = sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4])
def done():
    print(time.time() - started, flush=True)
    os._exit(0)  # do not wait for threads: we measure when the screen is there
from textual.app import App
if mode == "hello":
    from textual.widgets import Static
    class Hello(App):
        def compose(self):
            yield Static("hello")
        def on_mount(self):
            self.call_after_refresh(done)
    Hello().run(headless=True, size=(100, 30))
else:
    from pathlib import Path
    from engine.settings import Settings
    from tui.app import FlopcardsApp
    from tui.config import AppConfig
    class Bench(FlopcardsApp):
        def on_mount(self):
            super().on_mount()
            if mode == "painted":
                self.call_after_refresh(done)
        def _loaded(self, services):
            super()._loaded(services)
            if mode == "ready":
                self.call_after_refresh(done)
    dirs = (Path(decks),) if decks != "-" else ()
    Bench(AppConfig(settings=Settings(db=db, deck_dirs=dirs), include_bundled=(decks == "-"))).run(
        headless=True, size=(100, 30))
"""


def run_child(mode: str, db: str, decks: str) -> float:
    """Seconds from launching the process (interpreter start included) to the screen being there."""
    proc = subprocess.run(
        [sys.executable, "-c", CHILD, mode, db, decks, repr(time.time())],
        capture_output=True,
        text=True,
        check=False,
    )
    if proc.returncode != 0:
        raise SystemExit(f"{mode} run failed:\n{proc.stderr[-2000:]}")
    return float(proc.stdout.strip().splitlines()[-1])


def peak_rss_mb(mode: str, db: str, decks: str) -> float:
    code = (
        "import resource, subprocess, sys;"
        f"subprocess.run([sys.executable, '-c', {CHILD!r}, {mode!r}, {db!r}, {decks!r}, '0'], check=True,"
        " capture_output=True);"
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return int(out.stdout.strip()) / 1024


def startup(runs: int, db: str, decks: str) -> dict[str, list[float]]:
    times: dict[str, list[float]] = {"hello": [], "painted": [], "ready": []}
    for mode in times:  # warm the bytecode caches once
        run_child(mode, db, decks)
    for _ in range(runs):
        for mode in times:  # alternate so drift hits all three alike
            times[mode].append(run_child(mode, db, decks))
    return times


def generate_collection(folder: Path, cards: int, reviews: int) -> tuple[Path, Path]:
    """A YAML deck of `cards` cards and a database where most have history and `reviews` log rows."""
    from engine.store.database import open_store

    decks = folder / "decks"
    decks.mkdir()
    per_deck = cards // 10
    for d in range(10):
        lines = [f"id: bench-{d}", f"title: Bench deck {d}", "cards:"]
        for c in range(per_deck):
            lines += [f"  - id: c{c}", f"    front: Question {d}-{c}?", f"    back: Answer {d}-{c}."]
        (decks / f"bench-{d}.yaml").write_text("\n".join(lines) + "\n")
    db = folder / "bench.db"
    open_store(db).close()
    rng = random.Random(7)
    today = date(2026, 3, 2)
    states = []
    keys = [f"bench-{d}/c{c}" for d in range(10) for c in range(per_deck)]
    seen = keys[: int(len(keys) * 0.9)]
    for key in seen:
        due = today + timedelta(days=rng.randint(-30, 200))
        states.append((key, key.split("/")[0], 3, 250, 10, due.isoformat(), None, None, 0))
    state = json.dumps({"repetitions": 3, "ef_centi": 250, "interval_days": 10, "due": None})
    when = datetime(2025, 1, 1, tzinfo=UTC).replace(tzinfo=None).isoformat(" ")
    with sqlite3.connect(db) as conn:
        conn.executemany("INSERT INTO card_state VALUES (?,?,?,?,?,?,?,?,?)", states)
        batch = []
        for i in range(reviews):
            key = seen[i % len(seen)]
            day = (today - timedelta(days=rng.randint(1, 400))).isoformat()
            batch.append((key, key.split("/")[0], when, day, 4, 5.0, 0, 0, state, state))
            if len(batch) == 100_000:
                conn.executemany(
                    "INSERT INTO review_log (card_key, deck_id, reviewed_at, study_day, grade, seconds,"
                    " same_day_repeat, was_new, state_before, state_after) VALUES (?,?,?,?,?,?,?,?,?,?)",
                    batch,
                )
                batch = []
        conn.commit()
    return db, decks


def queue_timings(db: Path, decks: Path) -> dict[str, float]:
    from cards.loader import load_collection
    from engine.app import Study, StudyItem
    from engine.store import repo
    from engine.store.database import open_store

    store = open_store(db)
    today = date(2026, 3, 2)
    due_ms = []
    for _ in range(20):
        t = time.perf_counter()
        keys = repo.due_keys(store, today, limit=200)
        due_ms.append((time.perf_counter() - t) * 1000)
    t = time.perf_counter()
    collection = load_collection([decks], include_bundled=False)
    load_ms = (time.perf_counter() - t) * 1000
    study = Study(
        store,
        [StudyItem(k, d) for k, d in collection.card_keys()],
        now=lambda: datetime(2026, 3, 2, 15, tzinfo=UTC),
    )
    counts_ms = []
    session_ms = []
    for _ in range(5):
        t = time.perf_counter()
        study.counts([d.id for d in collection.decks])
        counts_ms.append((time.perf_counter() - t) * 1000)
        t = time.perf_counter()
        study.session(None)
        session_ms.append((time.perf_counter() - t) * 1000)
    store.close()
    return {
        "due queue (200 of the due cards), median ms": statistics.median(due_ms),
        "due cards found": float(len(keys)),
        "load + validate decks, ms": load_ms,
        "home counts, median ms": statistics.median(counts_ms),
        "full review session build, median ms": statistics.median(session_ms),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--cards", type=int, default=100_000)
    parser.add_argument("--reviews", type=int, default=1_000_000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        db = str(folder / "start.db")
        times = startup(args.runs, db, "-")
        hello = statistics.median(times["hello"])
        print(f"cold start, median of {args.runs} alternating runs (process launch to screen shown):")
        for mode, label in [
            ("hello", "bare Textual 'hello' app"),
            ("painted", "flopcards home screen painted"),
            ("ready", "flopcards home with counts"),
        ]:
            med = statistics.median(times[mode])
            print(f"  {label:34s} {med * 1000:7.0f} ms  ({med / hello:.2f}x hello)")
        print(f"peak memory (max RSS), flopcards home with counts: {peak_rss_mb('ready', db, '-'):.0f} MB")
        print(f"peak memory (max RSS), bare Textual app:           {peak_rss_mb('hello', db, '-'):.0f} MB")
        t = time.perf_counter()
        big_db, big_decks = generate_collection(folder, args.cards, args.reviews)
        print(f"generated {args.cards} cards, {args.reviews} review rows in {time.perf_counter() - t:.1f} s")
        for name, value in queue_timings(big_db, big_decks).items():
            print(f"  {name:42s} {value:9.1f}")
        ready = [run_child("ready", str(big_db), str(big_decks)) for _ in range(3)]
        print(f"  {'home screen with counts, 100k cards, ms':42s} {statistics.median(ready) * 1000:9.0f}")
        print(
            f"  {'peak memory at that home screen, MB':42s} "
            f"{peak_rss_mb('ready', str(big_db), str(big_decks)):9.0f}"
        )


if __name__ == "__main__":
    main()
