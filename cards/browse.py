"""Browser search: parse Anki-style terms (words, tag:, deck:, due:, is:) and list matching cards."""

from __future__ import annotations

import fnmatch
import re
import shlex
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from datetime import date
from typing import Any

from cards.cached import Sketch
from cards.loader import Collection, LoadedDeck
from engine.cardtext import shown_markdown
from engine.search_index import CardText, DeckFile, SearchIndex
from engine.search_query import Terms, find
from engine.store.browse import CardRow, Is, StateFilter, card_rows, filtered_keys
from engine.store.database import Store
from engine.store.repo import seen_keys

MAX_QUERY_CHARS = 200
LIMIT = 500
"""Rows listed at most (the count says how many matched)."""
DROP_PER_SEARCH = 1
"""Chunks of a gone deck file's cards a search drops from the index (engine.search_drop): the
whole drop is the sync's after start-up (tui services), which a search stops."""
HELP = "words, tag:X, deck:X, due:today|tomorrow|overdue|<N|N, is:new|due|suspended|buried|leech|flagged"
_DUE = re.compile(r"(<=|<)?(\d{1,4})")


class QueryError(ValueError):
    """A search that cannot be read; the message says why in one line."""


@dataclass(frozen=True)
class Query:
    words: tuple[str, ...] = ()
    tags: tuple[str, ...] = ()
    decks: tuple[str, ...] = ()
    state: StateFilter = field(default_factory=StateFilter)


def _due(value: str) -> tuple[int | None, int | None]:
    """(due_before, due_from) in days from today."""
    named = {"today": (1, None), "tomorrow": (2, 1), "overdue": (0, None)}
    if value in named:
        return named[value]
    match = _DUE.fullmatch(value)
    if match is None:
        raise QueryError(
            f"due:{value} is not a day: use due:today, due:tomorrow, due:overdue, due:<7 or due:3"
        )
    op, days = match.group(1), int(match.group(2))
    if op == "<":
        return days, None
    if op == "<=":
        return days + 1, None
    return days + 1, days


def parse_query(text: str) -> Query:
    """The terms of a search; QueryError (one line) for what cannot be read."""
    if len(text) > MAX_QUERY_CHARS:
        raise QueryError(f"the search is longer than {MAX_QUERY_CHARS} characters")
    try:
        terms = shlex.split(text)
    except ValueError as error:
        raise QueryError(f"cannot read the search ({error}); close the quotes") from error
    words: list[str] = []
    tags: list[str] = []
    decks: list[str] = []
    due_before: int | None = None
    due_from: int | None = None
    flags: set[Is] = set()
    for term in terms:
        name, colon, value = term.partition(":")
        name, value = name.lower(), value.lower()
        if not colon:
            words.append(term.lower())
        elif name == "tag" and value:
            tags.append(value)
        elif name == "deck" and value:
            decks.append(value)
        elif name == "due" and value:
            due_before, due_from = _due(value)
        elif name == "is" and value in {i.value for i in Is}:
            flags.add(Is(value))
        else:
            raise QueryError(f"unknown search term {term!r}; use {HELP}")
    state = StateFilter(due_before, due_from, frozenset(flags))
    return Query(tuple(words), tuple(tags), tuple(decks), state)


def _state_test(store: Store, today: date, state: StateFilter) -> Callable[[str], bool]:
    """Whether a key passes the due: and is: terms, from two SQL reads at most."""
    tests: list[Callable[[str], bool]] = []
    if Is.NEW in state.flags:
        reviewed = seen_keys(store)
        tests.append(lambda key: key not in reviewed)
        state = replace(state, flags=state.flags - {Is.NEW})
    if not state.empty:
        keys = filtered_keys(store, today, state)
        tests.append(lambda key: key in keys)
    return lambda key: all(test(key) for test in tests)


@dataclass(frozen=True)
class Found:
    """One listed card: where it is, its front, and its schedule and marks."""

    key: str
    deck_id: str
    front: str
    row: CardRow


