"""Benchmark: the real `flopcards` command in a real terminal (a pty, 120x40) on a generated
collection: enter, space and 4 pressed at once as soon as the home shows its counts, timed until
the answer is on screen, the grade is saved (its review-log row is in the database) and the next
card is on screen; then Esc during a browse of all decks, timed until the home is back. Not a test.

    nice python benchmarks/bench_enter_space_4.py --keep /tmp/h63/1m [--runs 3] [--grades 150]

--keep is a folder bench_vs_anki.py built (flop/bench.db, flop/decks, cache/, pristine.db). Each
run starts from the pristine database, on the study day the collection was made for (the clock
starts at 2026-03-02 15:00 UTC and runs on). A "second" start of the day has the deck cache, the
outline and today's backup from an earlier start; a "first" start of the day has no backup for
today yet: the integrity check and the copy run in the background while the user grades, so after
the enter-space-4 the script goes on grading (space, 4) one card at a time and reports how long
each grade took while the copy was being made.

The screen is read from the terminal's byte stream (what the app writes to it): a text is "on
screen" once the app has written it. Keys are written to the terminal as a user's would be.
"""

from __future__ import annotations

import argparse
import codecs
import fcntl
import json
import os
import pty
import re
import shutil
import signal
import sqlite3
import statistics
import struct
import subprocess
import sys
import termios
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
COLUMNS, LINES = 120, 40
DAY = "2026-03-02"  # benchmarks/collection.py's TODAY

LAUNCH = r"""
import sys, time
from datetime import UTC, datetime, timedelta
import engine.studyday
started, day = time.time(), datetime(2026, 3, 2, 15, tzinfo=UTC)
engine.studyday.utc_now = lambda: day + timedelta(seconds=time.time() - started)
from tui.cli import main
sys.exit(main(sys.argv[1:]))
"""
"""`flopcards` itself (tui.cli.main, as the installed command runs it), its clock on the study day
the generated collection was made for."""

PREPARE = r"""
import sys
from datetime import UTC, datetime
from pathlib import Path
from engine.app.daily import check_today
from tui.cli import build_parser, resolve_settings
from tui.config import AppConfig
from tui.keep_outline import save_outline
from tui.services import load_services
cache, argv = sys.argv[1], sys.argv[2:]
now = datetime(2026, 3, 2, 15, tzinfo=UTC)
settings = resolve_settings(build_parser().parse_known_args(argv)[0])[0]  # as `flopcards` reads them
db = settings.db
config = AppConfig(settings=settings, include_bundled=False, cache_dir=Path(cache), now=lambda: now)
services = load_services(config, with_templates=False)  # what the app's load does after the home
save_outline(config, services)
services.note_unseen()
services.prepare_search()
services.close()
print(check_today(db, 30, now))  # today's backup: later starts are second starts of the day
"""
"""The earlier start of the day: the app's load and the work it does once the home shows."""


class Terminal:
    """A child process on a pty of COLUMNS x LINES; what it writes is kept with the time it came."""

    def __init__(self, argv: list[str], env: dict[str, str]) -> None:
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", LINES, COLUMNS, 0, 0))
        self.started = time.perf_counter()
        self.process = subprocess.Popen(
            argv, stdin=slave, stdout=slave, stderr=slave, env=env, cwd=ROOT, start_new_session=True
        )
        os.close(slave)
        self.master = master
        self.text = ""
        self._marks: list[tuple[int, float]] = []  # (length of text after a read, when it came)
        self._changed = threading.Condition()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        decode = codecs.getincrementaldecoder("utf-8")(errors="replace").decode
        while True:
            try:
                data = os.read(self.master, 65536)
            except OSError:
                data = b""
            now = time.perf_counter()
            with self._changed:
                if not data:
                    self._marks.append((-1, now))
                    self._changed.notify_all()
                    return
                self.text += decode(data)
                self._marks.append((len(self.text), now))
                self._changed.notify_all()

    def send(self, keys: bytes) -> float:
        os.write(self.master, keys)
        return time.perf_counter()

    def wait_for(self, pattern: str, start: int = 0, timeout: float = 120) -> tuple[float, re.Match[str]]:
        """The time the app wrote the first text matching `pattern` after offset `start` of its
        output, and the match; SystemExit naming it after `timeout` seconds or when the app ended."""
        regex = re.compile(pattern)
        deadline = time.perf_counter() + timeout
        with self._changed:
            while True:
                found = regex.search(self.text, start)
                if found is not None:
                    return self.written_at(found.end()), found
                if self._marks and self._marks[-1][0] < 0:
                    raise SystemExit(f"the app ended before {pattern!r}:\n{_plain(self.text[-3000:])}")
                left = deadline - time.perf_counter()
                if left <= 0:
                    raise SystemExit(f"no {pattern!r} within {timeout} s:\n{_plain(self.text[-3000:])}")
                self._changed.wait(left)

    def written_at(self, offset: int) -> float:
        """When the app had written its output up to `offset`."""
        return next(t for length, t in self._marks if length >= offset or length < 0)

    def end(self) -> None:
        """ctrl+q, then the process group is ended if it is still there after 10 s."""
        try:
            self.send(b"\x11")
            self.process.wait(10)
        except (OSError, subprocess.TimeoutExpired):
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()
        self._reader.join(5)
        os.close(self.master)


