"""Anki's own library on a generated collection shaped like benchmarks/collection.py (10 decks, 90% of
the cards in review, `reviews` revlog rows per card): open, deck due tree, a queue, peak RSS.

Needs the `anki` wheel, which is never a flopcards dependency: run it with a separate venv, e.g.
    python3 -m venv /tmp/anki && /tmp/anki/bin/pip install anki
    /tmp/anki/bin/python benchmarks/bench_anki.py --cards 100000 --reviews 10
bench_startup.py runs it this way when --anki-python is given. Prints one JSON line.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import resource
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path


def build(path: Path, cards: int, reviews: int) -> None:
    """The cards of benchmarks/collection.py (same decks, texts, order, due days and review days) in
    Anki. Anki's library makes the collection, its decks and note type; the rows go in through
    stdlib sqlite3 in one transaction: through the library each insert commits on its own (about
    1 ms a row: 45 min for the 1.1M rows of 100k cards), here a million cards take two minutes."""
    from anki.collection import Collection

    col = Collection(str(path))
    model = col.models.by_name("Basic")
    assert model is not None
    top = col.decks.id("Bench")
    assert top is not None
    col.decks.select(top)  # a session over all ten decks, as flopcards' All decks
    decks = [col.decks.id(f"Bench::Bench deck {d}") for d in range(10)]
    today, cutoff = col.sched.today, col.sched.day_cutoff
    col.close()
    now = int(time.time())
    per_deck = cards // 10
    total = per_deck * 10
    seen = int(total * 0.9)  # the first 90% in key order, as collection.py
    rng = random.Random(7)  # collection.py's draws: each seen card's due day, then its review days
    dues = [today + rng.randint(-30, 200) for _ in range(seen)]
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA journal_mode=OFF")  # a new file: no journal (Anki turns WAL on again)
        conn.execute("PRAGMA synchronous=OFF")
        conn.executemany("INSERT INTO notes VALUES (?,?,?,?,?,?,?,?,?,?,?)", _notes(total, model["id"], now))
        conn.executemany(
            "INSERT INTO cards VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
            _cards(total, per_deck, decks, dues, now),
        )
        conn.executemany("INSERT INTO revlog VALUES (?,?,?,?,?,?,?,?,?)", _revlog(seen, reviews, rng, cutoff))
    conn.close()


def _texts(i: int, per_deck: int) -> tuple[str, str]:
    d, c = divmod(i, per_deck)
    return f"Question {d}-{c}?", f"Answer {d}-{c}."


def _notes(total: int, model_id: int, now: int) -> Iterator[tuple[object, ...]]:
    per_deck = total // 10
    for i in range(total):
        front, back = _texts(i, per_deck)
        csum = int(hashlib.sha1(front.encode()).hexdigest()[:8], 16)  # Anki's first-field checksum
        nid = 1_600_000_000_000 + i
        yield (nid, f"g{i}", model_id, now, -1, "", f"{front}\x1f{back}", front, csum, 0, "")


def _cards(
    total: int, per_deck: int, decks: list[int | None], dues: list[int], now: int
) -> Iterator[tuple[object, ...]]:
    for i in range(total):
        nid = 1_600_000_000_000 + i
        seen = i < len(dues)
        due = dues[i] if seen else i
        kind, ivl = (2, 10) if seen else (0, 0)  # review (type and queue 2) or new (0)
        yield (nid, nid, decks[i // per_deck], 0, now, -1, kind, kind, due, ivl, 2500, 3, 0, 0, 0, 0, 0, "")


def _revlog(seen: int, reviews: int, rng: random.Random, cutoff: int) -> Iterator[tuple[object, ...]]:
    """collection.py's review days: review r of a card on day -1 - 7r - (0..6), the first one
    (r == 0) the card's learning step; an id is the review's time in ms: two hours into its day
    plus the row's number, so ids are unique and stay within their day."""
    for i in range(seen):
        cid = 1_600_000_000_000 + i
        for r in range(reviews):
            day = -1 - 7 * r - rng.randint(0, 6)
            rid = (cutoff + (day - 1) * 86_400) * 1000 + 7_200_000 + i * reviews + r
            yield (rid, cid, -1, 3, 10, 5, 2500, 5000, 0 if r == 0 else 1)


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
