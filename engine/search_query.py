"""A browser search as one SQL query on the search index with the card store attached: words through
the trigram index, tags through their own index, state terms through the store's keys, one page of
rows in deck order and the count of all matches; no card is visited in Python."""

from __future__ import annotations

import functools
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy.dialects import sqlite as sqlite_dialect

from engine.search_index import CACHE_KIB, SearchIndex, SearchStopped, file_uri, index_file, stoppable
from engine.store.browse import CardRow, Is, StateFilter, state_conditions
from engine.store.database import Store
from engine.store.models import CardMarkRow, CardStateRow

MIN_INDEXED = 3
"""A word shorter than a trigram is looked for in each body (still in SQL)."""


_ATTACHED = sa.MetaData()
_STATE = CardStateRow.__table__.to_metadata(_ATTACHED, schema="st")  # type: ignore[attr-defined]
_MARK = CardMarkRow.__table__.to_metadata(_ATTACHED, schema="st")  # type: ignore[attr-defined]
_CUR = sa.table("cur", sa.column("ord"), sa.column("source"), schema="temp")
_CARD = sa.table(
    "card",
    sa.column("id"),
    sa.column("source"),
    sa.column("pos"),
    sa.column("deck"),
    sa.column("key"),
    sa.column("front"),
    sa.column("seen"),
    sa.column("due"),
)
_TAG = sa.table("card_tag", sa.column("tag"), sa.column("id"))
_TEXT = sa.table("card_text", sa.column("rowid"), sa.column("body"))


@dataclass(frozen=True)
class Terms:
    """What a search asks, already read: words and tags lowercased, the deck files it covers in
    the order they are listed (deck: terms already applied), and the state terms."""

    words: tuple[str, ...] = ()
    tags: tuple[str, ...] = ()
    sources: tuple[str, ...] = ()
    state: StateFilter = field(default_factory=StateFilter)


@dataclass(frozen=True)
class Hit:
    """One listed card: key, deck id, front as listed, schedule and marks."""

    key: str
    deck_id: str
    front: str
    row: CardRow


@dataclass(frozen=True)
class Page:
    hits: list[Hit]
    matched: int


def _phrase(word: str) -> str:
    return '"' + word.replace('"', '""') + '"'


def _where(terms: Terms, today: date) -> list[sa.ColumnElement[bool]]:
    where: list[sa.ColumnElement[bool]] = []
    long = [w for w in terms.words if len(w) >= MIN_INDEXED]
    if long:
        match = sa.literal_column("card_text").op("MATCH")(" AND ".join(map(_phrase, long)))
        where.append(_CARD.c.id.in_(sa.select(_TEXT.c.rowid).where(match)))
    for word in terms.words:
        if len(word) < MIN_INDEXED:
            body = sa.select(_TEXT.c.rowid).where(sa.func.instr(_TEXT.c.body, word) > 0)
            where.append(_CARD.c.id.in_(body))
    for tag in terms.tags:
        where.append(_CARD.c.id.in_(sa.select(_TAG.c.id).where(_TAG.c.tag == tag)))
    # due days as the index keeps them (engine.search_seen): no probe of the store per card
    if terms.state.due_before is not None:
        where.append(_CARD.c.due < today + timedelta(days=terms.state.due_before))
    if terms.state.due_from is not None:
        where.append(_CARD.c.due >= today + timedelta(days=terms.state.due_from))
    conditions, mark_only = state_conditions(_STATE, _MARK, today, _stored(terms))
    if Is.NEW in terms.state.flags:  # kept by the index (engine.search_seen): no probe per card
        where.append(_CARD.c.seen == 0)
    return [*where, *conditions, *mark_only]


def _stored(terms: Terms) -> StateFilter:
    """The state terms read from the store itself (due: and is:new are the index's)."""
    return replace(terms.state, due_before=None, due_from=None)


def _statement(terms: Terms, today: date, limit: int, offset: int) -> tuple[sa.Select[Any], sa.Select[Any]]:
    # words and tags select few cards through their indexes: the card table is then read by id
    # from those, never scanned through a deck index (`|| ''` keeps the planner off it)
    source = _CARD.c.source.concat("") if terms.words or terms.tags else _CARD.c.source
    on_deck = source == _CUR.c.source
    joined = (
        _CUR.join(_CARD, on_deck)
        .outerjoin(_STATE, _STATE.c.card_key == _CARD.c.key)
        .outerjoin(_MARK, _MARK.c.card_key == _CARD.c.key)
    )
    where = _where(terms, today)
    page = (
        sa.select(
            _CARD.c.key,
            _CARD.c.deck,
            _CARD.c.front,
            _STATE.c.card_key,
            _STATE.c.due_day,
            _STATE.c.interval_days,
            _STATE.c.ef_centi,
            _MARK.c.lapses,
            _MARK.c.suspended,
            _MARK.c.buried_until,
            _MARK.c.flagged,
            _MARK.c.leech,
        )
        .select_from(joined)
        .where(*where)
        .order_by(_CUR.c.ord, _CARD.c.pos)
        .limit(limit)
        .offset(offset)
    )
    # the count joins the state and the marks only when a term reads them: an outer join on a
    # key never adds rows, and each join is a probe per card counted
    conditions, mark_only = state_conditions(_STATE, _MARK, today, _stored(terms))
    counted = _CUR.join(_CARD, on_deck)
    if conditions:
        counted = counted.join(_STATE, _STATE.c.card_key == _CARD.c.key)
    if mark_only:
        counted = counted.outerjoin(_MARK, _MARK.c.card_key == _CARD.c.key)
    return page, sa.select(sa.func.count()).select_from(counted).where(*where)