def _plain(text: str) -> str:
    """The output without its escape sequences (for error messages)."""
    return re.sub(r"\x1b\[[0-9;?<>=$]*[ -/]*[@-~]|\x1b[P\]].*?(\x1b\\|\x07)|\x1b.", " ", text)


class Collection:
    """The folder bench_vs_anki.py built: the database is put back to its pristine copy per run."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.db, self.decks, self.cache = (
            folder / "flop" / "bench.db",
            folder / "flop" / "decks",
            folder / "cache",
        )
        self.pristine = folder / "pristine.db"
        self.backup = self.db.parent / "backups" / f"bench-{DAY}.db"
        for needed in (self.db, self.decks, self.cache):
            if not needed.exists():
                raise SystemExit(f"{needed} is missing: build the folder with bench_vs_anki.py --keep")

    def restore(self) -> None:
        if not self.pristine.exists():
            shutil.copy(self.db, self.pristine)
        for suffix in ("-wal", "-shm"):
            Path(f"{self.db}{suffix}").unlink(missing_ok=True)
        shutil.copy(self.pristine, self.db)

    def prepare(self) -> None:
        """The earlier start of the day: outline, unseen walks, search index and today's backup."""
        self.restore()
        started = time.perf_counter()
        done = subprocess.run(
            [sys.executable, "-c", PREPARE, str(self.cache), *self.argv()],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=False,
            env=self.env(),
        )
        if done.returncode:
            raise SystemExit(f"the earlier start failed:\n{done.stderr[-3000:]}")
        print(f"earlier start of the day: {time.perf_counter() - started:.1f} s", file=sys.stderr)

    def forget_seen(self) -> None:
        """The search index's record of how far its seen flags are synced (engine.search_seen)."""
        conn = sqlite3.connect(self.cache / "search.sqlite3", timeout=30)
        try:
            tables = "SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'seen%'"
            for (table,) in conn.execute(tables).fetchall():
                conn.execute(f"DELETE FROM {table}")
            conn.commit()
        finally:
            conn.close()

    def argv(self) -> list[str]:
        return ["--db", str(self.db), "--decks", str(self.decks), "--no-bundled"]

    def env(self) -> dict[str, str]:
        """The user's folder is the collection's own (home/): the settings, and so the outline's
        name (it names the deck folders), are the same for every start, as on a user's machine."""
        env = {**os.environ, "FLOPCARDS_HOME": str(self.folder / "home")}
        env["FLOPCARDS_CACHE_DIR"] = str(self.cache)
        env.pop("FLOPCARDS_DB", None)
        return env

    def last_review(self) -> int:
        conn = sqlite3.connect(f"file:{self.db}?mode=ro", uri=True, timeout=30)
        try:
            return int(conn.execute("SELECT coalesce(max(rowid), 0) FROM review_log").fetchone()[0])
        finally:
            conn.close()


def launch(collection: Collection) -> Terminal:
    env = {**collection.env(), "TERM": "xterm-256color", "COLUMNS": str(COLUMNS), "LINES": str(LINES)}
    return Terminal([sys.executable, "-c", LAUNCH, *collection.argv()], env)


