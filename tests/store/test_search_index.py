"""The indexed browser search agrees with the scan it replaces, term by term, on a real SQLite file
and on the PostgreSQL server: same cards, same order, same schedule and marks, same count, paged."""

from __future__ import annotations

import random
import shutil
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import sqlalchemy as sa

from cards.browse import deck_files, indexed_search, parse_query, search
from cards.cached import open_deck_cache
from cards.loader import Collection, LoadedDeck, load_collection
from cards.schema import Card, Deck
from engine.search_query import open_index
from engine.store.database import open_store
from engine.store.models import CardMarkRow, CardStateRow

TODAY = date(2026, 3, 2)
WORDS = ["kv cache", "Ring all-reduce", "bubble", "HBM", "a", "x%_y", 'say "hi"', "NVLink"]
QUERIES = [
    "",
    "is:new",
    "is:due",
    "due:today",
    "due:tomorrow",
    "due:overdue",
    "due:<7",
    "due:3",
    "tag:t1",
    "tag:t1 tag:t2",
    "deck:d1",
    "deck:D*",
    "deck:nope",
    "is:suspended",
    "is:flagged",
    "is:leech",
    "is:buried",
    "is:flagged is:new",
    "is:due tag:t2",
    "kv",
    "cache",
    '"kv cache"',
    "ring",
    "a",
    "hb",
    "is:new kv deck:d2",
    "x%_",
    '"hi"',
    "d1/c3",
    "nvlink bubble",
    "is:suspended due:<7",
]


def collection() -> Collection:
    rng = random.Random(3)
    decks = []
    for d in range(3):
        cards = [
            Card(
                id=f"c{i}",
                front=f"**{rng.choice(WORDS)}** question {i}",
                back=f"{rng.choice(WORDS)} answer",
                note=rng.choice([None, rng.choice(WORDS)]),
                tags=rng.sample(["T1", "t2", "t3"], rng.randint(0, 2)),
            )
            for i in range(40)
        ]
        decks.append(
            LoadedDeck(Deck(id=f"d{d}", title=f"Deck {d}", cards=cards), Path(f"/nowhere/d{d}.yaml"), False)
        )
    return Collection(decks)


def fill(store, coll: Collection) -> None:
    rng = random.Random(5)
    states, marks = [], []
    for key, deck in coll.card_keys():
        if rng.random() < 0.6:
            due = TODAY + timedelta(days=rng.randint(-3, 8))
            states.append(
                dict(
                    card_key=key,
                    deck_id=deck,
                    repetitions=2,
                    ef_centi=rng.choice([230, 250]),
                    interval_days=rng.randint(1, 9),
                    due_day=due,
                    last_review_at=datetime(2026, 2, 1, tzinfo=UTC),
                    last_day=TODAY - timedelta(days=4),
                    repeat_today=False,
                )
            )
        if rng.random() < 0.3:
            marks.append(
                dict(
                    card_key=key,
                    deck_id=deck,
                    suspended=rng.random() < 0.5,
                    buried_until=rng.choice([None, TODAY, TODAY + timedelta(days=1)]),
                    flagged=rng.random() < 0.5,
                    leech=rng.random() < 0.3,
                    lapses=rng.randint(0, 5),
                )
            )
    with store.engine.begin() as conn:
        conn.execute(sa.insert(CardStateRow), states)
        conn.execute(sa.insert(CardMarkRow), marks)


def test_every_term_agrees_with_the_scan(db_url: str, tmp_path: Path) -> None:
    coll = collection()
    store = open_store(db_url)
    index = open_index(store, tmp_path / "cache")
    try:
        fill(store, coll)
        for text in QUERIES:
            query = parse_query(text)
            old = search(coll, store, TODAY, query, limit=200)
            first = indexed_search(coll, index, TODAY, query, limit=7)
            assert first.matched == old.matched, text
            assert first.rows == old.rows[:7], text
            later = indexed_search(coll, index, TODAY, query, limit=7, offset=7)
            assert later.rows == old.rows[7:14] and later.matched == old.matched, text
        assert indexed_search(coll, index, TODAY, parse_query("")).matched == 120
    finally:
        index.close()
        store.close()


