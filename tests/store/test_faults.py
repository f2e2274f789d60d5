"""SQLite under faults: killed migrations, two instances, read-only files, damaged pages, look-alikes."""

from __future__ import annotations

import hashlib
import os
import pwd
import shutil
import signal
import sqlite3
import tempfile
from collections.abc import Callable
from datetime import UTC, date, datetime
from pathlib import Path

import alembic.command  # noqa: F401  - loaded once here rather than in every forked child
import pytest
import sqlalchemy as sa

from engine.sm2 import CardState, review
from engine.store import repo
from engine.store.database import StoreError, make_engine, open_store, upgrade
from engine.store.revisions import HEAD, REVISIONS

pytestmark = pytest.mark.real_migration  # these tests watch Alembic migrate new files

NOW = datetime(2026, 3, 2, 15, 0, tzinfo=UTC)
TODAY = date(2026, 3, 2)


def in_child(work: Callable[[], int]) -> tuple[int | None, int | None]:
    """Run `work` in a forked process; (exit code, killing signal)."""
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        try:
            code = work()
        except BaseException:
            code = 99
        os._exit(code)
    _, status = os.waitpid(pid, 0)
    if os.WIFSIGNALED(status):
        return None, os.WTERMSIG(status)
    return os.WEXITSTATUS(status), None


_FIRST_COLUMNS = {
    "card_state": "card_key, deck_id, repetitions, ef_centi, interval_days, due_day, last_review_at, "
    "last_day, repeat_today",
    "review_log": "*",
}
"""The columns of the first schema: later migrations add columns, and the rows must keep these."""


def _dump(path: Path) -> dict[str, list[tuple[object, ...]]]:
    with sqlite3.connect(path) as conn:
        return {
            t: conn.execute(f"SELECT {c} FROM {t} ORDER BY 1").fetchall() for t, c in _FIRST_COLUMNS.items()
        }


def _old_database(path: Path) -> None:
    engine = make_engine(f"sqlite:///{path}")
    upgrade(engine, REVISIONS[0])
    with engine.begin() as conn:
        for i in range(3):
            conn.execute(
                sa.text(
                    f"INSERT INTO card_state VALUES ('d/{i}', 'd', 1, 250, 1, '2026-03-03', "
                    "'2026-03-02 15:00:00', '2026-03-02', 0)"
                )
            )
            conn.execute(
                sa.text(
                    f"INSERT INTO review_log VALUES ({i + 1}, 'd/{i}', 'd', '2026-03-02 15:00:00', "
                    "'2026-03-02', 4, 1.5, 0, 1, '{}', '{}')"
                )
            )
    engine.dispose()


def _die_at(path: Path, boundary: int) -> Callable[[], int]:
    def work() -> int:
        seen = 0

        def tick(*_args: object, **_kwargs: object) -> None:
            nonlocal seen
            seen += 1
            if seen == boundary:
                os.kill(os.getpid(), signal.SIGKILL)

        sa.event.listen(sa.Engine, "before_cursor_execute", tick)
        sa.event.listen(sa.Engine, "commit", tick)
        open_store(path, now=NOW).close()
        return 0

    return work


def _files(folder: Path) -> tuple[tuple[str, bytes], ...]:
    """Every file a kill left in `folder` (the database, its WAL and shared memory, backups), by content."""
    return tuple((p.name, hashlib.sha256(p.read_bytes()).digest()) for p in sorted(folder.iterdir()))