def saved_after(collection: Collection, before: int, timeout: float = 60) -> float:
    """When a review-log row after `before` is in the database (polled every 2 ms)."""
    deadline = time.perf_counter() + timeout
    while time.perf_counter() < deadline:
        if collection.last_review() > before:
            return time.perf_counter()
        time.sleep(0.002)
    raise SystemExit(f"no grade saved within {timeout} s")


def enter_space_4(collection: Collection, first_of_day: bool, grades: int) -> dict[str, float]:
    """One start: enter, space, 4 at once when the counts show; with `first_of_day`, then `grades`
    more cards graded one at a time while (and after) the day's backup copy is made."""
    collection.restore()
    if first_of_day:
        collection.backup.unlink(missing_ok=True)
    elif not collection.backup.exists():
        raise SystemExit("no backup for today: run the earlier start first (--prepare)")
    before = collection.last_review()
    watch = CopyWatch(collection.backup) if first_of_day else None
    term = launch(collection)
    try:
        shown, counts = term.wait_for(r"Today: \d")
        pressed = term.send(b"\r 4")
        front_at, front = term.wait_for(r"Question (\d+-\d+)\?", counts.end())
        saved = saved_after(collection, before)
        next_at, moved = term.wait_for(r"done 1 ", front.end())
        # the answer as written before the next card (a grade acting in the same frame as the
        # reveal would move on before the back is drawn: then it never was on screen)
        answer = re.compile(r"Answer (\d+-\d+)\.").search(term.text, counts.end(), moved.start())
        answer_at = term.written_at(answer.end()) if answer else float("nan")
        out = {
            "launch to counts": (shown - term.started) * 1000,
            "keys to first card": (front_at - pressed) * 1000,
            "keys to answer on screen": (answer_at - pressed) * 1000,
            "keys to grade saved": (saved - pressed) * 1000,
            "keys to next card on screen": (next_at - pressed) * 1000,
            "glance": float("opening your decks" in _plain(term.text)),
        }
        if answer is not None and front.group(1) != answer.group(1):
            raise SystemExit(f"the answer shown ({answer.group(1)}) is not the card's ({front.group(1)})")
        if watch is not None:
            out |= grade_on(term, grades, watch)
        return out
    finally:
        term.end()
        if watch is not None:
            watch.stop()


def grade_on(term: Terminal, grades: int, watch: CopyWatch) -> dict[str, float]:
    """Space, then 4, card after card: each grade's time from its key to the next card on screen,
    split by whether today's backup copy was finished when the key went (a watcher notes when its
    partial file appears and when the copy is in place)."""
    before: list[float] = []
    after: list[float] = []
    slow: list[str] = []
    for n in range(2, grades + 2):
        if len(after) >= 5:  # the copy is done and grades after it are timed too
            break
        offset = len(term.text)
        term.send(b" ")
        term.wait_for(r"space/enter: grade 4", offset)  # the answer shows with the grade bar
        offset = len(term.text)
        pressed = term.send(b"4")
        shown, _ = term.wait_for(rf"done {n} ", offset)
        copied = watch.done is not None and watch.done < pressed
        (after if copied else before).append((shown - pressed) * 1000)
        if shown - pressed > 0.3:  # a slow one: when (s after launch), and how slow
            slow.append(f"{pressed - term.started:.1f} s: {(shown - pressed) * 1000:.0f} ms")
    nan = float("nan")
    if slow:
        print(f"grades over 300 ms: {', '.join(slow)}", file=sys.stderr, flush=True)
    return {
        "grades before the copy was done": len(before),
        "grade median before the copy was done": statistics.median(before) if before else nan,
        "grade worst before the copy was done": max(before) if before else nan,
        "grade median after": statistics.median(after) if after else nan,
        "copy started (s after launch)": (watch.started - term.started) if watch.started else nan,
        "copy done (s after launch)": (watch.done - term.started) if watch.done else nan,
    }


class CopyWatch:
    """When today's copy's partial file first shows and when the copy is in place (every 5 ms)."""

    def __init__(self, target: Path) -> None:
        self.target, self.partial = target, target.with_name(target.name + ".partial")
        self.started: float | None = None
        self.done: float | None = None
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._watch, daemon=True)
        self._thread.start()

    def _watch(self) -> None:
        while not self._stop.wait(0.005) and self.done is None:
            if self.started is None and self.partial.exists():
                self.started = time.perf_counter()
            if self.target.exists():
                self.done = time.perf_counter()

    def stop(self) -> None:
        self._stop.set()
        self._thread.join()


