"""review_day (per study day and deck sums, kept by triggers) always equals a recount of review_log."""

from __future__ import annotations

import multiprocessing
import random
from collections import defaultdict
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import sqlalchemy as sa
from alembic import command
from alembic.config import Config

from engine.sm2 import review
from engine.store import repo
from engine.store.copy import copy_collection
from engine.store.database import MIGRATIONS_DIR, Store, make_engine, open_store, upgrade
from engine.store.stats_tables import ReviewDayRow

NOW = datetime(2026, 3, 2, 12, tzinfo=UTC)
Sums = dict[tuple[date, str], tuple[int, ...]]


def recount(store: Store) -> Sums:
    """The sums recomputed in Python from the review log, by the stats' own rule."""
    sums: dict[tuple[date, str], list[int]] = defaultdict(lambda: [0] * 12)
    for entry in repo.review_log(store):
        rec = entry.record
        acc = sums[(rec.study_day, entry.card_key.split("/")[0])]
        acc[0] += 1
        acc[1] += round(entry.seconds * 1000)
        acc[2 + rec.grade] += 1
        if not (rec.was_new or rec.same_day_repeat):
            base = 8 if rec.before.interval_days < 21 else 10
            acc[base] += rec.grade >= 3
            acc[base + 1] += 1
    return {key: tuple(v) for key, v in sums.items()}


def summary(store: Store) -> Sums:
    r = ReviewDayRow
    columns = [r.answers, r.millis, *(getattr(r, f"grade_{g}") for g in range(6))]
    columns += [r.young_passed, r.young_total, r.mature_passed, r.mature_total]
    with store.engine.connect() as conn:
        rows = conn.execute(sa.select(r.study_day, r.deck_id, *columns))
        return {(row[0], row[1]): tuple(int(x) for x in row[2:]) for row in rows}


def answer(store: Store, key: str, grade: int, day: int, seconds: float) -> int:
    now = NOW + timedelta(days=day, minutes=random.random())
    _, record = review(repo.load_state(store, key), grade, now=now, today=now.date())
    return repo.save_answer(store, card_key=key, deck_id=key.split("/")[0], record=record, seconds=seconds)


def _mature(store: Store, key: str) -> None:
    """A card last seen 30 days ago with a 30-day interval: its next answer counts as mature."""
    with store.engine.begin() as conn:
        conn.execute(
            sa.text(
                "INSERT INTO card_state (card_key, deck_id, repetitions, ef_centi, interval_days, due_day,"
                " last_day, repeat_today) VALUES (:k, :d, 4, 250, 30, :due, :last, false)"
            ),
            {"k": key, "d": key.split("/")[0], "due": NOW.date(), "last": NOW.date() - timedelta(days=30)},
        )


def test_answers_and_undo_keep_the_sums_equal_to_the_log(db_url: str) -> None:
    store = open_store(db_url)
    _mature(store, "b/old")
    ids = []
    for i in range(40):  # new cards, young reviews, same-day repeats after a fail, two decks, three days
        key = ["a/x", "a/y", "b/z", "b/old"][i % 4]
        ids.append(answer(store, key, (i * 7) % 6, i // 15, 1.2345 + i / 7))
    expected = recount(store)
    assert summary(store) == expected
    assert {k[1] for k in expected} == {"a", "b"} and any(v[11] for v in expected.values())  # mature seen
    assert repo.undo_answer(store, ids[-1]) is not None  # the last answer of b/old
    assert summary(store) == recount(store) != expected
    store.close()


def test_a_day_undone_to_nothing_leaves_no_row(db_url: str) -> None:
    store = open_store(db_url)
    log_id = answer(store, "a/x", 4, 0, 3.0)
    assert summary(store) == recount(store) != {}
    repo.undo_answer(store, log_id)
    assert summary(store) == {} == recount(store)
    store.close()


def _worker(url: str, seed: int) -> None:
    store = open_store(url)
    rng = random.Random(seed)
    for _ in range(25):
        answer(
            store, rng.choice(["a/x", "a/y", "b/z"]), rng.randint(0, 5), rng.randint(0, 1), rng.random() * 9
        )
    store.close()


def test_two_instances_answering_at_once_keep_the_sums(db_url: str) -> None:
    open_store(db_url).close()
    context = multiprocessing.get_context("fork")
    workers = [context.Process(target=_worker, args=(db_url, seed)) for seed in (1, 2)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(120)
        assert worker.exitcode == 0
    store = open_store(db_url)
    assert sum(v[0] for v in summary(store).values()) == 50
    assert summary(store) == recount(store)
    store.close()


def test_migration_backfills_from_an_existing_log(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    store = open_store(path)
    _mature(store, "b/old")
    for i in range(12):
        answer(store, ["a/x", "b/old"][i % 2], i % 6, i // 5, 0.5 + i)
    expected = recount(store)
    store.close()
    engine = make_engine(f"sqlite:///{path}")
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    with engine.begin() as conn:  # back to the revision before review_day (its downgrade), log kept
        config.attributes["connection"] = conn
        command.downgrade(config, "0007")
        assert "review_day" not in sa.inspect(conn).get_table_names()
    upgrade(engine)
    engine.dispose()
    reopened = open_store(path)
    assert summary(reopened) == expected
    reopened.close()


def test_a_copy_fills_the_sums_of_the_target(tmp_path: Path, db_url: str) -> None:
    source = tmp_path / "laptop.db"
    store = open_store(source)
    for i in range(20):
        answer(store, ["a/x", "b/z"][i % 2], i % 6, i // 7, 2.0 + i / 3)
    expected = recount(store)
    store.close()
    copy_collection(source, db_url)
    target = open_store(db_url)
    assert summary(target) == expected == recount(target)
    target.close()
