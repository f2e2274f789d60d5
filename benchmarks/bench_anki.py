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
    """The cards of benchmarks/collection.py (same decks, texts, order and due days) in Anki."""
    from anki.collection import Collection

    col = Collection(str(path))
    model = col.models.by_name("Basic")
    assert model is not None
    top = col.decks.id("Bench")
    assert top is not None
    col.decks.select(top)  # a session over all ten decks, as flopcards' All decks
    decks = [col.decks.id(f"Bench::Bench deck {d}") for d in range(10)]
    today = col.sched.today
    rng = random.Random(7)  # drawn for the seen cards in key order, as collection.py draws them
    now = int(time.time())
    notes, card_rows, revlog = [], [], []
    per_deck = cards // 10
    for i in range(per_deck * 10):
        d, c = divmod(i, per_deck)
        nid = 1_600_000_000_000 + i
        front, back = f"Question {d}-{c}?", f"Answer {d}-{c}."
        notes.append((nid, f"g{i}", model["id"], now, -1, "", f"{front}\x1f{back}", front, 0, 0, ""))
        seen = i < cards * 0.9
        due = today + rng.randint(-30, 200) if seen else i
        card_type, queue = (2, 2) if seen else (0, 0)
        ivl = 10 if seen else 0
        card_rows.append(
            (nid, nid, decks[d], 0, now, -1, card_type, queue, due, ivl, 2500, 3, 0, 0, 0, 0, 0, "")
        )
        if seen:
            revlog += [(nid * 100 + r, nid, -1, 3, 10, 5, 2500, 5000, 1) for r in range(reviews)]
    col.db.executemany("INSERT INTO notes VALUES (?,?,?,?,?,?,?,?,?,?,?)", notes)
    col.db.executemany("INSERT INTO cards VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)", card_rows)
    col.db.executemany("INSERT INTO revlog VALUES (?,?,?,?,?,?,?,?,?)", revlog)
    col.close()


SEARCHES = {"search word": "5-123", "search is:new": "is:new", "search due:today": "prop:due<=0"}
"""The table's searches in Anki's words (flopcards' due:today is due today or overdue)."""


def measure_actions(path: Path, runs: int, answers: int) -> dict[str, float]:
    """The issue's table on Anki's side: each search (first run, and the median of `runs`), the
    session's first card, the first answer, the median answer, peak RSS."""
    from anki.collection import Collection

    col = Collection(str(path))
    out: dict[str, float] = {}
    for name, text in SEARCHES.items():
        times = []
        for _ in range(runs):
            t = time.perf_counter()
            found = col.find_cards(text)
            times.append((time.perf_counter() - t) * 1000)
        out[name] = statistics.median(times)
        out[f"{name} first"] = times[0]
        out[f"{name} matched"] = len(found)
    t = time.perf_counter()
    card = col.sched.getCard()
    assert card is not None
    card.question()
    out["session + first card"] = (time.perf_counter() - t) * 1000
    t = time.perf_counter()
    col.sched.answerCard(card, 3)
    out["first answer"] = (time.perf_counter() - t) * 1000
    times = []
    for _ in range(answers):
        t = time.perf_counter()
        card = col.sched.getCard()
        assert card is not None
        card.question()
        col.sched.answerCard(card, 3)
        times.append((time.perf_counter() - t) * 1000)
    out["answer (median)"] = statistics.median(times)
    col.close()
    out["peak memory"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return out


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
    parser.add_argument("--actions", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--answers", type=int, default=20)
    parser.add_argument("--build", type=Path, help="only build the collection at this path")
    args = parser.parse_args()
    if args.build:
        build(args.build, args.cards, args.reviews)
        return
    if args.actions:  # bench_vs_anki.py: the table on Anki's side
        print(json.dumps(measure_actions(args.actions, args.runs, args.answers)))
        return
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