def load(decks: Path, cache: Path) -> Collection:
    """The decks through the deck cache, as the app reads them (cached decks not validated)."""
    files = open_deck_cache(cache)
    try:
        return load_collection([decks], include_bundled=False, cache=files)
    finally:
        files.close()


def test_a_changed_deck_file_is_indexed_again_and_a_damaged_index_rebuilt(tmp_path: Path) -> None:
    decks, cache = tmp_path / "decks", tmp_path / "cache"
    decks.mkdir()
    deck = decks / "memo.yaml"
    deck.write_text(
        "id: memo\ntitle: Memo\ncards:\n  - id: one\n    front: Paged attention\n    back: blocks\n"
    )
    store = open_store(tmp_path / "flopcards.db")
    try:
        index = open_index(store, cache)
        found = indexed_search(load(decks, cache), index, TODAY, parse_query("paged"))
        assert [f.key for f in found.rows] == ["memo/one"]
        deck.write_text(
            deck.read_text().replace("Paged attention", "Radix tree") + "  - id: two\n"
            "    front: Paged KV\n    back: pages\n"
        )
        coll = load(decks, cache)
        assert not any("deck" in vars(d) for d in coll.decks)  # indexed from the cached JSON
        assert [f.key for f in indexed_search(coll, index, TODAY, parse_query("paged")).rows] == ["memo/two"]
        index.close()
        (cache / "search.sqlite3").write_bytes(b"not a database" * 100)
        index = open_index(store, cache)
        assert [f.key for f in indexed_search(coll, index, TODAY, parse_query("radix")).rows] == ["memo/one"]
        index.close()
    finally:
        store.close()


def test_a_running_search_stops_when_interrupted(tmp_path: Path) -> None:
    """Esc or a newer search interrupts the SQL running on the search's thread: it ends at once."""
    import threading

    from engine.search_index import SearchStopped, stoppable
    from engine.search_query import interrupt

    store = open_store(tmp_path / "flopcards.db")
    index = open_index(store, None)
    ended: list[BaseException] = []
    started = threading.Event()

    def endless() -> None:
        endless_sql = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT max(i) FROM n"
        try:
            with index.lock, stoppable():
                conn = index.connection()
                started.set()
                conn.execute(endless_sql).fetchone()
        except BaseException as error:  # what ended it is the assertion
            ended.append(error)

    thread = threading.Thread(target=endless)
    thread.start()
    try:
        assert started.wait(10)
        while thread.is_alive():  # the statement may not have begun when the first interrupt lands
            interrupt(index)
            thread.join(0.01)
        assert len(ended) == 1 and isinstance(ended[0], SearchStopped)
    finally:
        index.close()
        store.close()


def _deck(path: Path, deck_id: str, n: int) -> None:
    card = "  - id: c{i}\n    front: Paged {i}\n    back: blocks\n    tags: [{deck}, shared]\n"
    cards = "".join(card.format(i=i, deck=deck_id) for i in range(n))
    path.write_text(f"id: {deck_id}\ntitle: {deck_id}\ncards:\n{cards}")


def _rows(index) -> dict[str, object]:
    """The index's rows: cards, their text, their tags (and those of a card it holds), deck files."""
    counts = {
        "card": "SELECT count(*) FROM card",
        "card_text": "SELECT count(*) FROM card_text",
        "card_tag": "SELECT count(*) FROM card_tag",
        "tagged": "SELECT count(*) FROM card_tag JOIN card USING (id)",
    }
    with index.lock:
        conn = index.connection()
        rows: dict[str, object] = {name: conn.execute(sql).fetchone()[0] for name, sql in counts.items()}
        rows["files"] = sorted(Path(s).name for (s,) in conn.execute("SELECT source FROM deck_file"))
    return rows


