"""Benchmark: load and validate a generated 10,000-card deck, and start the app with it. Prints figures.

    python benchmarks/bench_decks.py [--cards 10000] [--runs 5]

Timings of the deck file (median of --runs, in-process, warm imports):
  app path   what the app does: YAML (C loader) + schema + every error check (formulas, checks)
  validate   what `flopcards validate` adds: unit names + warnings (near-duplicates, long, tags)
and the app's start time in a fresh process, to the home screen populated (no deck / the deck).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TARGET_SECONDS = 0.5
_WORDS = [
    "memory",
    "bandwidth",
    "tensor",
    "pipeline",
    "stage",
    "gradient",
    "optimizer",
    "shard",
    "layer",
    "token",
    "batch",
    "cache",
    "attention",
    "head",
    "kernel",
    "latency",
    "throughput",
    "collective",
    "ring",
    "tree",
    "bubble",
    "activation",
    "checkpoint",
    "precision",
    "quantized",
    "expert",
    "router",
    "sequence",
    "context",
    "prefill",
    "decode",
]
_UNITS = ("GB", "ms", "TFLOPS", "GB/s", "%", "B")
_SYLLABLES = ["ka", "lo", "mi", "nu", "pe", "ra", "si", "to", "vu", "ze", "bar", "con", "dis", "fer", "gan"]


def _vocabulary(rng: random.Random, size: int = 4000) -> list[str]:
    """Common domain words plus made-up ones: real decks use thousands of distinct words."""
    made = {"".join(rng.choice(_SYLLABLES) for _ in range(rng.randint(2, 4))) for _ in range(size)}
    return _WORDS + sorted(made)


CHILD = r"""
import os, sys, time
db, decks, started = sys.argv[1], sys.argv[2], float(sys.argv[3])
from pathlib import Path
from engine.settings import Settings
from tui.app import FlopcardsApp
from tui.config import AppConfig
class Bench(FlopcardsApp):
    def _loaded(self, services):
        super()._loaded(services)
        def done():
            rows = self.screen.query_one("#decks").row_count
            print(time.time() - started, rows, len(services.collection.card_keys()), flush=True)
            os._exit(0)
        self.call_after_refresh(done)
Bench(AppConfig(settings=Settings(db=db, deck_dirs=(Path(decks),)), include_bundled=False)).run(
    headless=True, size=(100, 30))
"""


def generate(path: Path, cards: int, seed: int = 5) -> None:
    """A deck shaped like the bundled ones: Markdown backs, tags, notes; a fifth with answers and checks."""
    rng = random.Random(seed)
    vocabulary = _vocabulary(rng)
    weights = [1 / (rank + 1) for rank in range(len(vocabulary))]  # Zipf-like: a few words are common
    lines = ["id: bench", "title: Benchmark deck", "description: |", "  Generated.", "cards:"]
    for i in range(cards):
        words = " ".join(rng.choices(vocabulary, weights, k=9))
        a, b = rng.randint(2, 999), rng.randint(2, 99)
        lines += [
            f"  - id: c{i:05d}",
            "    front: |",
            f"      Card {i}: {words}, with {a} units at {b} each?",
            "    back: |",
            f"      **{a * b} in total**",
            f"      - {a} × {b} = {a * b}",
            f"      - {words}.",
            f"    tags: [{rng.choice(_WORDS).title()}, Bench]",
        ]
        if i % 3 == 0:
            lines += ["    note: |", "      GB = 10^9 bytes; bandwidth per direction."]
        if i % 5 == 0:
            lines += [
                "    answer:",
                f'      value: "{a} * {b}"',
                f'      unit: "{rng.choice(_UNITS)}"',
                "    checks:",
                f'      - text: "{a * b} in total"',
                f'        formula: "{a} * {b}"',
            ]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def median_seconds(fn: object, runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()  # type: ignore[operator]
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def app_start(db: Path, decks: Path) -> tuple[float, int, int]:
    env = {**os.environ, "FLOPCARDS_HOME": str(db.parent)}
    proc = subprocess.run(
        [sys.executable, "-c", CHILD, str(db), str(decks), repr(time.time())],
        capture_output=True,
        text=True,
        check=False,
        env=env,
    )
    if proc.returncode != 0:
        raise SystemExit(f"app run failed:\n{proc.stderr[-2000:]}")
    seconds, rows, cards = proc.stdout.split()
    return float(seconds), int(rows), int(cards)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    from cards.loader import load_deck_file

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "decks"
        folder.mkdir()
        deck = folder / "bench.yaml"
        generate(deck, args.cards)
        loaded, problems = load_deck_file(deck, lint=True)
        assert loaded is not None and len(loaded.cards) == args.cards, problems[:3]
        errors = [p for p in problems if p.is_error]
        size_mb = deck.stat().st_size / 1e6
        print(f"deck: {args.cards} cards, {size_mb:.1f} MB, {len(errors)} errors, {len(problems)} warnings")
        load = median_seconds(lambda: load_deck_file(deck), args.runs)
        full = median_seconds(lambda: load_deck_file(deck, lint=True), args.runs)

        def verdict(seconds: float) -> str:
            return f"(target < {TARGET_SECONDS} s: {'OK' if seconds < TARGET_SECONDS else 'over'})"

        print(f"load + validate, errors (app path)   median of {args.runs}: {load:.3f} s  {verdict(load)}")
        print(f"... + warnings (flopcards validate)  median of {args.runs}: {full:.3f} s  {verdict(full)}")
        db = Path(tmp) / "bench.db"
        app_start(db, folder)  # creates and migrates the database; warms bytecode caches
        empty = Path(tmp) / "empty"
        empty.mkdir()
        for label, decks in (("no deck", empty), (f"the {args.cards}-card deck", folder)):
            starts = [app_start(db, decks) for _ in range(args.runs)]
            seconds = statistics.median(s for s, _, _ in starts)
            _, rows, cards = starts[-1]
            print(
                f"app start to populated home screen with {label} (fresh process, median of {args.runs}):"
                f" {seconds:.3f} s  [{rows} table rows, {cards} cards]"
            )


if __name__ == "__main__":
    main()