@functools.lru_cache(maxsize=32)
def _compiled(
    terms: Terms, today: date, limit: int, offset: int
) -> tuple[tuple[str, tuple[Any, ...]], tuple[str, tuple[Any, ...]]]:
    """The page's and the count's SQL (compiling a statement costs more than a search: kept)."""
    page, count = _statement(terms, today, limit, offset)
    return _sql(page), _sql(count)


def _sql(statement: sa.Select[Any]) -> tuple[str, tuple[Any, ...]]:
    """SQLite text and positional values (dates as the store writes them: ISO days)."""
    compiled = statement.compile(dialect=sqlite_dialect.dialect())
    values = [compiled.params[name] for name in compiled.positiontup or ()]
    return str(compiled), tuple(v.isoformat() if isinstance(v, date) else v for v in values)


def _day(value: str | None) -> date | None:
    return None if value is None else date.fromisoformat(value)


def _hit(row: Sequence[Any]) -> Hit:
    key, deck, front, state_key, due, interval, ef, lapses, suspended, buried, flagged, leech = row
    card = CardRow(
        key,
        _day(due),
        interval or 0,
        ef,
        state_key is not None,
        lapses or 0,
        bool(suspended),
        _day(buried),
        bool(flagged),
        bool(leech),
    )
    return Hit(key, deck, front, card)


def find(index: SearchIndex, today: date, terms: Terms, limit: int, offset: int = 0) -> Page:
    """One page of the cards matching every term, in deck and card order, and how many match.
    Raises sqlite3.Error when the index or the store cannot be read."""
    (page_sql, page_values), (count_sql, count_values) = _compiled(
        replace(terms, sources=()), today, limit, offset
    )
    with index.lock, stoppable():
        conn = index.connection()
        index.refresh_store(conn)
        conn.execute("CREATE TEMP TABLE IF NOT EXISTS cur (ord INTEGER PRIMARY KEY, source TEXT NOT NULL)")
        conn.execute("DELETE FROM temp.cur")
        conn.executemany("INSERT INTO temp.cur VALUES (?, ?)", enumerate(terms.sources))
        hits = [_hit(row) for row in conn.execute(page_sql, page_values)]
        if len(hits) < limit and (hits or not offset):  # the last page: no count needed
            matched = offset + len(hits)
        else:
            matched = conn.execute(count_sql, count_values).fetchone()[0]
    return Page(hits, matched)


__all__ = ["Hit", "Page", "SearchStopped", "Terms", "find", "interrupt", "open_index"]


def interrupt(index: SearchIndex) -> None:
    """Stop a search or an index update running on another thread (it raises SearchStopped there)."""
    conn = index.current()
    if conn is not None:
        conn.interrupt()


def store_link(store: Store) -> tuple[Any, Any]:
    """(attach, refresh) for a SearchIndex over this store: a SQLite file is attached read only;
    a server's state and marks are copied into an attached in-memory schema before each search."""
    path = store.engine.url.database if store.dialect == "sqlite" else None
    if path:

        def attach(conn: sqlite3.Connection) -> None:
            conn.execute("ATTACH DATABASE ? AS st", (f"{file_uri(Path(path))}?mode=ro",))
            # a state filter probes the key index for every card: kept in this connection's cache
            conn.execute(f"PRAGMA st.cache_size = {CACHE_KIB}")

        return attach, None
    return _attach_memory, lambda conn: _copy_from(store, conn)


def _attach_memory(conn: sqlite3.Connection) -> None:
    conn.execute("ATTACH DATABASE ':memory:' AS st")
    conn.execute(
        "CREATE TABLE st.card_state (card_key TEXT PRIMARY KEY, due_day TEXT, interval_days INTEGER,"
        " ef_centi INTEGER, repeat_today INTEGER, last_day TEXT)"  # the last two: the due rule's
    )
    conn.execute(
        "CREATE TABLE st.card_mark (card_key TEXT PRIMARY KEY, lapses INTEGER, suspended INTEGER,"
        " buried_until TEXT, flagged INTEGER, leech INTEGER)"
    )


def _copy_from(store: Store, conn: sqlite3.Connection) -> None:
    state, mark = CardStateRow, CardMarkRow
    with store.engine.connect() as server:
        states = server.execute(
            sa.select(
                state.card_key,
                state.due_day,
                state.interval_days,
                state.ef_centi,
                state.repeat_today,
                state.last_day,
            )
        )
        state_rows = [(k, _iso(d), i, e, r, _iso(ld)) for k, d, i, e, r, ld in states]
        marks = server.execute(
            sa.select(mark.card_key, mark.lapses, mark.suspended, mark.buried_until, mark.flagged, mark.leech)
        )
        mark_rows = [(k, lp, s, _iso(b), f, le) for k, lp, s, b, f, le in marks]
    conn.execute("BEGIN")
    conn.execute("DELETE FROM st.card_state")
    conn.execute("DELETE FROM st.card_mark")
    conn.executemany("INSERT INTO st.card_state VALUES (?, ?, ?, ?, ?, ?)", state_rows)
    conn.executemany("INSERT INTO st.card_mark VALUES (?, ?, ?, ?, ?, ?)", mark_rows)
    conn.execute("COMMIT")


def _iso(day: date | None) -> str | None:
    return None if day is None else day.isoformat()


def open_index(store: Store, folder: Path | None) -> SearchIndex:
    """The search index of a cache folder (None: in memory) over this store; opened on first use."""
    attach, refresh = store_link(store)
    return SearchIndex(index_file(folder), attach, refresh)
