"""is:new and due: through the search index's seen flags and due days (engine.search_seen) stay
equal to the scan while states come, go and move: first answers, later answers, their undo, a
re-keyed state, a store put back from a copy."""

from __future__ import annotations

import shutil
from datetime import timedelta
from pathlib import Path

import pytest
import sqlalchemy as sa

from cards.browse import indexed_search, parse_query, search
from engine import search_seen
from engine.search_index import SearchIndex
from engine.search_query import SearchStopped, open_index
from engine.store.database import open_store
from engine.store.models import CardStateRow
from tests.store.test_search_index import TODAY, collection, fill

DUE_TERMS = ("due:today", "due:<7", "due:3", "due:overdue", "is:due")


def _agrees(coll, store, index, text: str = "is:new") -> int:
    for other in DUE_TERMS if text == "is:new" else ():
        _agrees(coll, store, index, other)
    query = parse_query(text)
    found = indexed_search(coll, index, TODAY, query, limit=500)
    scanned = search(coll, store, TODAY, query, limit=500)
    assert found.rows == scanned.rows and found.matched == scanned.matched, text
    return found.matched


def _state(key: str) -> dict[str, object]:
    return dict(
        card_key=key,
        deck_id=key.split("/")[0],
        repetitions=1,
        ef_centi=250,
        interval_days=1,
        due_day=TODAY,
        repeat_today=False,
    )


def test_new_cards_follow_answers_undo_and_rekey(db_url: str, tmp_path: Path) -> None:
    coll = collection()
    store = open_store(db_url)
    index = open_index(store, tmp_path / "cache")
    try:
        fill(store, coll)
        before = _agrees(coll, store, index)
        new = [k for k, _ in coll.card_keys()][:120]
        with store.engine.begin() as conn:  # three first answers
            seen = {r for (r,) in conn.execute(sa.select(CardStateRow.card_key))}
            fresh = [k for k in new if k not in seen][:3]
            conn.execute(sa.insert(CardStateRow), [_state(k) for k in fresh])
        assert _agrees(coll, store, index) == before - 3
        with store.engine.begin() as conn:  # later answers move due days, one to none
            keys = [k for k in sorted(seen)[:6]]
            for n, key in enumerate(keys):
                due = None if n == 0 else TODAY + timedelta(days=n - 3)
                conn.execute(sa.update(CardStateRow).where(CardStateRow.card_key == key).values(due_day=due))
        assert _agrees(coll, store, index) == before - 3
        assert _agrees(coll, store, index, "is:new deck:d0") >= 0
        with store.engine.begin() as conn:  # one undone, one re-keyed to a key no deck has
            conn.execute(sa.delete(CardStateRow).where(CardStateRow.card_key == fresh[0]))
            conn.execute(
                sa.update(CardStateRow).where(CardStateRow.card_key == fresh[1]).values(card_key="gone/x")
            )
        assert _agrees(coll, store, index) == before - 1
        with store.engine.begin() as conn:  # and back: a key re-keyed onto a card
            conn.execute(
                sa.update(CardStateRow).where(CardStateRow.card_key == "gone/x").values(card_key=fresh[1])
            )
        assert _agrees(coll, store, index) == before - 2
    finally:
        index.close()
        store.close()


