"""Benchmark: median and p99 time to generate a drill and to check an answer (warm caches).

Run: /work/venv/bin/python benchmarks/bench_drills.py [--n 3000]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from drills.generator import Drill, check, generate, kinds
from drills.loader import load_templates


def percentile(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def timed(fn: Callable[[], object]) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def answers_for(drill: Drill, i: int) -> str:
    """A mix of what people type: right, close, wrong, other units, bare, garbage, hostile."""
    e, u = drill.expected, drill.unit
    options = [
        f"{e:.4g} {u}",
        f"{e * 1.04:.3g} {u}",
        f"{e * 3:.3g} {u}",
        f"~{e:.2g}{u}",
        f"{e:g}",
        "5 ms",
        "12 parsecs",
        "lots",
        f"{e:,.0f} {u}",
        "9**9**9**9",
        "(" * 200 + "1",
        "__import__('os')",
        f"2*{e / 2!r} {u}",
        "x" * 600,
    ]
    return options[i % len(options)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--n", type=int, default=3000, help="drills and answers to time")
    n = parser.parse_args().n

    load_s = timed(load_templates)
    ids = [k for k, _, _ in kinds()]
    for kind in ids:  # warm: templates cached, formulas parsed, pint registry built
        check(generate(kind, 0), "1 GB")

    gen: list[float] = []
    drills: list[Drill] = []
    for i in range(n):
        kind = ids[i % len(ids)]
        start = time.perf_counter()
        drills.append(generate(kind, i))
        gen.append(time.perf_counter() - start)

    chk: list[float] = []
    verdicts: dict[str, int] = {}
    for i, drill in enumerate(drills):
        text = answers_for(drill, i)
        start = time.perf_counter()
        result = check(drill, text)
        chk.append(time.perf_counter() - start)
        verdicts[str(result.verdict)] = verdicts.get(str(result.verdict), 0) + 1

    us = 1e6
    print(f"templates: {len(ids)} kinds, cold load {load_s * 1e3:.1f} ms")
    print(
        f"generate  n={n}: median {statistics.median(gen) * us:.0f} us, "
        f"p99 {percentile(gen, 0.99) * us:.0f} us, max {max(gen) * us:.0f} us"
    )
    print(
        f"check     n={n}: median {statistics.median(chk) * us:.0f} us, "
        f"p99 {percentile(chk, 0.99) * us:.0f} us, max {max(chk) * us:.0f} us"
    )
    print("verdicts:", ", ".join(f"{k} {v}" for k, v in sorted(verdicts.items())))


if __name__ == "__main__":
    main()
