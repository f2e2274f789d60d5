"""Anki's own library on a generated collection shaped like benchmarks/collection.py (10 decks, 90% of
the cards in review, `reviews` revlog rows per card): open, deck due tree, a queue, peak RSS.

Needs the `anki` wheel, which is never a flopcards dependency: run it with a separate venv, e.g.
    python3 -m venv /tmp/anki && /tmp/anki/bin/pip install anki
    /tmp/anki/bin/python benchmarks/bench_anki.py --cards 100000 --reviews 10
bench_startup.py runs it this way when --anki-python is given. Prints one JSON line.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def build(path: Path, cards: int, reviews: int) -> None:
    from anki.collection import Collection

    col = Collection(str(path))
    model = col.models.by_name("Basic")
    assert model is not None
    decks = [col.decks.id(f"Bench deck {d}") for d in range(10)]
    today = col.sched.today
    rng = random.Random(7)
    now = int(time.time())
    notes, card_rows, revlog = [], [], []
    for i in range(cards):
        nid = 1_600_000_000_000 + i
        front, back = f"Question {i}?", f"Answer {i}."
        notes.append((nid, f"g{i}", model["id"], now, -1, "", f"{front}\x1f{back}", front, 0, 0, ""))
        seen = i < cards * 0.9
        due = today + rng.randint(-30, 200) if seen else i
        card_type, queue = (2, 2) if seen else (0, 0)
        ivl = 10 if seen else 0
        card_rows.append(
            (nid, nid, decks[i % 10], 0, now, -1, card_type, queue, due, ivl, 2500, 3, 0, 0, 0, 0, 0, "")
        )
        if seen:
            revlog += [(nid * 100 + r, nid, -1, 3, 10, 5, 2500, 5000, 1) for r in range(reviews)]
    col.db.executemany("INSERT INTO notes VALUES (?,?,?,?,?,?,?,?,?,?,?)", notes)
    col.db.executemany("INSERT INTO cards VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)", card_rows)
    col.db.executemany("INSERT INTO revlog VALUES (?,?,?,?,?,?,?,?,?)", revlog)
    col.close()


def measure(path: Path, runs: int) -> dict[str, float]:
    from anki.collection import Collection

    opened, tree, queue = [], [], []
    for _ in range(runs):
        t = time.perf_counter()
        col = Collection(str(path))
        opened.append(time.perf_counter() - t)
        t = time.perf_counter()
        col.sched.deck_due_tree()
        tree.append(time.perf_counter() - t)
        t = time.perf_counter()
        col.sched.get_queued_cards(fetch_limit=200)
        queue.append(time.perf_counter() - t)
        col.close()
    series = (("open", opened), ("tree", tree), ("queue", queue))
    ms = {name: statistics.median(v) * 1000 for name, v in series}
    return {**ms, "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--cards", type=int, default=100_000)
    parser.add_argument("--reviews", type=int, default=10)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--measure", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure:  # a fresh process, so its peak RSS is the opened collection's, not the build's
        print(json.dumps(measure(args.measure, args.runs)))
        return
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench.anki2"
        build(path, args.cards, args.reviews)
        cmd = [sys.executable, __file__, "--measure", str(path), "--runs", str(args.runs)]
        print(subprocess.run(cmd, capture_output=True, text=True, check=True).stdout.strip())


if __name__ == "__main__":
    main()
