"""Benchmark: `flopcards db recover` over 30 damaged copies (page headers, random bytes, truncations)
of a full-size collection; the worst time and the process's peak memory (target: < 30 s, < 300 MB).

Run: .venv/bin/python benchmarks/bench_recover.py [--cards 20000] [--reviews 200000] [--per-kind 10]
The damaged copies are made by tests/store/recover_corpus.py (the same as the test's, larger file).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
CORPUS = HERE.parent / "tests" / "store" / "recover_corpus.py"
sys.path[:0] = [str(HERE), str(CORPUS.parent)]

from bench_stats import generate  # noqa: E402
from recover_corpus import damaged_copies  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--cards", type=int, default=20_000)
    parser.add_argument("--reviews", type=int, default=200_000)
    parser.add_argument("--per-kind", type=int, default=10)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "flopcards.db"
        generate(source, args.cards, args.reviews)
        copies = damaged_copies(source, Path(folder), args.per_kind)
        done = subprocess.run(
            [sys.executable, str(CORPUS), *map(str, copies)], capture_output=True, text=True
        )
        if done.returncode:
            raise SystemExit(done.stderr)
        report = json.loads(done.stdout.splitlines()[-1])
        size = source.stat().st_size / 1e6
    runs = sorted(report["runs"], key=lambda r: r["seconds"])
    print(f"{len(runs)} damaged copies of {args.cards} cards / {args.reviews} reviews ({size:.0f} MB)")
    for run in runs[-5:]:
        print(f"  {run['seconds']:6.2f} s  exit {run['code']}  {run['file']}: {run['said'][:90]}")
    print(f"worst {runs[-1]['seconds']:.2f} s; peak resident memory {report['peak_mb']:.0f} MB")


if __name__ == "__main__":
    main()