def test_deck_files_gone_from_the_collection_leave_the_index(tmp_path: Path, monkeypatch) -> None:
    """A deck folder moved away (and back before its drop ended) and a deck file deleted: each sync
    drops the rows of the files no longer in the collection (cards, text, tags, deck_file), a search
    one chunk of them, the sync after start-up all; searches stay right meanwhile, and a full
    recompute of the seen flags then reads only the collection's cards."""
    from engine import search_drop, search_seen

    monkeypatch.setattr(search_drop, "CHUNK", 4)
    monkeypatch.setattr(search_seen, "CHUNK", 4)
    old, new, cache = tmp_path / "old", tmp_path / "new", tmp_path / "cache"
    old.mkdir()
    _deck(old / "a.yaml", "a", 6)
    _deck(old / "b.yaml", "b", 3)
    keys = [f"a/c{i}" for i in range(6)] + [f"b/c{i}" for i in range(3)]
    store, other = open_store(tmp_path / "flopcards.db"), open_store(tmp_path / "other.db")
    index = open_index(store, cache)
    paged = parse_query("paged")
    try:
        assert [f.key for f in indexed_search(load(old, cache), index, TODAY, paged).rows] == keys
        old.rename(new)
        assert [f.key for f in indexed_search(load(new, cache), index, TODAY, paged).rows] == keys
        assert _rows(index)["card"] == 9 + 9 - 4  # the search dropped one chunk of the old folder's
        new.rename(old)  # back, old/a half dropped: indexed again in full
        coll = load(old, cache)
        assert [f.key for f in indexed_search(coll, index, TODAY, paged).rows] == keys
        index.sync(deck_files(coll))
        whole = {"card": 9, "card_text": 9, "card_tag": 18, "tagged": 18, "files": ["a.yaml", "b.yaml"]}
        assert _rows(index) == whole
        elsewhere = tmp_path / "elsewhere"  # another collection's folder, still on the disk: kept
        elsewhere.mkdir()
        _deck(elsewhere / "e.yaml", "e", 2)
        index.sync(deck_files(load(elsewhere, cache)))
        index.sync(deck_files(coll))
        assert _rows(index)["files"] == ["a.yaml", "b.yaml", "e.yaml"]
        shutil.rmtree(elsewhere)
        (old / "b.yaml").unlink()
        coll = load(old, cache)
        index.sync(deck_files(coll))
        assert _rows(index) == {"card": 6, "card_text": 6, "card_tag": 12, "tagged": 12, "files": ["a.yaml"]}
        assert indexed_search(coll, index, TODAY, parse_query("tag:shared")).matched == 6
        index.close()

        read: list[int] = []
        recompute = search_seen._recompute

        def counted(conn, after: int, upto: int) -> None:
            sql = "SELECT count(*) FROM card WHERE id > ? AND id <= ?"
            read.append(conn.execute(sql, (after, upto)).fetchone()[0])
            recompute(conn, after, upto)

        monkeypatch.setattr(search_seen, "_recompute", counted)
        index = open_index(other, cache)  # another store: every flag recomputed
        assert indexed_search(coll, index, TODAY, parse_query("is:new")).matched == 6
        assert read == [4, 2]  # the collection's cards, in chunks of 4
    finally:
        index.close()
        store.close()
        other.close()


def test_a_chunk_of_a_gone_file_is_found_by_its_ids_not_by_a_scan() -> None:
    """Each statement dropping a chunk reaches its rows through the id range (and card_tag, which
    has no index on id, a seek per tag): one that read every card of the source, or every tag row,
    made each chunk of a 100k-card deck cost as much as the whole deck."""
    import sqlite3

    from engine.search_drop import DROPS
    from engine.search_index import _SCHEMA

    conn = sqlite3.connect(":memory:")
    conn.executescript(_SCHEMA)
    plans = [[row[3] for row in conn.execute(f"EXPLAIN QUERY PLAN {sql}", (1, 2, "s"))] for sql in DROPS]
    conn.close()
    by_ids = "SEARCH card USING INTEGER PRIMARY KEY (rowid>? AND rowid<?)"
    assert all(by_ids in plan and not any(step.startswith("SCAN card ") for step in plan) for plan in plans)
    assert "SEARCH card_tag USING PRIMARY KEY (tag=? AND id>? AND id<?)" in plans[1], plans[1]