@pytest.mark.parametrize("start", ["older schema with rows", "new file"])
def test_kill_at_every_statement_of_a_migration_then_start_again(tmp_path: Path, start: str) -> None:
    """A process killed (SIGKILL) at each statement boundary of the migration in turn; the start
    after it completes the migration and keeps every row. The start is a function of the files the
    kill left (the clock is fixed), so it runs once per distinct set of files: the migrations run in
    one transaction, and the ~70 kills leave one or two distinct sets (a bug that made a kill leave
    something new would add sets, each started again and checked)."""
    template = tmp_path / "template.db"
    if start == "new file":
        template.touch()
    else:
        _old_database(template)
    expected = _dump(template) if start != "new file" else {"card_state": [], "review_log": []}
    kills = 0
    started_from: set[tuple[tuple[str, bytes], ...]] = set()
    for boundary in range(1, 200):
        path = tmp_path / f"run{boundary}" / "flopcards.db"
        path.parent.mkdir()
        shutil.copy(template, path)
        code, sig = in_child(_die_at(path, boundary))
        if sig is None:
            assert code == 0
            break
        assert sig == signal.SIGKILL
        kills += 1
        if start != "new file":  # once more at the same place: still one backup of the old version
            assert in_child(_die_at(path, boundary))[1] == signal.SIGKILL
        left = _files(path.parent)
        if left in started_from:
            continue
        started_from.add(left)
        store = open_store(path, now=NOW)  # the start after the kills completes the migration
        store.close()
        with sqlite3.connect(path) as conn:
            assert conn.execute("SELECT version_num FROM alembic_version").fetchone() == (HEAD,)
        rows = _dump(path)
        assert {k: v for k, v in rows.items()} == expected, (
            f"rows changed after a kill at statement {boundary}"
        )
        backups = [p for p in path.parent.glob("*.backup-*") if not p.name.endswith(("-wal", "-shm"))]
        assert len(backups) == (0 if start == "new file" else 1), "one backup per version step"
    assert kills >= 8, "the hook must reach the migration's statements"
    print(f"{start}: killed at each of {kills} statement boundaries, {len(started_from)} file sets")


def test_two_instances_grade_the_same_new_card(db_path: Path) -> None:
    first, second = open_store(db_path), open_store(db_path)
    seen_by_first, seen_by_second = repo.load_state(first, "d/a"), repo.load_state(second, "d/a")
    assert seen_by_first == seen_by_second == CardState()
    for store, state, grade in ((first, seen_by_first, 5), (second, seen_by_second, 2)):
        _, record = review(state, grade, now=NOW, today=TODAY)
        repo.save_answer(store, card_key="d/a", deck_id="d", record=record, seconds=1.0)
    one, two = repo.review_log(first)
    assert two.record.before == one.record.after, "the second grade applies on top of the first"
    assert repo.load_state(first, "d/a") == two.record.after == repo.load_state(second, "d/a")
    first.close()
    second.close()


def _as_nobody(work: Callable[[], int]) -> Callable[[], int]:
    def wrapped() -> int:
        if os.geteuid() == 0:  # root writes anything: test what a user sees
            nobody = pwd.getpwnam("nobody")
            os.setgid(nobody.pw_gid)
            os.setuid(nobody.pw_uid)
        return work()

    return wrapped


@pytest.mark.parametrize("locked", ["file", "folder"])
def test_read_only_database_is_refused_at_start(locked: str) -> None:
    home = Path(tempfile.mkdtemp(prefix="flopcards-ro-"))
    try:
        path = home / "flopcards.db"
        open_store(path).close()
        os.chmod(home, 0o755)
        if os.geteuid() == 0:
            nobody = pwd.getpwnam("nobody").pw_uid
            os.chown(path, nobody, -1)
            if locked == "file":
                os.chown(home, nobody, -1)
        if locked == "file":
            os.chmod(path, 0o444)
        else:
            os.chmod(home, 0o555)
        before = path.read_bytes()
        read, write = os.pipe()

        def attempt() -> int:
            try:
                open_store(path)
            except StoreError as error:
                os.write(write, str(error).encode())
                return 2
            return 0

        assert in_child(_as_nobody(attempt)) == (2, None)
        os.close(write)
        message = os.read(read, 4096).decode()
        assert "read-only" in message and "did not open" in message
        assert path.read_bytes() == before
    finally:
        os.chmod(home, 0o755)
        shutil.rmtree(home)
