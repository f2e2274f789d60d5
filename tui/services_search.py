"""Services' card search: Anki-style queries through the search index, stopped on demand."""

from __future__ import annotations

import sqlite3

from cards.browse import LIMIT, Query, SearchResult, deck_files, indexed_search, parse_query, search
from cards.loader import Collection
from engine.app import Study
from engine.app.errors import STORE_ERRORS, app_error
from engine.search_index import SearchIndex
from engine.search_query import SearchStopped, interrupt, open_index
from engine.store.database import Store
from tui.config import AppConfig


class SearchCalls:
    """The search calls of tui.services.Services (its fields, named here for the type checker)."""

    config: AppConfig
    store: Store
    collection: Collection
    study: Study
    _index: SearchIndex | None

    def browse(self, text: str) -> SearchResult | None:
        """Cards matching an Anki-style search (None: stopped by `stop_search`); raises
        cards.browse.QueryError (one line), or AppError when the store cannot be read (a server
        gone). Through the search index; if that cannot be read (disk full, damaged beyond
        rebuilding), through the scan of every card."""
        try:
            return self._search(parse_query(text))
        except SearchStopped:
            return None

    def _search(self, query: Query, limit: int = LIMIT) -> SearchResult:
        """AppError when the store cannot be read (the cards' states and marks: the index's and
        the scan's)."""
        try:
            try:
                return indexed_search(self.collection, self.search_index(), self.study.today(), query, limit)
            except sqlite3.Error:
                return search(self.collection, self.store, self.study.today(), query, limit)
        except STORE_ERRORS as error:
            raise app_error(error) from None

    def search_index(self) -> SearchIndex:
        if self._index is None:
            self._index = open_index(self.store, self.config.cache_dir)
        return self._index

    def stop_search(self) -> None:
        """Interrupt a search running on another thread (it returns None at once)."""
        if self._index is not None:
            interrupt(self._index)

    def prepare_search(self) -> None:
        """Bring the search index in step with the decks (off the UI thread, after the home shows):
        the first search then reads only what changed since. Best effort."""
        try:
            self.search_index().sync(deck_files(self.collection))
        except (SearchStopped, sqlite3.Error, OSError):
            return
