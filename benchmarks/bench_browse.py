"""Benchmark: browser search over a big collection (default 20,000 cards in 20 decks, half of them
reviewed, 1% suspended or flagged): milliseconds per search, and what a session and the home
counts cost with the held (suspended/buried) cards left out. Prints figures; not a test.

    python benchmarks/bench_browse.py [--cards 20000] [--repeat 5]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

QUERIES = ["", "deck:d3", "kv cache", "tag:t5", "due:<7", "due:today", "is:suspended", "is:new", "is:flagged"]


def collection(cards: int):
    from cards.loader import Collection, LoadedDeck
    from cards.schema import Card, Deck

    decks = []
    per = cards // 20
    for d in range(20):
        deck_cards = [
            Card(
                id=f"c{i}", front=f"Card {i} about kv cache {i % 97}", back=f"answer {i}", tags=[f"t{i % 10}"]
            )
            for i in range(per)
        ]
        decks.append(
            LoadedDeck(Deck(id=f"d{d}", title=f"Deck {d}", cards=deck_cards), Path(f"d{d}.yaml"), False)
        )
    return Collection(decks)


def fill(store, coll, today: date) -> None:
    import sqlalchemy as sa

    from engine.store.models import CardMarkRow, CardStateRow

    rng = random.Random(5)
    keys = [k for k, _ in coll.card_keys()]
    states, marks = [], []
    for key in keys[::2]:
        due = today + timedelta(days=rng.randint(-5, 60))
        states.append(
            {
                "card_key": key,
                "deck_id": key.split("/")[0],
                "repetitions": 3,
                "ef_centi": 250,
                "interval_days": 10,
                "due_day": due,
                "last_review_at": datetime(2026, 1, 1, tzinfo=UTC),
                "last_day": today - timedelta(days=10),
                "repeat_today": False,
            }
        )
    for key in rng.sample(keys, len(keys) // 100):
        marks.append(
            {
                "card_key": key,
                "deck_id": key.split("/")[0],
                "suspended": rng.random() < 0.5,
                "buried_until": None,
                "flagged": rng.random() < 0.5,
                "leech": False,
                "lapses": rng.randint(0, 9),
            }
        )
    with store.engine.begin() as conn:
        conn.execute(sa.insert(CardStateRow), states)
        conn.execute(sa.insert(CardMarkRow), marks)


def timed(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        fn()
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--cards", type=int, default=20_000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    from cards.browse import parse_query, search
    from cards.source import CardSource
    from engine.app import Study
    from engine.store.database import open_store

    today = date(2026, 3, 2)
    coll = collection(args.cards)
    with tempfile.TemporaryDirectory() as folder:
        store = open_store(Path(folder) / "bench.db")
        fill(store, coll, today)
        study = Study(store, sources=[CardSource(coll)], now=lambda: datetime(2026, 3, 2, 15, tzinfo=UTC))
        print(f"{args.cards:,} cards, median of {args.repeat} runs")
        for text in QUERIES:
            query = parse_query(text)
            ms = timed(lambda q=query: search(coll, store, today, q), args.repeat)
            found = search(coll, store, today, query)
            listed = f"({found.matched:,} matched, {len(found.rows)} listed)"
            print(f"  search {text or '(all)':<14} {ms:8.1f} ms  {listed}")
        print(f"  session(all decks)    {timed(lambda: study.session(None), args.repeat):8.1f} ms")
        print(f"  home counts           {timed(lambda: study.counts(study.deck_ids()), args.repeat):8.1f} ms")
        store.close()


if __name__ == "__main__":
    main()
