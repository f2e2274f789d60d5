"""Benchmark: launch to the populated home (counts visible) and to the first card after an early Enter,
vs a bare Textual app, with a cold and a warm deck cache; then generated collections of growing size
(queue, counts, session, open, launch ratio, peak RSS) and, optionally, Anki's library beside them.
Alternating launches, medians. Prints figures; not a test.

    python benchmarks/bench_startup.py [--runs 9] [--sizes 10000,100000] [--reviews 10]
                                       [--anki-python /tmp/anki/bin/python]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from collection import TODAY, generate_collection

CHILD = r"""
import os, sys, time
mode, db, decks, cache, started = sys.argv[1:6]
started = float(started)
def done():
    print(time.time() - started, flush=True)
    os._exit(0)  # do not wait for threads: we measure when the screen is there
from textual.app import App
if mode == "hello":
    from textual.widgets import Static
    class Hello(App):
        def compose(self):
            yield Static("hello")
        def on_mount(self):
            self.call_after_refresh(done)
    Hello().run(headless=True, size=(100, 30))
else:
    from pathlib import Path
    from engine.settings import Settings
    from tui.app import FlopcardsApp
    from tui.config import AppConfig
    class Bench(FlopcardsApp):  # Textual also calls the base class's handlers: no super() calls
        def on_mount(self):
            if mode == "card":  # Enter as soon as the home is painted: before the counts arrive
                self.call_after_refresh(self.home.action_study)
        def on_services_ready(self, message):
            if mode == "open":  # the store and decks are open: Enter starts a review at once
                self.call_after_refresh(done)
    if mode == "home":  # the first frame with counts is painted: the first look's, or the open decks'
        from tui.screens.home import HomeScreen
        HomeScreen._counts_on_screen = lambda self: done()
    if mode == "saved":  # warm-up launch: until the outline for the next start is kept
        import tui.keep_outline
        save = tui.keep_outline.save_outline
        def save_and_stop(*args):
            save(*args)
            done()
        tui.keep_outline.save_outline = save_and_stop
    if mode == "card":
        from tui.screens.review import ReviewScreen
        shown = ReviewScreen.show_current
        def show_and_stop(self):
            shown(self)
            front = self.query_one("#front")
            def painted():  # Markdown mounts its blocks after the update: wait for the text itself
                if front.children:
                    self.call_after_refresh(done)
                else:
                    self.set_timer(0.002, painted)
            painted()
        ReviewScreen.show_current = show_and_stop
    config = AppConfig(
        settings=Settings(db=db, deck_dirs=(Path(decks),) if decks != "-" else ()),
        include_bundled=decks == "-",
        cache_dir=None if cache == "-" else Path(cache),
    )
    Bench(config).run(headless=True, size=(100, 30))
"""

MEASURE = r"""
import json, statistics, sys, time
from datetime import date, datetime, UTC
from pathlib import Path
db, decks, cache, today = sys.argv[1], Path(sys.argv[2]), Path(sys.argv[3]), date.fromisoformat(sys.argv[4])
import sqlalchemy, pydantic, tui.services  # imports are not part of opening a collection
from engine.settings import Settings
from engine.store import repo
from tui.config import AppConfig
from tui.services import load_services
def ms(f, n=5):
    out = []
    for _ in range(n):
        t = time.perf_counter(); f(); out.append((time.perf_counter() - t) * 1000)
    return statistics.median(out)
config = AppConfig(settings=Settings(db=db, deck_dirs=(decks,)), include_bundled=False, cache_dir=cache,
                   now=lambda: datetime(today.year, today.month, today.day, 15, tzinfo=UTC))
import resource, tui.services as parts
took = {}
def timed(name, f):
    def run(*args, **kwargs):
        t = time.perf_counter(); out = f(*args, **kwargs); took[name] = (time.perf_counter() - t) * 1000
        return out
    return run
