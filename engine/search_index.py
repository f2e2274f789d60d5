"""The search index: every card's text in a SQLite file (FTS5, trigram: substring search without
visiting every card), kept per deck file and rebuilt when that file's stamp changes.

The index holds what the browser searches (key, front, back, note lowercased as one body; tags;
deck) and what it lists (the front as shown). It is derived data: a damaged or foreign file is
wiped and rebuilt. The card store is attached to the same connection (read only) so a search's
text, tag, deck and state terms are one SQL query (engine.search_query).
"""

from __future__ import annotations

import contextlib
import itertools
import sqlite3
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from engine.search_drop import drop_gone
from engine.search_seen import PROGRESS, sync_seen

APP_ID = "flopcards-search-index"
FORMAT = 3
"""Bump when what is indexed, or how, changes: an index of another format is rebuilt."""
INDEX_FILE = "search.sqlite3"
CHUNK = 2000
"""Cards indexed per batch."""
_SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE deck_file (source TEXT PRIMARY KEY, deck TEXT NOT NULL, stamp TEXT NOT NULL);
CREATE TABLE card (
    id INTEGER PRIMARY KEY, source TEXT NOT NULL, pos INTEGER NOT NULL, deck TEXT NOT NULL,
    key TEXT NOT NULL, front TEXT NOT NULL, seen INTEGER NOT NULL DEFAULT 0, due TEXT);
CREATE INDEX card_order ON card (source, pos);
CREATE INDEX card_key ON card (key);
CREATE INDEX card_due ON card (source, due);
CREATE INDEX card_new ON card (source, seen, pos);
CREATE TABLE seen_sync (
    id INTEGER PRIMARY KEY CHECK (id = 1), store TEXT NOT NULL, seq INTEGER NOT NULL,
    states INTEGER NOT NULL);
CREATE TABLE card_tag (tag TEXT NOT NULL, id INTEGER NOT NULL, PRIMARY KEY (tag, id)) WITHOUT ROWID;
CREATE VIRTUAL TABLE card_text USING fts5 (body, tokenize = 'trigram case_sensitive 1');
"""


CACHE_KIB = -2_000
"""Page cache of the index and of the store a search reads (negative: KiB), each: SQLite's default
2 MB. Since the seen flags and due days live in the index (search_seen), a larger one buys nothing:
at a million cards (bench_vs_anki, 3 rounds, load 1.0-1.2) 2, 4 and 8 MB answer the three searches
in 15-27, 20-27 and 26-33 ms (first runs 21-29, 27-31, 35-44) and the process peaks at 163, 167
and 175 MB, Anki's library at 173; at 100k 2 MB gives 0.6-5.1 ms, Anki 4-13."""

@dataclass(frozen=True)
class CardText:
    """One card as the index keeps it: its id in the deck, its front as listed, its searched body
    (lowercased) and its tags (lowercased)."""

    card_id: str
    front: str
    body: str
    tags: tuple[str, ...]


@dataclass(frozen=True)
class DeckFile:
    """A deck as the index knows it: its file, id, stamp (what the file was when read) and, when the
    stamp is not the indexed one, its cards (called only then)."""

    source: str
    deck: str
    stamp: str
    cards: Callable[[], Iterable[CardText]]


Attach = Callable[[sqlite3.Connection], None]


class SearchStopped(Exception):
    """A search or an index update was interrupted (a newer search, or the browser closed)."""


@contextlib.contextmanager
def stoppable() -> Iterator[None]:
    """Turns SQLite's 'interrupted' into SearchStopped."""
    try:
        yield
    except sqlite3.OperationalError as error:
        if "interrupted" in str(error):
            raise SearchStopped from error
        raise