def test_a_store_put_back_from_an_older_copy_is_read_again(tmp_path: Path) -> None:
    coll = collection()
    path = tmp_path / "flopcards.db"
    store = open_store(str(path))
    fill(store, coll)
    store.close()
    shutil.copy(path, tmp_path / "older.db")
    store = open_store(str(path))
    index = open_index(store, tmp_path / "cache")
    try:
        before = _agrees(coll, store, index)
        with store.engine.begin() as conn:
            seen = {r for (r,) in conn.execute(sa.select(CardStateRow.card_key))}
            fresh = [k for k, _ in coll.card_keys() if k not in seen][:2]
            conn.execute(sa.insert(CardStateRow), [_state(k) for k in fresh])
        assert _agrees(coll, store, index) == before - 2
    finally:
        index.close()
        store.close()
    shutil.copy(tmp_path / "older.db", path)  # the log went back: the flags are recomputed
    for suffix in ("-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    store = open_store(str(path))
    index = open_index(store, tmp_path / "cache")
    try:
        assert _agrees(coll, store, index) == before
    finally:
        index.close()
        store.close()


def test_reading_the_logs_bounds_scans_no_table(tmp_path: Path) -> None:
    """Every search reads the state_change log's first and last row: SQLite takes a lone min() or
    max() off the primary key, but both in one SELECT scanned the whole log (every search at 100k
    cards went from 0.6 to 20 ms). The plan of the query the sync runs, on a migrated file."""
    import sqlite3

    from engine.search_seen import LOG_BOUNDS

    path = tmp_path / "flop.db"
    open_store(path).close()  # the real schema, by Alembic
    conn = sqlite3.connect(":memory:")
    conn.execute("ATTACH DATABASE ? AS st", (str(path),))
    plan = " | ".join(row[3] for row in conn.execute(f"EXPLAIN QUERY PLAN {LOG_BOUNDS}"))
    conn.close()
    assert "SEARCH st.state_change" in plan and "SCAN st.state_change" not in plan, plan


def test_a_recompute_that_every_search_stops_part_way_still_ends(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Recomputing every card's flag takes seconds at a million cards, and Esc or a newer search
    stops it: the chunks done before a stop are kept, so searches each stopped half way through
    that work still bring it to an end, with the answers given meanwhile in it."""
    monkeypatch.setattr(search_seen, "CHUNK", 20)  # six chunks of the 120 cards
    coll, cache = collection(), tmp_path / "cache"
    store, other = open_store(tmp_path / "flopcards.db"), open_store(tmp_path / "other.db")
    fill(store, coll)
    steps = 0

    def flags_for(over) -> SearchIndex:  # the index read against another store: all recomputed
        index = open_index(over, cache)
        indexed_search(coll, index, TODAY, parse_query("is:new"), limit=1)
        return index

    def counted() -> int:
        nonlocal steps
        steps += 1
        return 0

    flags_for(other).close()
    index = open_index(store, cache)
    index.connection().set_progress_handler(counted, 50)
    _agrees(coll, store, index, "")  # what a whole recompute costs, in SQLite's steps
    work, steps = steps, 0
    index.close()
    flags_for(other).close()
    index = open_index(store, cache)

    def stop_half_way() -> int:
        nonlocal steps
        steps += 1
        return int(steps == work // 2)  # once: the rollback after it runs

    index.connection().set_progress_handler(stop_half_way, 50)
    keys = [k for k, _ in coll.card_keys()]
    try:
        for n in range(12):
            steps = 0
            try:
                indexed_search(coll, index, TODAY, parse_query("is:new"), limit=1)
                break
            except SearchStopped:  # answers meanwhile, in the chunks done: first, later, undone
                with store.engine.begin() as conn:
                    seen = set(conn.execute(sa.select(CardStateRow.card_key)).scalars())
                    undone, moved = [k for k in keys if k in seen][:2]
                    answered = next(k for k in keys if k not in seen)
                    conn.execute(sa.delete(CardStateRow).where(CardStateRow.card_key == undone))
                    conn.execute(sa.insert(CardStateRow), [_state(answered)])
                    due = TODAY - timedelta(days=n + 1)
                    conn.execute(
                        sa.update(CardStateRow).where(CardStateRow.card_key == moved).values(due_day=due)
                    )
        else:
            raise AssertionError("every search was stopped before the recompute ended")
        assert n >= 1  # it was stopped on the way
        index.connection().set_progress_handler(None, 0)
        _agrees(coll, store, index)
    finally:
        index.close()
        store.close()
        other.close()
