"""Benchmark: the actions after the home against Anki's library on the same generated collection
(benchmarks/collection.py's cards, due days and review history, built for Anki by bench_anki.py):
three searches, a session's first card, the first answer, the median answer and peak memory, each
side in a fresh process; prints the table with the ratios. Not a test.

    nice python benchmarks/bench_vs_anki.py --cards 100000 [--reviews 10] [--anki-python PY]
        [--rounds 3] [--keep /tmp/bench-100k]

Each round measures both sides one after the other on fresh copies of the built collections (the
answers of a round do not reach the next), and the table gives each row's median over the rounds:
on a shared machine the two sides meet the same load. --keep builds into that folder once and
reuses it (a million cards take minutes to generate).

The flopcards side runs as a user's second start of the day: the deck cache and the search index
were built by an earlier run (a deck changed since is indexed again by its first search), and the
step the app runs off the UI thread once the home shows (Services.note_unseen: each deck's unseen
walk, a rehearsed session and answer) has run before the actions are timed.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

ROWS = [
    ("search word", "ms"),
    ("search is:new", "ms"),
    ("search due:today", "ms"),
    ("session + first card", "ms"),
    ("first answer", "ms"),
    ("answer (median)", "ms"),
    ("peak memory", "MB"),
]
SEARCHES = {"search word": "5-123", "search is:new": "is:new", "search due:today": "due:today"}

FLOPCARDS = r"""
import json, resource, statistics, sys, time
from datetime import UTC, datetime, date
from pathlib import Path
db, decks, cache, warm = sys.argv[1], Path(sys.argv[2]), Path(sys.argv[3]), sys.argv[4] == "warm"
runs, answers, searches = int(sys.argv[5]), int(sys.argv[6]), json.loads(sys.argv[7])
from engine.grades import Grade
from engine.settings import Settings
from tui.config import AppConfig
from tui.services import load_services
today = date(2026, 3, 2)
config = AppConfig(settings=Settings(db=db, deck_dirs=(decks,)), include_bundled=False, cache_dir=cache,
                   now=lambda: datetime(today.year, today.month, today.day, 15, tzinfo=UTC))
services = load_services(config, with_templates=False)
if warm:  # the earlier start: the deck cache is written by the load, the index built here, and
    services.prepare_search()  # each deck's walk of unseen keys kept, as the app does after the home
    services.note_unseen()
    services.close()
    raise SystemExit
services.note_unseen()  # what the app does once the home shows (memos, a rehearsed first answer)
out = {}
for name, text in searches.items():
    times = []
    for _ in range(runs):
        t = time.perf_counter(); found = services.browse(text); times.append((time.perf_counter() - t) * 1000)
    out[name], out[name + " first"] = statistics.median(times), times[0]
    out[name + " matched"] = found.matched
import threading
def stopped_after(text):  # Esc: the browser interrupts the search running on its worker thread
    worker = threading.Thread(target=services.browse, args=(text,))
    worker.start(); time.sleep(0.003)
    t = time.perf_counter(); services.stop_search(); worker.join()
    return (time.perf_counter() - t) * 1000
out["search stopped (worst)"] = max(stopped_after(text) for text in searches.values() for _ in range(runs))
t = time.perf_counter()
session = services.review(None)
current = session.current()
out["session + first card"] = (time.perf_counter() - t) * 1000
t = time.perf_counter()
session.answer(Grade.WELL, 5.0)
out["first answer"] = (time.perf_counter() - t) * 1000
times = []
for _ in range(answers):
    t = time.perf_counter(); session.current(); session.answer(Grade.WELL, 5.0)
    times.append((time.perf_counter() - t) * 1000)