class SearchIndex:
    """The index file (`None`: in memory, for a session without a cache folder) and one connection
    to it, used under a lock; `attach` adds the card store to the connection as schema `st`, and
    `refresh` (if any) brings that schema up to date before a search."""

    def __init__(self, path: Path | None, attach: Attach, refresh: Attach | None = None) -> None:
        self.path = path
        self._attach = attach
        self._refresh = refresh
        self._lock = threading.Lock()
        self._conn: sqlite3.Connection | None = None

    def connection(self) -> sqlite3.Connection:
        """The open connection (caller holds `lock`)."""
        if self._conn is None:
            self._conn = self._open()
        return self._conn

    def current(self) -> sqlite3.Connection | None:
        """The connection if open (to interrupt it from another thread)."""
        return self._conn

    def refresh_store(self, conn: sqlite3.Connection) -> None:
        """Bring the attached store up to date (a server's copy) and each card's seen flag with it."""
        if self._refresh is not None:
            self._refresh(conn)
        sync_seen(conn)

    @property
    def lock(self) -> threading.Lock:
        return self._lock

    def _open(self) -> sqlite3.Connection:
        if self.path is None:
            conn = _connect(":memory:")
            conn.executescript(_SCHEMA)
            _stamp_meta(conn)
        else:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            try:
                conn = _connect(file_uri(self.path))
                _check_ours(conn)
            except sqlite3.Error:  # damaged, foreign or of another format: start over
                for suffix in ("", "-wal", "-shm"):
                    Path(f"{self.path}{suffix}").unlink(missing_ok=True)
                conn = _connect(file_uri(self.path))
                conn.executescript(_SCHEMA)
                _stamp_meta(conn)
        conn.execute(PROGRESS)
        self._attach(conn)
        return conn

    def sync(self, decks: Sequence[DeckFile], drop_chunks: int | None = None) -> None:
        """Bring the index in step with these decks: a deck whose stamp changed is indexed again
        (one transaction per deck: a search meanwhile sees the old or the new deck, never half), and
        the files indexed before that are not among them and no longer on the disk are dropped, at
        most `drop_chunks` chunks of their cards (None: all; engine.search_drop)."""
        with self._lock, stoppable():
            conn = self.connection()
            known = dict(conn.execute("SELECT source, deck || ' ' || stamp FROM deck_file").fetchall())
            for deck in decks:
                if known.get(deck.source) != f"{deck.deck} {deck.stamp}":
                    _reindex(conn, deck)
            current = {deck.source for deck in decks}
            # a file of another collection (a second --decks folder, another profile) stays: only
            # a file gone from the disk (deleted, moved, renamed) is dropped, or every switch between
            # two collections would index the other again in full
            gone = [source for source in known if source not in current and not Path(source).exists()]
            drop_gone(conn, gone, drop_chunks)
            self.refresh_store(conn)  # the seen flags of decks indexed again: not at the first search

    def close(self) -> None:
        with self._lock:
            if self._conn is not None:
                self._conn.close()
                self._conn = None


def _connect(name: str) -> sqlite3.Connection:
    conn = sqlite3.connect(name, timeout=5, check_same_thread=False, isolation_level=None, uri=True)
    if name != ":memory:":
        conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=NORMAL")  # derived data: a lost write is rebuilt, not lost
    conn.execute(f"PRAGMA cache_size = {CACHE_KIB}")  # a search reads the card table and the text index
    return conn


def _check_ours(conn: sqlite3.Connection) -> None:
    meta = dict(conn.execute("SELECT key, value FROM meta").fetchall())
    if meta != {"app": APP_ID, "format": str(FORMAT)}:
        raise sqlite3.DatabaseError("not a flopcards search index of this format")


def _stamp_meta(conn: sqlite3.Connection) -> None:
    conn.executemany("INSERT INTO meta VALUES (?, ?)", [("app", APP_ID), ("format", str(FORMAT))])


def _reindex(conn: sqlite3.Connection, deck: DeckFile) -> None:
    conn.execute("BEGIN")  # deferred: the attached store is never locked
    try:
        old = "SELECT id FROM card WHERE source = ?"
        conn.execute(f"DELETE FROM card_text WHERE rowid IN ({old})", (deck.source,))
        conn.execute(f"DELETE FROM card_tag WHERE id IN ({old})", (deck.source,))
        conn.execute("DELETE FROM card WHERE source = ?", (deck.source,))
        conn.execute("DELETE FROM seen_sync")  # this deck's cards are not seen yet: recomputed in full
        next_id = first = conn.execute("SELECT coalesce(max(id), 0) + 1 FROM card").fetchone()[0]
        cards = iter(deck.cards())  # in chunks: a 100k-card deck is never held as objects at once
        while chunk := list(itertools.islice(cards, CHUNK)):
            rows = [(next_id + n, card) for n, card in enumerate(chunk)]
            conn.executemany(
                "INSERT INTO card (id, source, pos, deck, key, front) VALUES (?, ?, ?, ?, ?, ?)",
                [
                    (i, deck.source, i - first, deck.deck, f"{deck.deck}/{c.card_id}", c.front)
                    for i, c in rows
                ],
            )
            conn.executemany(
                "INSERT INTO card_text (rowid, body) VALUES (?, ?)", [(i, c.body) for i, c in rows]
            )
            conn.executemany(
                "INSERT OR IGNORE INTO card_tag VALUES (?, ?)", [(t, i) for i, c in rows for t in c.tags]
            )
            next_id += len(chunk)
        conn.execute(
            "INSERT OR REPLACE INTO deck_file VALUES (?, ?, ?)", (deck.source, deck.deck, deck.stamp)
        )
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise


def file_uri(path: Path) -> str:
    from urllib.parse import quote

    return f"file:{quote(str(path.resolve()), safe='/')}"


def index_file(folder: Path | None) -> Path | None:
    """Where the index of a cache folder lives (None: no folder, an index in memory)."""
    return None if folder is None else folder / INDEX_FILE
