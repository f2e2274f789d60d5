"""Benchmark: every stats figure over 100,000 cards and 1,000,000 reviews in a real SQLite file.

Run: .venv/bin/python benchmarks/bench_stats.py [--cards 100000] [--reviews 1000000] [--db PATH]
The file is generated once (about a minute) and kept when --db is given; target: < 200 ms per call.
Answers go in through review_log's triggers, so review_day (migration 0008) is filled as in use.
"""

from __future__ import annotations

import argparse
import json
import random
import sqlite3
import statistics
import tempfile
import time
from datetime import date, timedelta
from pathlib import Path

from engine.stats import Period, compute_stats
from engine.store.database import open_store

TODAY = date(2026, 3, 2)
HISTORY_DAYS = 3 * 365
DECKS = 8
KINDS = ("kv-cache", "bubble", "all-reduce", "roofline", "training-memory", "serving")


def _state(interval: int) -> str:
    return json.dumps({"repetitions": 3, "ef_centi": 250, "interval_days": interval, "due": None})


def generate(path: Path, n_cards: int, n_reviews: int, seed: int = 1) -> None:
    """Schema through the real migrations, then rows in bulk through sqlite3 (fast to write)."""
    open_store(path).close()
    rng = random.Random(seed)
    conn = sqlite3.connect(path)
    cards = []
    for i in range(n_cards):
        interval = rng.choice((1, 1, 3, 6, 10, 15, 25, 40, 80, 150, 300))
        due = TODAY + timedelta(days=rng.randint(-5, interval))
        cards.append(
            (
                f"deck{i % DECKS}/c{i}",
                f"deck{i % DECKS}",
                rng.randint(0, 9),
                rng.randint(130, 280),
                interval,
                due.isoformat(),
                None,
                due.isoformat(),
                0,
            )
        )
    conn.executemany(
        "INSERT INTO card_state (card_key, deck_id, repetitions, ef_centi, interval_days, due_day,"
        " last_review_at, last_day, repeat_today) VALUES (?,?,?,?,?,?,?,?,?)",
        cards,
    )
    states = {i: _state(i) for i in (0, 1, 3, 6, 10, 15, 25, 40, 80, 150, 300)}
    batch = []
    for _ in range(n_reviews):
        day = TODAY - timedelta(days=rng.randrange(HISTORY_DAYS))
        card = rng.randrange(n_cards)
        interval = rng.choice(tuple(states))
        batch.append(
            (
                card_key := f"deck{card % DECKS}/c{card}",
                card_key.split("/")[0],
                f"{day.isoformat()} 12:00:00.000000",
                day.isoformat(),
                rng.randint(0, 5),
                rng.uniform(2, 40),
                int(rng.random() < 0.1),
                int(interval == 0),
                states[interval],
                states[interval],
            )
        )
        if len(batch) == 100_000:
            conn.executemany(
                "INSERT INTO review_log (card_key, deck_id, reviewed_at, study_day, grade, seconds,"
                " same_day_repeat, was_new, state_before, state_after) VALUES (?,?,?,?,?,?,?,?,?,?)",
                batch,
            )
            batch.clear()
    if batch:
        conn.executemany(
            "INSERT INTO review_log (card_key, deck_id, reviewed_at, study_day, grade, seconds,"
            " same_day_repeat, was_new, state_before, state_after) VALUES (?,?,?,?,?,?,?,?,?,?)",
            batch,
        )
    attempts = []
    for i in range(20_000):
        day = TODAY - timedelta(days=rng.randrange(365))
        attempts.append(
            (
                rng.choice(KINDS),
                i,
                "{}",
                "",
                rng.choice(("correct", "close", "wrong")),
                1.0,
                "GB",
                None,
                rng.uniform(5, 120),
                0,
                3,
                f"{day.isoformat()} 12:00:00.000000",
                day.isoformat(),
            )
        )
    conn.executemany(
        "INSERT INTO drill_attempt (kind, seed, params, given, verdict, expected, unit,"
        " relative_error, seconds, timed_out, grade, attempted_at, study_day)"
        " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
        attempts,
    )
    conn.commit()
    conn.execute("ANALYZE")
    conn.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--cards", type=int, default=100_000)
    parser.add_argument("--reviews", type=int, default=1_000_000)
    parser.add_argument("--db", type=Path, help="keep the generated file here (reused if it exists)")
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = args.db or Path(tmp) / "stats.db"
        if not path.exists():
            start = time.perf_counter()
            generate(path, args.cards, args.reviews)
            took = time.perf_counter() - start
            print(f"generated {args.cards:,} cards, {args.reviews:,} reviews in {took:.0f} s")
        store = open_store(path)
        for deck, period in (
            (None, Period.MONTH),
            (None, Period.YEAR),
            ("deck3", Period.MONTH),
            (None, Period.ALL),
        ):
            wall, cpu = [], []
            for _ in range(args.repeat):
                start, start_cpu = time.perf_counter(), time.process_time()
                stats = compute_stats(store, TODAY, deck_id=deck, period=period, total_cards=args.cards)
                wall.append(time.perf_counter() - start)
                cpu.append(time.process_time() - start_cpu)
            # CPU time too: on a shared machine the wall clock also counts the wait for a free core.
            print(
                f"deck={deck or 'all'} period={period.label}: median {statistics.median(wall) * 1000:.0f} ms"
                f" wall, {statistics.median(cpu) * 1000:.0f} ms CPU"
                f"  ({stats.activity.answers:,} answers in the heatmap year)"
            )
        store.close()


if __name__ == "__main__":
    main()