@dataclass(frozen=True)
class SearchResult:
    rows: list[Found]
    matched: int
    """How many cards matched (rows holds at most LIMIT of them)."""


def search(
    collection: Collection, store: Store, today: date, query: Query, limit: int = LIMIT
) -> SearchResult:
    """Cards of the loaded decks matching every term, in deck order; text in memory, state in SQL."""
    selects = _state_test(store, today, query.state)
    found: list[tuple[str, str, str]] = []
    for loaded in collection.decks:
        if query.decks and not any(fnmatch.fnmatchcase(loaded.id.lower(), d) for d in query.decks):
            continue
        for card in loaded.deck.cards:
            key = f"{loaded.id}/{card.id}"
            if not selects(key):
                continue
            if query.tags and not all(t in {g.lower() for g in card.tags} for t in query.tags):
                continue
            if query.words:
                text = f"{key}\n{card.front}\n{card.back}\n{card.note or ''}".lower()
                if not all(w in text for w in query.words):
                    continue
            found.append((key, loaded.id, shown_markdown(card.front)))
    shown = found[:limit]
    rows = card_rows(store, (key for key, _, _ in shown))
    return SearchResult(
        [Found(key, deck, front, rows.get(key, CardRow(key))) for key, deck, front in shown], len(found)
    )


def deck_files(collection: Collection) -> list[DeckFile]:
    """The collection's decks as the search index keeps them (cards read only for a changed deck)."""
    return [_deck_file(loaded) for loaded in collection.decks]


def _deck_file(loaded: LoadedDeck) -> DeckFile:
    try:
        stat = loaded.path.stat()
        stamp = f"{stat.st_size}:{stat.st_mtime_ns}:{len(loaded.head.card_ids)}"
    except OSError:
        stamp = f"unread:{id(loaded)}"  # no stamp to trust: indexed again
    return DeckFile(str(loaded.path), loaded.id, stamp, lambda: _texts(loaded))


def _texts(loaded: LoadedDeck) -> Iterator[CardText]:
    """The deck's cards as indexed, one by one: from the cached JSON when there is one (no model
    per card), else from the validated deck."""
    raw = loaded.source.raw_cards() if isinstance(loaded.source, Sketch) else None
    if raw is not None and all(_plain(c) for c in raw):
        for c in raw:
            yield _text(loaded.id, c["id"], c["front"], c["back"], c.get("note"), c.get("tags", []))
        return
    for card in loaded.deck.cards:
        yield _text(loaded.id, card.id, card.front, card.back, card.note, card.tags)


def _plain(card: dict[str, Any]) -> bool:
    """Whether a cached card has the shape indexing reads (else the deck is validated)."""
    note, tags = card.get("note"), card.get("tags", [])
    return (
        isinstance(card.get("front"), str)
        and isinstance(card.get("back"), str)
        and (note is None or isinstance(note, str))
        and isinstance(tags, list)
        and all(isinstance(t, str) for t in tags)
    )


def _text(deck_id: str, card_id: str, front: str, back: str, note: str | None, tags: list[str]) -> CardText:
    body = f"{deck_id}/{card_id}\n{front}\n{back}\n{note or ''}".lower()
    return CardText(card_id, shown_markdown(front), body, tuple({str(g).lower() for g in tags}))


def indexed_search(
    collection: Collection, index: SearchIndex, today: date, query: Query, limit: int = LIMIT, offset: int = 0
) -> SearchResult:
    """`search` through the index: the same cards in the same order, one page of them."""
    index.sync(deck_files(collection), drop_chunks=DROP_PER_SEARCH)
    sources = tuple(
        str(loaded.path)
        for loaded in collection.decks
        if not query.decks or any(fnmatch.fnmatchcase(loaded.id.lower(), d) for d in query.decks)
    )
    terms = Terms(query.words, query.tags, sources, query.state)
    page = find(index, today, terms, limit, offset)
    return SearchResult([Found(h.key, h.deck_id, h.front, h.row) for h in page.hits], page.matched)
