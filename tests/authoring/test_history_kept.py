"""Editing decks on disk never loses study history: rewording keeps it, removing hides it,
re-adding the id brings it back (asserted on the database rows)."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime
from pathlib import Path

from engine.settings import Settings
from engine.studyday import StudyClock
from tui.config import AppConfig
from tui.services import Services, load_services

NOW = datetime(2026, 3, 2, 15, 0, tzinfo=UTC)
DECK = """\
id: mem
title: Memory
cards:
  - id: adam
    front: Bytes per parameter for mixed-precision Adam?
    back: 16 bytes.
    tags: [Memory]
  - id: kv
    front: Why does GQA shrink the KV cache?
    back: Fewer KV heads are cached.
    tags: [KV cache]
"""


def rows(db: Path) -> tuple[list[tuple[object, ...]], list[tuple[object, ...]]]:
    with sqlite3.connect(db) as conn:
        states = conn.execute("SELECT * FROM card_state ORDER BY card_key").fetchall()
        log = conn.execute("SELECT * FROM review_log ORDER BY id").fetchall()
    return states, log


def open_services(db: Path, decks: Path) -> Services:
    config = AppConfig(
        settings=Settings(db=str(db), deck_dirs=(decks,)),
        include_bundled=False,
        now=lambda: NOW,
        clock=StudyClock(day_start_hour=4, tz=UTC),
    )
    return load_services(config)


def counts(services: Services) -> tuple[int, int, int]:
    row = services.study.counts(["mem"])[1]
    return row.due, row.new, row.total


def test_wording_edits_removal_and_return_keep_the_history(tmp_path: Path) -> None:
    decks = tmp_path / "decks"
    decks.mkdir()
    deck = decks / "mem.yaml"
    deck.write_text(DECK, encoding="utf-8")
    db = tmp_path / "study.db"
    services = open_services(db, decks)
    try:
        session = services.study.session("mem")
        session.answer(4, 3.0)
        session.answer(5, 2.0)
        before = rows(db)
        assert [r[0] for r in before[0]] == ["mem/adam", "mem/kv"]
        assert counts(services) == (0, 0, 2)

        deck.write_text(
            DECK.replace("Bytes per parameter for", "How many bytes per parameter does").replace(
                "16 bytes.", "'**16 bytes** = 2 + 2 + 4 + 4 + 4.'"
            ),
            encoding="utf-8",
        )
        services.reload()
        assert services.collection.problems == []
        assert services.collection.card("mem/adam").front.startswith("How many bytes")
        assert rows(db) == before  # nothing rewritten, nothing lost
        assert counts(services) == (0, 0, 2)  # still reviewed cards, not new ones

        deck.write_text(DECK.split("  - id: kv")[0], encoding="utf-8")
        services.reload()
        assert counts(services) == (0, 0, 1)  # the removed card is hidden...
        assert rows(db) == before  # ...and its rows are still there

        deck.write_text(DECK, encoding="utf-8")
        services.reload()
        assert counts(services) == (0, 0, 2)  # back, with its history: not counted as new
        assert rows(db) == before
        assert services.study.session("mem", ahead=True).queue == ["mem/adam", "mem/kv"]
    finally:
        services.close()
