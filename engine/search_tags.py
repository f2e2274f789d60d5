"""The tags cards carry, read from the search index: the close ones when a tag matched no card."""

from __future__ import annotations

import difflib
import sqlite3

from engine.search_index import SearchIndex

MAX_CLOSE = 3


def close_tags(index: SearchIndex, tag: str) -> list[str]:
    """Up to three known tags spelled like `tag` (lowercased, closest first); [] if none or unreadable."""
    try:
        with index.lock:
            known = [row[0] for row in index.connection().execute("SELECT DISTINCT tag FROM card_tag")]
    except sqlite3.Error:
        return []
    return difflib.get_close_matches(tag, known, MAX_CLOSE, 0.6)


def untagged_text(tag: str, close: list[str]) -> str:
    """One short line naming the tag as typed: "no card tagged 'Memroy' (try memory)"."""
    text = f"no card tagged '{tag}'"
    return f"{text} (try {' or '.join(close)})" if close else text
