"""The state_change log (read only by search indexes, from where each last stopped) is pruned by the
day's check to its latest rows; an index that stopped before the cut recomputes instead of missing
what was pruned, one past it goes on from its place."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
import sqlalchemy as sa

from engine.search_query import open_index
from engine.store import state_log
from engine.store.daily import run_daily
from engine.store.database import open_store
from engine.store.models import CardStateRow, StateChangeRow
from tests.store.test_search_index import TODAY, collection, fill
from tests.store.test_search_seen import _agrees

NOW = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)


def _move(store, keys: list[str], days: int) -> None:
    """Answers: each key's due day moves (one log row each)."""
    with store.engine.begin() as conn:
        for key in keys:
            conn.execute(
                sa.update(CardStateRow)
                .where(CardStateRow.card_key == key)
                .values(due_day=TODAY + timedelta(days))
            )


def _logged(store) -> tuple[int, int, int]:
    """The log's rows: how many, the first and last sequence number."""
    seq = StateChangeRow.seq
    with store.engine.connect() as conn:
        return tuple(conn.execute(sa.select(sa.func.count(), sa.func.min(seq), sa.func.max(seq))).one())


def test_the_days_check_keeps_the_latest_rows_and_indexes_stay_right(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(state_log, "KEEP_ROWS", 10)
    db = tmp_path / "flopcards.db"
    coll = collection()
    store = open_store(db)
    behind, ahead = open_index(store, tmp_path / "a"), open_index(store, tmp_path / "b")
    try:
        fill(store, coll)
        _agrees(coll, store, behind)  # both indexes read the log up to here
        with store.engine.connect() as conn:
            keys = sorted(conn.execute(sa.select(CardStateRow.card_key)).scalars())
        _move(store, keys[:5], -2)  # due today: pruned below, so `behind` must not miss them
        _move(store, keys[5:25], 5)
        _agrees(coll, store, ahead)  # `ahead` has read past the cut to come
        top = _logged(store)[2]
        assert not run_daily(db, 0, NOW).damaged
        assert _logged(store) == (10, top - 9, top)  # only the latest rows are kept
        _move(store, keys[25:28], 1)
        assert _agrees(coll, store, behind, "due:today") > 0  # recomputed, not half-read
        _agrees(coll, store, behind)
        _agrees(coll, store, ahead)
        assert run_daily(db, 0, NOW).copy is None and _logged(store)[0] == 10
    finally:
        for index in (behind, ahead):
            index.close()
        store.close()


def test_a_log_under_the_limit_is_left_whole(tmp_path: Path) -> None:
    db = tmp_path / "flopcards.db"
    store = open_store(db)
    try:
        fill(store, collection())
        before = _logged(store)
        assert state_log.prune(db) == 0
        assert _logged(store) == before
    finally:
        store.close()


def _state(store, key: str, due_days: int) -> None:
    """One card answered for the first time, then again (its due day moves): two log rows on SQLite."""
    row = dict(card_key=key, deck_id="d", repetitions=1, ef_centi=250, interval_days=1, due_day=TODAY)
    with store.engine.begin() as conn:
        conn.execute(sa.insert(CardStateRow).values(row))
        moved = dict(due_day=TODAY + timedelta(due_days))
        conn.execute(sa.update(CardStateRow).where(CardStateRow.card_key == key).values(moved))


def test_only_sqlite_keeps_the_log_and_the_server_migration_goes_both_ways(db_url: str) -> None:
    """A server's search index copies card_state and never reads the log (engine.search_query), and no
    daily check prunes a server: migration 0013 drops its triggers and rows there, so nothing grows."""
    from alembic import command
    from alembic.config import Config

    from engine.store.database import MIGRATIONS_DIR, upgrade

    store = open_store(db_url)
    server = store.dialect == "postgresql"
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    try:
        _state(store, "d/a", 3)
        assert _logged(store)[0] == (0 if server else 2)
        with store.engine.begin() as conn:
            config.attributes["connection"] = conn
            command.downgrade(config, "0012")
        _state(store, "d/b", 4)  # 0012's triggers are back on the server
        assert _logged(store)[0] == (2 if server else 4)
        upgrade(store.engine)
        assert _logged(store)[0] == (0 if server else 4)  # the server's rows went with the triggers
        _state(store, "d/c", 5)
        assert _logged(store)[0] == (0 if server else 6)
    finally:
        store.close()