ESC_KEYS = {"esc (kitty keys)": b"\x1b[27u", "esc (plain ESC byte)": b"\x1b"}
"""Esc as a terminal with the kitty keyboard protocol sends it (Textual asks for it), and as one
ESC byte (xterm, tmux): the app then waits its escape delay for a sequence that might follow."""


def esc_during_browse(
    collection: Collection, times: int = 5, recompute: bool = False
) -> dict[str, dict[str, float]]:
    """Once the decks are open and the app's after-start work is done (the warm-up imports 2 s
    after the home): `times` times for each of ESC_KEYS, taking turns (so both meet the same
    machine), b (browse all decks: a search over every card) and that Esc as soon as the browser
    says it is searching, each timed until the home's counts are written again. With `recompute`,
    the search index forgets which cards it knew were seen, as when the database is put back from
    a copy or a deck file changed: the seen flags of every card are recomputed."""
    collection.restore()
    if recompute:
        collection.forget_seen()
    term = launch(collection)
    waits: dict[str, list[float]] = {name: [] for name in ESC_KEYS}
    try:
        term.wait_for(r"Today: \d")
        term.wait_for(r"Study ahead", timeout=300)  # the full key bar: the decks are open
        time.sleep(6.0)
        for _ in range(times):
            for name, esc in ESC_KEYS.items():
                offset = len(term.text)
                term.send(b"b")
                term.wait_for(r"Searching", offset)
                offset = len(term.text)
                pressed = term.send(esc)
                home_at, _ = term.wait_for(r"Today: \d", offset)
                waits[name].append((home_at - pressed) * 1000)
                time.sleep(0.5)
        for name, each in waits.items():
            print(f"  {name}, each (ms): {', '.join(f'{w:.0f}' for w in each)}", file=sys.stderr, flush=True)
        return {
            name: {"to home (median)": statistics.median(each), "to home (worst)": max(each)}
            for name, each in waits.items()
        }
    finally:
        term.end()


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--keep", type=Path, required=True, help="a folder bench_vs_anki.py --keep built")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument(
        "--grades", type=int, default=150, help="at most this many cards graded while the day's copy runs"
    )
    parser.add_argument("--prepare", action="store_true", help="run the earlier start of the day first")
    parser.add_argument("--esc-only", action="store_true", help="only the Esc during a browse")
    parser.add_argument("--esc-times", type=int, default=5, help="Esc presses per start (default 5)")
    parser.add_argument(
        "--recompute",
        action="store_true",
        help="the Esc run starts with the search index's seen flags to recompute in full (as after"
        " the database is put back from a copy)",
    )
    args = parser.parse_args()
    collection = Collection(args.keep)
    if args.prepare or not collection.backup.exists():
        collection.prepare()
    load = os.getloadavg()
    starts = () if args.esc_only else (("second start", False), ("first start", True))
    results: dict[str, list[dict[str, float]]] = {name: [] for name, _ in starts}
    results |= {name: [] for name in ESC_KEYS}
    for run in range(args.runs):
        for name, first in starts:
            results[name].append(enter_space_4(collection, first, args.grades))
            print(f"run {run} {name}: {json.dumps(results[name][-1])}", file=sys.stderr, flush=True)
        for name, esc_figures in esc_during_browse(collection, args.esc_times, args.recompute).items():
            results[name].append(esc_figures)
            print(f"run {run} {name}: {json.dumps(esc_figures)}", file=sys.stderr, flush=True)
    load_after = os.getloadavg()
    loads = f"load average {load[0]:.1f} before, {load_after[0]:.1f} after"
    print(f"{args.keep}: median of {args.runs} runs; {loads}")
    for name, runs in results.items():
        for row in runs[0]:
            values = [r[row] for r in runs if r[row] == r[row]]  # NaN: never happened in that run
            if not values:
                print(f"{name:20} {row:40} in none of the runs")
                continue
            seen = "" if len(values) == len(runs) else f"  (in {len(values)} of {len(runs)} runs)"
            figures = f"median {statistics.median(values):9.1f}  worst {max(values):9.1f}"
            print(f"{name:20} {row:40} {figures}{seen}")


if __name__ == "__main__":
    main()
