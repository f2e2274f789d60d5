"""The rehearsed first session and answer (Study.rehearse, run after the home by note_unseen)
leave nothing behind, change no count, and give up quietly on a database it cannot write."""

from __future__ import annotations

from pathlib import Path

import sqlalchemy as sa

from engine.app import Grade, Study
from engine.store import repo
from engine.store.database import open_store
from engine.store.models import CardStateRow, ReviewRow, StateChangeRow
from tests.store.test_unseen_memo import DECKS, NOW, seeded


def _rows(study: Study) -> tuple[int, ...]:
    with study.store.engine.connect() as conn:
        tables = (CardStateRow, ReviewRow, StateChangeRow)
        counted = [conn.execute(sa.select(sa.func.count()).select_from(t)).scalar_one() for t in tables]
        days = conn.execute(sa.text("SELECT coalesce(sum(answers), 0) FROM review_day")).scalar_one()
    return (*counted, days)


def test_a_rehearsal_leaves_no_row_and_the_first_answer_is_stored(tmp_path: Path) -> None:
    study = seeded(str(tmp_path / "flopcards.db"))
    before, counts = _rows(study), study.counts(list(DECKS))
    study.rehearse()
    assert _rows(study) == before and study.counts(list(DECKS)) == counts
    session = study.session(None)
    key = session.queue[0]
    session.answer(Grade.WELL, 2.0)
    assert repo.load_state(study.store, key).repetitions >= 1
    assert _rows(study)[1] == before[1] + 1
    study.store.close()


def test_a_database_refusing_the_write_is_not_rehearsed_and_raises_nothing(tmp_path: Path) -> None:
    study = seeded(str(tmp_path / "flopcards.db"))
    with study.store.engine.begin() as conn:  # every new state refused, as a full disk would
        conn.execute(
            sa.text(
                "CREATE TRIGGER no_room BEFORE INSERT ON card_state BEGIN SELECT RAISE(ABORT, 'full'); END"
            )
        )
    before = _rows(study)
    study.rehearse()
    assert _rows(study) == before
    study.store.close()


def test_the_rehearsal_starts_the_write_ahead_log_and_changes_nothing(tmp_path: Path) -> None:
    """SQLite removes the log when the last connection closes; the first commit after an open
    writes and syncs a new log's header: the rehearsal pays that, not the first answer."""
    path = tmp_path / "flopcards.db"
    seeded(str(path)).store.close()
    assert not Path(f"{path}-wal").exists() or Path(f"{path}-wal").stat().st_size == 0
    study = Study(open_store(path), now=lambda: NOW)
    before = _rows(study)
    with study.store.engine.connect() as conn:
        version = conn.exec_driver_sql("PRAGMA user_version").scalar_one()
    study.rehearse()
    assert Path(f"{path}-wal").stat().st_size > 0, "the log was started"
    with study.store.engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA user_version").scalar_one() == version
    assert _rows(study) == before
    study.store.close()