parts.read_collection = timed("decks", parts.read_collection)  # overlapped by the store's opening
parts.open_store = timed("store", parts.open_store)
settings = config.settings
parts.open_store(settings.db, now=config.now(), backup_days=settings.backup_days).close()
first_open = took["store"]  # the day's backup is made once: later opens only check the file
t = time.perf_counter(); load_services(config, with_templates=False).close()
cold, cold_decks = (time.perf_counter() - t) * 1000, took["decks"]
cold_rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
import dataclasses
checking = dataclasses.replace(config, settings=dataclasses.replace(settings, backup_days=0))
t = time.perf_counter(); load_services(checking, with_templates=False).close()
checked, checked_store = (time.perf_counter() - t) * 1000, took["store"]
t = time.perf_counter(); services = load_services(config, with_templates=False)
warm, warm_decks, warm_store = (time.perf_counter() - t) * 1000, took["decks"], took["store"]
study = services.study
from tui.services import read_templates
from tui.keep_outline import save_outline
from tui.start import first_look
services.use_templates(read_templates(config))
save_outline(config, services)
services.note_unseen()  # as the app's load does: the counts below are a second start's
assert first_look(config) is not None
def home(): study.counts(services.deck_ids()); study.totals(); study.remaining()
skipped = [str(p) for p in services.collection.problems]
assert not skipped, f"decks skipped: {skipped}"  # the figures would be for fewer cards
print(json.dumps({
    "cards loaded": len(services.collection.card_keys()),
    "store open, first of the day (backup + check), ms": first_open,
    "open, cold cache (parse + fill), ms": cold,
    "  of which decks read (parse + validate + fill), ms": cold_decks,
    "  peak RSS after the cold open, MB": cold_rss,
    "open, warm cache, ms": warm,
    "  of which decks read, ms": warm_decks,
    "  store open (checked today already), ms": warm_store,
    "open, warm, checked (backup_days 0), ms": checked,
    "  store open (quick_check, overlapped), ms": checked_store,
    "home counts, ms": ms(home),
    "first look (outline + sqlite3 counts), ms": ms(lambda: first_look(config)),
    "due queue (200), ms": ms(lambda: repo.due_keys(services.store, today, limit=200), 20),
    "session build (all decks), ms": ms(lambda: study.session(None)),
    "session build (one deck), ms": ms(lambda: study.session("bench-3")),
}))
"""


CHILD_ENV = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}
"""The launches' environment: bytecode is cached (in a folder of the run's, see main), as an installed
package has it (pip compiles it at install); without it every launch compiles flopcards' modules."""


def launch(mode: str, db: str, decks: str, cache: str) -> float:
    """Seconds from launching the process (interpreter start included) to the screen being there."""
    import time

    cmd = [sys.executable, "-c", CHILD, mode, db, decks, cache, repr(time.time())]
    proc = subprocess.run(cmd, capture_output=True, text=True, check=False, timeout=600, env=CHILD_ENV)
    if proc.returncode != 0 or not proc.stdout.strip():
        raise SystemExit(f"{mode} run failed:\n{proc.stderr[-3000:]}")
    return float(proc.stdout.strip().splitlines()[-1])


def peak_rss_mb(mode: str, db: str, decks: str, cache: str) -> float:
    code = (
        "import resource, subprocess, sys;"
        f"subprocess.run([sys.executable, '-c', {CHILD!r}, {mode!r}, {db!r}, {decks!r}, {cache!r}, '0'],"
        " check=True, capture_output=True);"
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
    )
    cmd = [sys.executable, "-c", code]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True, timeout=900, env=CHILD_ENV)
    return int(out.stdout.strip()) / 1024


def alternate(
    runs: int, plans: dict[str, tuple[str, str, str, str]], fresh_cache: set[str]
) -> dict[str, float]:
    """Median seconds per plan, launched in turn `runs` times (plans in `fresh_cache` get an empty cache)."""
    times: dict[str, list[float]] = {name: [] for name in plans}
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(runs + 1):
            for name, (mode, db, decks, cache) in plans.items():
                if name in fresh_cache:
                    cache = str(Path(tmp) / f"{name}-{i}")
                took = launch(mode, db, decks, cache)
                if i:  # the first round warms the bytecode and OS caches
                    times[name].append(took)
    return {name: statistics.median(values) for name, values in times.items()}


def bundled(runs: int, folder: Path) -> None:
    db, warm = str(folder / "start.db"), str(folder / "warm-cache")
    launch("saved", db, "-", warm)  # fills the warm cache and keeps the outline
    plans = {
        "hello": ("hello", db, "-", "-"),
        "home, warm cache": ("home", db, "-", warm),
        "home, cold cache": ("home", db, "-", "-"),
        "decks open (Enter acts at once), warm": ("open", db, "-", warm),
        "first card after an early Enter, warm": ("card", db, "-", warm),
        "home, no cache (--no-cache)": ("home", db, "-", "-"),
    }
    med = alternate(runs, plans, fresh_cache={"home, cold cache"})
    print(f"bundled decks, median of {runs} alternating launches (process start to screen shown):")
    for name, value in med.items():
        print(f"  {name:40s} {value * 1000:7.0f} ms  ({value / med['hello']:.2f}x hello)")
    print(
        f"  peak RSS, home (warm): {peak_rss_mb('home', db, '-', warm):.0f} MB;"
        f" decks open: {peak_rss_mb('open', db, '-', warm):.0f} MB;"
        f" bare Textual app: {peak_rss_mb('hello', db, '-', '-'):.0f} MB"
    )