out["answer (median)"] = statistics.median(times)
out["peak memory"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
services.close()
print(json.dumps(out))
"""


def _run_flopcards(argv: list[str]) -> str:
    done = subprocess.run(
        [sys.executable, "-c", FLOPCARDS, *argv], capture_output=True, text=True, cwd=ROOT, check=False
    )
    if done.returncode:
        raise SystemExit(f"the flopcards side failed:\n{done.stderr[-3000:]}")
    return done.stdout


def flopcards(db: Path, decks: Path, cache: Path, runs: int, answers: int, mode: str) -> dict[str, float]:
    """One process of the flopcards side: `warm` (the earlier start) or `measure`."""
    out = _run_flopcards(
        [str(db), str(decks), str(cache), mode, str(runs), str(answers), json.dumps(SEARCHES)]
    )
    result: dict[str, float] = json.loads(out.strip().splitlines()[-1]) if mode == "measure" else {}
    return result


def anki_script(python: str, args: list[str], capture: bool = False) -> str:
    script = str(ROOT / "benchmarks" / "bench_anki.py")
    done = subprocess.run([python, script, *args], capture_output=capture, text=True, check=False)
    if done.returncode:
        raise SystemExit(f"the Anki side failed:\n{(done.stderr or '')[-3000:]}")
    return done.stdout or ""


def anki(python: str, path: Path, common: list[str]) -> dict[str, float]:
    out = anki_script(python, [*common, "--actions", str(path)], capture=True)
    result: dict[str, float] = json.loads(out.strip().splitlines()[-1])
    return result


def build(folder: Path, args: argparse.Namespace) -> tuple[Path, Path, Path]:
    """(flopcards database, deck folder, Anki collection) in `folder`, built unless already there;
    the flopcards side's deck cache and search index written by its earlier start."""
    from collection import generate_collection

    flop, anki_path, done = folder / "flop", folder / "bench.anki2", folder / "built"
    if not done.exists():
        for stale in (flop, folder / "cache"):
            shutil.rmtree(stale, ignore_errors=True)
        for stale_file in (anki_path, folder / "pristine.db", folder / "pristine.anki2"):
            stale_file.unlink(missing_ok=True)
        started = time.perf_counter()
        db, decks = generate_collection(flop, args.cards, args.reviews)
        started = _step("flopcards collection generated", started)
        anki_script(args.anki_python, [*_common(args), "--build", str(anki_path)])
        started = _step("Anki's collection built", started)
        flopcards(db, decks, folder / "cache", args.runs, args.answers, "warm")
        _step("flopcards' earlier start (deck cache, search index)", started)
        done.write_text(f"{args.cards} {args.reviews}\n")
    elif done.read_text().split() != [str(args.cards), str(args.reviews)]:
        raise SystemExit(
            f"{folder} holds another collection ({done.read_text().strip()}): use another --keep"
        )
    return flop / "bench.db", flop / "decks", anki_path


def _step(done: str, started: float) -> float:
    """Say how long a build step took (a million cards take minutes); the time it ended."""
    now = time.perf_counter()
    print(f"{done}: {now - started:.1f} s (load {os.getloadavg()[0]:.1f})", file=sys.stderr, flush=True)
    return now


def _common(args: argparse.Namespace) -> list[str]:
    return [
        "--cards",
        str(args.cards),
        "--reviews",
        str(args.reviews),
        "--runs",
        str(args.runs),
        "--answers",
        str(args.answers),
    ]


def _restore(pristine: Path, path: Path) -> None:
    for suffix in ("-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    shutil.copy(pristine, path)


def measure(folder: Path, args: argparse.Namespace) -> tuple[dict[str, float], dict[str, float]]:
    """Median of each row over the rounds, both sides measured in every round on fresh copies of
    the built collections, put back where they were built (the search index knows its store)."""
    db, decks, anki_path = build(folder, args)
    pristine_db, pristine_anki = folder / "pristine.db", folder / "pristine.anki2"
    if not pristine_db.exists():
        shutil.copy(db, pristine_db)
        shutil.copy(anki_path, pristine_anki)
    ours: list[dict[str, float]] = []
    theirs: list[dict[str, float]] = []
    for _ in range(args.rounds):
        _restore(pristine_db, db)
        ours.append(flopcards(db, decks, folder / "cache", args.runs, args.answers, "measure"))
        _restore(pristine_anki, anki_path)
        theirs.append(anki(args.anki_python, anki_path, _common(args)))
    return _median(ours), _median(theirs)


def _median(results: list[dict[str, float]]) -> dict[str, float]:
    return {name: statistics.median(r[name] for r in results) for name in results[0]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--cards", type=int, default=100_000)
    parser.add_argument("--reviews", type=int, default=10)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--answers", type=int, default=20)
    parser.add_argument(
        "--rounds", type=int, default=3, help="both sides measured this many times, alternating"
    )
    parser.add_argument("--keep", type=Path, help="build the collections here once and reuse them")
    parser.add_argument("--anki-python", default=sys.executable, help="a Python with the anki wheel")
    args = parser.parse_args()
    load = os.getloadavg()
    if args.keep:
        args.keep.mkdir(parents=True, exist_ok=True)
        ours, theirs = measure(args.keep, args)
    else:
        with tempfile.TemporaryDirectory() as tmp:
            ours, theirs = measure(Path(tmp), args)
    load_after = os.getloadavg()
    print(f"{args.cards:,} cards, {args.reviews} reviews each (90% seen); searches: median of {args.runs};")
    print(
        f"each row: median of {args.rounds} alternating rounds; load average {load[0]:.1f} before,"
        f" {load_after[0]:.1f} after"
    )
    print("| action | flopcards | Anki | ratio |")
    print("|---|---|---|---|")
    for name, unit in ROWS:
        mine, anki_value = ours[name], theirs[name]
        ratio = mine / anki_value if anki_value else float("inf")
        print(f"| {name} | {mine:,.1f} {unit} | {anki_value:,.1f} {unit} | {ratio:.2f}x |")
    print(f"a search interrupted (Esc) returns within {ours['search stopped (worst)']:.1f} ms (worst of all)")
    for name in SEARCHES:
        print(
            f"{name}: matched {ours[name + ' matched']:,.0f} / {theirs[name + ' matched']:,.0f};"
            f" first run {ours[name + ' first']:.1f} / {theirs[name + ' first']:.1f} ms"
        )


if __name__ == "__main__":
    main()
