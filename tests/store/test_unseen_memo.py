"""The unseen memo (unseen_memo, migration 0010) changes how far the counts walk, never what they
count: on a real SQLite file and on the PostgreSQL server, with and without the memo, the same."""

from __future__ import annotations

import threading
import time
from datetime import UTC, datetime, timedelta

import sqlalchemy as sa
from alembic import command
from alembic.config import Config

from engine.app import Grade, Study, StudyItem
from engine.counting import Memo, keys_digest
from engine.sm2 import CardState
from engine.start.reads import QuickReads
from engine.store import marks, repo
from engine.store.database import MIGRATIONS_DIR, open_store
from engine.store.models import CardStateRow

NOW = datetime(2026, 3, 2, 15, tzinfo=UTC)
TODAY = NOW.date()
DECKS = {
    "a": [f"a/c{i:02d}" for i in range(40)],  # two thirds reviewed
    "b": [f"b/c{i:02d}" for i in range(30)],  # never reviewed
    "c": [f"c/c{i:02d}" for i in range(12)],  # all reviewed
}


def items(decks: dict[str, list[str]]) -> list[StudyItem]:
    return [StudyItem(k, d) for d, keys in decks.items() for k in keys]


def seeded(url: str) -> Study:
    store = open_store(url)
    with store.sessions.begin() as session:
        for deck, keys in DECKS.items():
            for i, key in enumerate(
                keys if deck == "c" else keys[: len(keys) * 2 // 3] if deck == "a" else []
            ):
                row = CardStateRow(card_key=key, deck_id=deck)
                repo.set_state(
                    row, CardState(repetitions=2, interval_days=6, due=TODAY + timedelta(days=i % 5 - 2))
                )
                session.add(row)
    marks.change_mark(store, "a/c30", "a", suspended=True)  # a held new card
    marks.change_mark(store, "b/c01", "b", buried_until=TODAY + timedelta(days=1))
    study = Study(store, items(DECKS), now=lambda: NOW)
    study.answer("a/c00", Grade.BLACKOUT, 3.0)  # failed today: a same-day repeat
    return study


def seen_by(study: Study) -> tuple[object, ...]:
    decks = list(DECKS)
    return (
        study.counts(decks),
        study.new_keys(None),
        *(study.session(d).queue for d in (None, *decks)),
    )


def forget_memos(study: Study) -> None:
    with study.store.engine.begin() as conn:
        conn.execute(sa.text("DELETE FROM unseen_memo"))


def assert_memo_changes_nothing(study: Study) -> None:
    """What the counts and queues give with the memos kept now, and with none (the full walk)."""
    assert repo.memos(study.store), "a memo is kept"
    with_memo = seen_by(study)
    forget_memos(study)
    assert seen_by(study) == with_memo


def test_memos_written_then_skipped_while_exact(db_url: str) -> None:
    study = seeded(db_url)
    assert study.note_unseen() == 3
    memos = repo.memos(study.store)
    assert memos["a"] == Memo(keys_digest(DECKS["a"]), 40, tuple(DECKS["a"][26:]))
    assert memos["b"] == Memo(keys_digest(DECKS["b"]), 30, tuple(DECKS["b"]))
    assert memos["c"] == Memo(keys_digest(DECKS["c"]), 12, ())
    assert study.note_unseen() == 0  # all current and exact: nothing written
    study.answer("b/c05", Grade.WELL, 3.0)
    assert study.note_unseen() == 1  # b's memo had become loose: walked again
    assert repo.memos(study.store)["b"].unseen == tuple(k for k in DECKS["b"] if k != "b/c05")
    study.store.close()


def test_counts_with_the_memo_equal_counts_without(db_url: str) -> None:
    study = seeded(db_url)
    study.note_unseen()
    new_a, new_b = study.counts(["a", "b"])[1:]
    assert (new_a.new, new_b.new) == (13, 20)  # a: 14 unseen, one suspended; b: the limit
    assert_memo_changes_nothing(study)
    study.note_unseen()
    for key in ("a/c27", "b/c00", "b/c29", "a/c39"):  # more first answers: the memo is a superset
        study.answer(key, Grade.WELL, 3.0)
    assert_memo_changes_nothing(study)
    study.store.close()


def test_a_bounded_memo_walks_on_past_its_end(db_url: str) -> None:
    study = seeded(db_url)
    repo.note_unseen(study.store, {d: keys for d, keys in DECKS.items()}, keep=3)
    assert repo.memos(study.store)["b"] == Memo(keys_digest(DECKS["b"]), 3, tuple(DECKS["b"][:3]))
    for key in DECKS["b"][:3]:
        study.answer(key, Grade.WELL, 3.0)
    assert study.new_keys("b") == [k for k in DECKS["b"][3:] if k != "b/c01"]
    assert_memo_changes_nothing(study)
    study.store.close()


def test_a_deck_whose_keys_changed_ignores_its_memo(db_url: str) -> None:
    study = seeded(db_url)
    study.note_unseen()
    changed = {**DECKS, "c": ["c/fresh", *DECKS["c"]]}  # a new card before the reviewed ones
    study.set_items(items(changed))
    *_, c = study.counts(list(changed))
    assert c.new == 1 and study.new_keys("c") == ["c/fresh"]
    assert repo.memos(study.store)["c"].keys_digest != keys_digest(changed["c"])
    study.store.close()


def test_undoing_a_first_answer_drops_the_memo_in_the_database(db_url: str) -> None:
    study = seeded(db_url)
    applied = study.answer("c/extra", Grade.WELL, 3.0)  # c's only new card, answered
    study.set_items(items({**DECKS, "c": [*DECKS["c"], "c/extra"]}))
    study.note_unseen()
    assert repo.memos(study.store)["c"].unseen == ()
    assert study.counts(["c"])[1].new == 0
    repo.undo_answer(study.store, applied.log_id, applied.mark)  # deletes the card's state row
    assert repo.memos(study.store) == {}  # the trigger: every memo went with it
    assert study.counts(["c"])[1].new == 1 and study.new_keys("c") == ["c/extra"]
    study.store.close()


def test_quick_reads_read_the_same_memos(tmp_path) -> None:
    path = tmp_path / "flopcards.db"
    study = seeded(str(path))
    study.note_unseen()
    with QuickReads(path) as quick:
        assert quick.memos() == repo.memos(study.store) and len(quick.memos()) == 3
    study.store.close()


def test_migration_adds_the_memo_and_its_triggers_and_takes_them_back(db_url: str) -> None:
    study = seeded(db_url)
    study.note_unseen()
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    with study.store.engine.begin() as conn:
        config.attributes["connection"] = conn
        command.downgrade(config, "0009")
        assert "unseen_memo" not in sa.inspect(conn).get_table_names()
        conn.execute(sa.text("DELETE FROM card_state WHERE card_key = 'c/c00'"))  # no trigger left
    study.store.close()
    reopened = open_store(db_url)  # upgrades the 0009 database again
    assert repo.memos(reopened) == {}
    study = Study(reopened, items(DECKS), now=lambda: NOW)
    assert study.note_unseen() == 3 and repo.memos(reopened)["c"].unseen == ("c/c00",)
    with reopened.engine.begin() as conn:
        conn.execute(sa.text("DELETE FROM card_state WHERE card_key = 'c/c01'"))
    assert repo.memos(reopened) == {}
    reopened.close()


def test_a_walk_beside_an_uncommitted_undo_waits_for_it(pg_url: str) -> None:
    """PostgreSQL: an undo's delete is not visible to a walk until it commits, so the walk must wait
    for it (the memo's table lock) rather than keep a memo that misses the undone card."""
    study = seeded(pg_url)
    study.answer("c/extra", Grade.WELL, 3.0)
    study.set_items(items({**DECKS, "c": [*DECKS["c"], "c/extra"]}))
    walk = threading.Thread(target=study.note_unseen)
    with study.store.engine.connect() as undo:
        undo.execute(sa.text("DELETE FROM card_state WHERE card_key = 'c/extra'"))  # open transaction
        walk.start()
        waited = "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock'"
        give_up = time.monotonic() + 60  # a hang elsewhere must not hang the suite: the asserts judge
        while walk.is_alive() and time.monotonic() < give_up:  # until the walk waits for the lock
            # pg_stat_activity is read once per transaction unless its snapshot is dropped
            undo.execute(sa.text("SELECT pg_stat_clear_snapshot()"))
            if undo.execute(sa.text(waited)).scalar_one():
                break
            time.sleep(0.01)
        undo.commit()
    walk.join(30)
    assert not walk.is_alive()
    assert "c/extra" in repo.memos(study.store)["c"].unseen
    assert study.new_keys("c") == ["c/extra"]
    study.store.close()


def test_a_server_role_that_may_only_read_keeps_no_memo_and_counts_the_same(pg_url: str, pg_server) -> None:
    """Best effort: a role granted SELECT only (a reporting account) is refused the memo's lock with
    a ProgrammingError, not a busy server's OperationalError: no memo, nothing raised (it ended the
    app with a traceback, from the load thread), the counts as the owner sees them."""
    import psycopg

    study = seeded(pg_url)
    expected = seen_by(study)
    study.store.close()
    pg_server.admin(
        "DO $$ BEGIN CREATE ROLE memo_reader LOGIN; EXCEPTION WHEN duplicate_object THEN NULL; END $$"
    )
    with psycopg.connect(pg_url.replace("postgresql+psycopg", "postgresql")) as conn:
        conn.execute("GRANT SELECT ON ALL TABLES IN SCHEMA public TO memo_reader")
    reader = Study(open_store(pg_url.replace("flopcards@", "memo_reader@")), items(DECKS), now=lambda: NOW)
    try:
        assert reader.note_unseen() == 0
        assert repo.memos(reader.store) == {}
        assert seen_by(reader) == expected
    finally:
        reader.store.close()
