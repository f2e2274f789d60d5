"""A generated collection for the benchmarks: N cards in 10 YAML decks, 90% of them with a state and
`reviews_per_card` review-log rows each (written with stdlib sqlite3 into a real flopcards database)."""

from __future__ import annotations

import json
import random
import sqlite3
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

TODAY = date(2026, 3, 2)
DECKS = 10


def _day(start: date, offset: int) -> str:
    return (start + timedelta(days=offset)).isoformat()


def generate_collection(folder: Path, cards: int, reviews_per_card: int) -> tuple[Path, Path]:
    """(database, deck folder) of a collection of `cards` cards."""
    from engine.store.database import open_store

    decks = folder / "decks"
    decks.mkdir(parents=True)
    per_deck = cards // DECKS
    for d in range(DECKS):
        lines = [f"id: bench-{d}", f"title: Bench deck {d}", "cards:"]
        for c in range(per_deck):
            lines += [f"  - id: c{c}", f"    front: Question {d}-{c}?", f"    back: Answer {d}-{c}."]
        (decks / f"bench-{d}.yaml").write_text("\n".join(lines) + "\n")
    db = folder / "bench.db"
    open_store(db).close()
    rng = random.Random(7)
    keys = [f"bench-{d}/c{c}" for d in range(DECKS) for c in range(per_deck)]
    seen = keys[: int(len(keys) * 0.9)]
    state = json.dumps({"repetitions": 3, "ef_centi": 250, "interval_days": 10, "due": None})
    log = (state, state)
    when = datetime(2025, 1, 1, tzinfo=UTC).replace(tzinfo=None).isoformat(" ")
    with sqlite3.connect(db) as conn:
        conn.execute("PRAGMA journal_mode=OFF")
        conn.execute("PRAGMA synchronous=OFF")
        conn.executemany(
            "INSERT INTO card_state (card_key, deck_id, repetitions, ef_centi, interval_days, due_day,"
            " last_review_at, last_day, repeat_today) VALUES (?,?,?,?,?,?,?,?,?)",
            (
                (k, k.split("/")[0], 3, 250, 10, _day(TODAY, rng.randint(-30, 200)), None, None, 0)
                for k in seen
            ),
        )
        conn.executemany(
            "INSERT INTO review_log (card_key, deck_id, reviewed_at, study_day, grade, seconds,"
            " same_day_repeat, was_new, state_before, state_after) VALUES (?,?,?,?,?,?,?,?,?,?)",
            (
                (
                    k,
                    k.split("/")[0],
                    when,
                    _day(TODAY, -1 - 7 * i - rng.randint(0, 6)),
                    4,
                    5.0,
                    0,
                    i == 0,
                    *log,
                )
                for k in seen
                for i in range(reviews_per_card)
            ),
        )
        conn.commit()  # no ANALYZE: a user's database has no planner statistics either
    return db, decks