def scale(sizes: list[int], reviews: int, runs: int, folder: Path, anki: str | None) -> None:
    import time

    rows: dict[str, list[str]] = {}
    for n in sizes:
        where = folder / f"n{n}"
        t = time.perf_counter()
        db, decks = generate_collection(where, n, reviews)
        print(
            f"generated {n} cards, {reviews} reviews each (90% reviewed) in {time.perf_counter() - t:.0f} s"
        )
        cache = str(where / "cache")
        measure = [sys.executable, "-c", MEASURE, str(db), str(decks), cache, TODAY.isoformat()]
        done = subprocess.run(
            measure, capture_output=True, text=True, check=False, timeout=3600, env=CHILD_ENV
        )
        if done.returncode != 0:
            raise SystemExit(f"measuring {n} cards failed:\n{done.stderr[-3000:]}")
        figures = json.loads(done.stdout)
        launch("saved", str(db), str(decks), cache)  # keeps the outline the next starts count from
        med = alternate(
            max(3, runs // (1 + n // 100_000)),
            {
                "hello": ("hello", str(db), str(decks), "-"),
                "home": ("home", str(db), str(decks), cache),
                "open": ("open", str(db), str(decks), cache),
                "card": ("card", str(db), str(decks), cache),
            },
            fresh_cache=set(),
        )
        figures["populated home, warm cache, ms"] = med["home"] * 1000
        figures["  ratio vs hello"] = med["home"] / med["hello"]
        figures["decks open (Enter acts at once), ms"] = med["open"] * 1000
        figures["  ratio vs hello  "] = med["open"] / med["hello"]
        figures["first card after early Enter, ms"] = med["card"] * 1000
        figures["  ratio vs hello "] = med["card"] / med["hello"]
        figures["peak RSS at home, MB"] = peak_rss_mb("home", str(db), str(decks), cache)
        figures["peak RSS, decks open, MB"] = peak_rss_mb("open", str(db), str(decks), cache)
        if anki:
            cmd = [
                anki,
                str(Path(__file__).with_name("bench_anki.py")),
                "--cards",
                str(n),
                "--reviews",
                str(reviews),
            ]
            out = json.loads(subprocess.run(cmd, capture_output=True, text=True, check=True).stdout)
            figures["anki: open, ms"] = out["open"]
            figures["anki: deck due tree, ms"] = out["tree"]
            figures["anki: queue 200, ms"] = out["queue"]
            figures["anki: peak RSS, MB"] = out["rss_mb"]
            ours = figures["open, warm cache, ms"] + figures["home counts, ms"]
            theirs = out["open"] + out["tree"]
            figures["flopcards open+counts / anki open+tree"] = ours / theirs
            figures["flopcards first look / anki open+tree"] = (
                figures["first look (outline + sqlite3 counts), ms"] / theirs
            )
        for name, value in figures.items():
            rows.setdefault(name, []).append(f"{value:.2f}" if value < 10 else f"{value:.0f}")
        subprocess.run(["rm", "-rf", str(where)], check=False)
    print(
        f"\ngenerated collections ({reviews} reviews per reviewed card); last column: growth first->last size"
    )
    print(f"  {'':44s}" + "".join(f"{n:>10d}" for n in sizes) + f"{'growth':>9s}")
    for name, values in rows.items():
        first, last = float(values[0]), float(values[-1])
        growth = f"{last / first:8.1f}x" if first else "        -"
        print(f"  {name:44s}" + "".join(f"{v:>10s}" for v in values) + growth)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--sizes", default="10000,100000", help="collection sizes, comma separated")
    parser.add_argument("--reviews", type=int, default=10, help="review-log rows per reviewed card")
    parser.add_argument("--anki-python", help="a python with the `anki` wheel, for the side-by-side")
    parser.add_argument("--skip-bundled", action="store_true")
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()[0]:.2f} ({os.cpu_count()} cores)")
    with tempfile.TemporaryDirectory() as tmp:
        CHILD_ENV["PYTHONPYCACHEPREFIX"] = str(Path(tmp) / "bytecode")  # the source tree stays clean
        if not args.skip_bundled:
            bundled(args.runs, Path(tmp))
        sizes = [int(s) for s in args.sizes.split(",") if s]
        if sizes:
            scale(sizes, args.reviews, args.runs, Path(tmp), args.anki_python)
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
