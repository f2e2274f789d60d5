"""Benchmark: where one review answer goes on a generated collection (benchmarks/collection.py):
the first answer and the median answer as bench_vs_anki.py times them, the SQL statements an
answer runs (those SQLAlchemy sends and those SQLite runs for them, triggers included), and,
with --plan, SQLite's query plan of each. Not a test; works on a copy of the database.

    nice python benchmarks/bench_answer.py /tmp/c/bench.db /tmp/c/decks [--cache DIR]
        [--answers 20] [--profile first|median] [--plan] [--nosync]

--nosync sets PRAGMA synchronous=OFF on every connection of this run (an experiment: what the
fsync costs); the app never does.
"""

from __future__ import annotations

import argparse
import cProfile
import itertools
import json
import os
import pstats
import shutil
import statistics
import sys
import tempfile
import time
from collections import Counter
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


class Statements:
    """SQL sent by SQLAlchemy and SQL SQLite ran (its trace: trigger bodies show as '-- TRIGGER')."""

    def __init__(self) -> None:
        self.sent: list[str] = []
        self.traced: list[str] = []
        self.on = False

    def watch(self, engine: Any, nosync: bool) -> None:
        import sqlalchemy as sa

        def sent(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
            if self.on:
                self.sent.append(statement)

        def connected(dbapi: Any, _record: Any) -> None:
            dbapi.set_trace_callback(lambda sql: self.on and self.traced.append(sql))
            if nosync:
                dbapi.execute("PRAGMA synchronous=OFF")

        sa.event.listen(engine, "before_cursor_execute", sent)
        sa.event.listen(engine, "connect", connected)
        engine.dispose()  # connections opened before the listener: reopened with it


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("db", type=Path)
    parser.add_argument("decks", type=Path)
    parser.add_argument("--cache", type=Path, help="deck cache folder (copied); default: a fresh one")
    parser.add_argument("--answers", type=int, default=20)
    parser.add_argument("--profile", choices=("first", "median"))
    parser.add_argument("--plan", action="store_true", help="EXPLAIN QUERY PLAN of each statement")
    parser.add_argument("--nosync", action="store_true")
    parser.add_argument("--searches", action="store_true", help="search first, as bench_vs_anki.py")
    parser.add_argument("--no-settle", action="store_true", help="no os.sync() after copying the db")
    parser.add_argument("--workdir", type=Path, help="where the copy goes (default: next to the db)")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(dir=args.workdir or args.db.parent, prefix="answer-"))
    try:
        print(json.dumps(run(args, work), indent=1))
    finally:
        shutil.rmtree(work)


def run(args: argparse.Namespace, work: Path) -> dict[str, Any]:
    db = work / "bench.db"
    shutil.copy(args.db, db)
    cache = work / "cache"
    if args.cache:
        shutil.copytree(args.cache, cache)
    if not args.no_settle:  # the copy's dirty pages written out first: not timed in the answers' fsyncs
        os.sync()
    from engine.grades import Grade
    from engine.settings import Settings
    from tui.config import AppConfig
    from tui.services import load_services

    today = date(2026, 3, 2)
    config = AppConfig(
        settings=Settings(db=str(db), deck_dirs=(args.decks,)),
        include_bundled=False,
        cache_dir=cache,
        now=lambda: datetime(today.year, today.month, today.day, 15, tzinfo=UTC),
    )
    load = os.getloadavg()[0]
    services = load_services(config, with_templates=False)
    watch = Statements()
    watch.watch(services.store.engine, args.nosync)
    services.note_unseen()
    if args.searches:  # bench_vs_anki.py's order: searches, interrupted ones, then the session
        import threading

        for text in ("5-123", "is:new", "due:today"):
            for _ in range(5):
                services.browse(text)
            worker = threading.Thread(target=services.browse, args=(text,))
            worker.start()
            time.sleep(0.003)
            services.stop_search()
            worker.join()
    collections: list[tuple[int, float]] = []
    started: list[float] = []

    def on_gc(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            started.append(time.perf_counter())
        elif watch.on:
            collections.append((info["generation"], (time.perf_counter() - started[-1]) * 1000))

    import gc

    gc.callbacks.append(on_gc)
    session = services.review(None)
    session.current()
    out: dict[str, Any] = {"load": load}
    profiler = cProfile.Profile()
    watch.on = True
    if args.profile == "first":
        profiler.enable()
    t, cpu = time.perf_counter(), time.process_time()
    session.answer(Grade.WELL, 5.0)
    out["first answer ms"] = (time.perf_counter() - t) * 1000
    out["first answer CPU ms"] = (time.process_time() - cpu) * 1000
    profiler.disable()
    watch.on = False
    first_sent, first_traced = list(watch.sent), list(watch.traced)
    out["first answer collections (gen, ms)"] = collections[:]
    collections.clear()
    times: list[float] = []
    cpus: list[float] = []
    wal = [os.path.getsize(f"{db}-wal")]
    for i in range(args.answers):
        watch.sent.clear()
        watch.traced.clear()
        watch.on = True
        if args.profile == "median":
            profiler.enable()
        t, cpu = time.perf_counter(), time.process_time()
        session.current()  # as bench_vs_anki.py times it: the next card shown, then answered
        session.answer(Grade.WELL, 5.0)
        times.append((time.perf_counter() - t) * 1000)
        cpus.append((time.process_time() - cpu) * 1000)
        profiler.disable()
        wal.append(os.path.getsize(f"{db}-wal"))
        watch.on = False
        if i == 0:
            out["statements sent"] = watch.sent[:]
            out["statements run"] = watch.traced[:]
    out["answer median ms"] = statistics.median(times)
    out["collections during answers (gen, ms)"] = collections
    out["answer CPU median ms"] = statistics.median(cpus)
    out["fsync probe median ms"] = fsync_probe(work)
    out["answer times ms"] = [round(x, 2) for x in times]
    out["WAL bytes per answer"] = [b - a for a, b in itertools.pairwise(wal)]
    out["first answer statements sent"] = first_sent
    out["first answer statements run"] = len(first_traced)
    if args.plan:
        out["plans"] = plans(services.store.engine, out["statements run"])
    services.close()
    out["load after"] = os.getloadavg()[0]
    if args.profile:
        stats = pstats.Stats(profiler, stream=sys.stderr)
        stats.sort_stats("cumulative").print_stats(40)
        stats.sort_stats("tottime").print_stats(25)
    return out


def fsync_probe(folder: Path, rounds: int = 20) -> float:
    """Median ms of appending 60 KB (an answer's WAL frames) to a file beside the db and fsyncing it."""
    times = []
    with open(folder / "probe", "wb") as probe:
        for _ in range(rounds):
            t = time.perf_counter()
            probe.write(os.urandom(61_440))
            probe.flush()
            os.fsync(probe.fileno())
            times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times)


def plans(engine: Any, statements: list[str]) -> dict[str, list[str]]:
    """Query plans of the traced statements (trigger markers and transaction control skipped)."""
    out: dict[str, list[str]] = {}
    raw = engine.raw_connection()
    try:
        for sql in Counter(statements):
            if sql.startswith("--") or sql.split()[0].upper() in {"BEGIN", "COMMIT", "ROLLBACK", "PRAGMA"}:
                continue
            try:
                rows = raw.driver_connection.execute(f"EXPLAIN QUERY PLAN {sql}").fetchall()
            except Exception as error:  # a plan that cannot be made is reported
                out[sql] = [f"({error})"]
                continue
            out[sql] = [str(row[-1]) for row in rows]
    finally:
        raw.close()
    return out


if __name__ == "__main__":
    main()
