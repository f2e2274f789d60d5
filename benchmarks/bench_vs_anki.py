"""Benchmark: the actions after the home against Anki's library on the same generated collection
(benchmarks/collection.py's cards, due days and review history, built for Anki by bench_anki.py):
three searches, a session's first card, the first answer, the median answer and peak memory, each
side in a fresh process; prints the table with the ratios. Not a test.

    nice python benchmarks/bench_vs_anki.py --cards 100000 [--reviews 10] [--anki-python PY]

The flopcards side runs as a user's second start of the day: the deck cache and the search index
were built by an earlier run (a deck changed since is indexed again by its first search).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
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
if warm:  # the earlier start: the deck cache is written by the load, the index built here
    services.prepare_search()
    services.close()
    raise SystemExit
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


def flopcards(db: Path, decks: Path, cache: Path, runs: int, answers: int) -> dict[str, float]:
    def run(mode: str) -> str:
        argv = [str(db), str(decks), str(cache), mode, str(runs), str(answers), json.dumps(SEARCHES)]
        done = subprocess.run(
            [sys.executable, "-c", FLOPCARDS, *argv], capture_output=True, text=True, cwd=ROOT, check=False
        )
        if done.returncode:
            raise SystemExit(f"the flopcards side failed:\n{done.stderr[-3000:]}")
        return done.stdout

    run("warm")
    result: dict[str, float] = json.loads(run("measure").strip().splitlines()[-1])
    return result


def anki(python: str, cards: int, reviews: int, folder: Path, runs: int, answers: int) -> dict[str, float]:
    script = str(ROOT / "benchmarks" / "bench_anki.py")
    path = folder / "bench.anki2"
    common = ["--cards", str(cards), "--reviews", str(reviews), "--runs", str(runs)]
    common += ["--answers", str(answers)]
    subprocess.run([python, script, *common, "--build", str(path)], check=True)
    done = subprocess.run([python, script, *common, "--actions", str(path)], capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(f"the Anki side failed:\n{done.stderr[-3000:]}")
    result: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--cards", type=int, default=100_000)
    parser.add_argument("--reviews", type=int, default=10)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--answers", type=int, default=20)
    parser.add_argument("--anki-python", default=sys.executable, help="a Python with the anki wheel")
    args = parser.parse_args()
    from collection import generate_collection

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        db, decks = generate_collection(folder / "flop", args.cards, args.reviews)
        ours = flopcards(db, decks, folder / "cache", args.runs, args.answers)
        theirs = anki(args.anki_python, args.cards, args.reviews, folder, args.runs, args.answers)
    print(f"{args.cards:,} cards, {args.reviews} reviews each (90% seen); searches: median of {args.runs}")
    print("| action | flopcards | Anki | ratio |")
    print("|---|---|---|---|")
    for name, unit in ROWS:
        mine, anki_value = ours[name], theirs[name]
        ratio = mine / anki_value if anki_value else float("inf")
        print(f"| {name} | {mine:,.1f} {unit} | {anki_value:,.1f} {unit} | {ratio:.2f}x |")
    print(f"a search interrupted (Esc) returns within {ours['search stopped (worst)']:.1f} ms (worst of all)")
    for name in SEARCHES:
        print(
            f"{name}: matched {ours[name + ' matched']:,} / {theirs[name + ' matched']:,};"
            f" first run {ours[name + ' first']:.1f} / {theirs[name + ' first']:.1f} ms"
        )


if __name__ == "__main__":
    main()
