"""Benchmark answer reading + checking (warm) and the first check after start (cold); prints figures.

Drill forms: 10,000 answers generated over every drill kind (equivalent spellings from drills.forms,
answers off by each declared slip, wrong units, garbage), each read and checked by
drills.generator.check; target p99 < 5 ms warm. Also check_numeric / check_formula on mixed answers.

Run: .venv/bin/python benchmarks/bench_check.py [--n 4000] [--forms 10000] [--no-parse-cache]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from engine.answers import check_formula, check_numeric
from engine.formula import parse as formula_parse

KV_GB = 2 * 32 * 8 * 128 * 8192 * 2 / 1e9
GARBAGE = [
    "lots",
    "GB",
    "",
    "1,5 GB",
    "x.y",
    "__import__('os')",
    "9**9**9**9",
    "(" * 60 + "1",
    "1.07 gb",
    "one gig",
    "¯\\_(ツ)_/¯",
    "1" * 600,
]
FORMULAS_RIGHT = ["(p - 1) / (p + m - 1)", "(p-1)/(m+p-1)", "(p-1) * (m+p-1)^-1"]
FORMULAS_WRONG = ["p/(m+p)", "(p-1)/(m+p)", "(p-1)/(m+p-1) + 1", "m/(m+p-1)"]
FORMULAS_BAD = ["(p-1)/(q+p-1)", "p.x", "p +", "open('f')"]


def numeric_answers(rng: random.Random, n: int) -> list[str]:
    units = [("GB", 1.0), ("MB", 1e3), ("GiB", 1e9 / 2**30), ("bytes", 1e9), ("TB", 1e-3)]
    out: list[str] = []
    for _ in range(n):
        kind = rng.random()
        unit, scale = rng.choice(units)
        value = KV_GB * scale * rng.choice([1, 1, 1.07, 10, 0.1, 8]) * rng.uniform(0.98, 1.02)
        if kind < 0.5:
            out.append(rng.choice([f"{value:.4g} {unit}", f"~{value:.3g}{unit}", f"≈ {value:.3e} {unit}"]))
        elif kind < 0.65:
            out.append(f"{value:.4g} {rng.choice(['ms', 'GB/s', 'TFLOPS', '%'])}")  # wrong unit
        elif kind < 0.8:
            out.append(f"2*32*8*128*8192*{rng.choice([1, 2, 4])} B")
        else:
            out.append(rng.choice(GARBAGE))
    return out


def measure(fn: Callable[[str], object], answers: list[str]) -> list[float]:
    times = []
    for text in answers:
        start = time.perf_counter()
        fn(text)
        times.append(time.perf_counter() - start)
    return times


def report(name: str, times: list[float]) -> None:
    ms = sorted(t * 1e3 for t in times)
    p99 = ms[min(len(ms) - 1, int(0.99 * len(ms)))]
    print(
        f"{name:14s} n={len(ms):5d}  median {statistics.median(ms):.3f} ms  "
        f"p99 {p99:.3f} ms  max {ms[-1]:.3f} ms"
    )


def drill_forms(rng: random.Random, n: int) -> list[tuple[object, str]]:
    """(drill, typed answer) pairs over every kind: right forms, slipped values, wrong units, garbage."""
    from drills.forms import equivalent_form
    from drills.generator import bundled_templates, generate, grading

    kinds = sorted(bundled_templates().templates)
    drills = [generate(kind, seed) for kind in kinds for seed in range(1, 21)]
    out: list[tuple[object, str]] = []
    while len(out) < n:
        d = rng.choice(drills)
        roll = rng.random()
        if roll < 0.6:
            out.append((d, equivalent_form(d, rng)))
        elif roll < 0.8:
            slip = rng.choice(grading(d).slips)
            out.append((d, f"{d.expected * slip.ratio:.5g} {d.unit}".strip()))
        elif roll < 0.9:
            out.append((d, f"{d.expected:.4g} {rng.choice(['ms', 'GB/s', 'TFLOPs', 'GPUs', 'weeks'])}"))
        else:
            out.append((d, rng.choice(GARBAGE)))
    return out


def first_check_seconds() -> float:
    """Wall time of the first drill check in a fresh interpreter (imports, unit registry, reader)."""
    import subprocess
    import sys

    code = (
        "import time; t = time.perf_counter(); from drills.generator import generate, check; "
        "d = generate('kv-cache', 1); check(d, '17.18 gb total'); print(time.perf_counter() - t)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return float(done.stdout.strip())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--n", type=int, default=4000)
    parser.add_argument("--forms", type=int, default=10_000, help="generated drill answer forms")
    parser.add_argument("--no-parse-cache", action="store_true", help="clear the parse cache per call")
    args = parser.parse_args()
    n = args.n
    rng = random.Random(1)
    numeric = numeric_answers(rng, n)
    formulas = [rng.choice(FORMULAS_RIGHT + FORMULAS_WRONG + FORMULAS_BAD) for _ in range(n // 4)]
    variables = {"p": "pipeline stages", "m": "micro-batches"}

    def num(text: str) -> object:
        if args.no_parse_cache:
            formula_parse._parse_cached.cache_clear()
        return check_numeric(text, KV_GB, "GB")

    def form(text: str) -> object:
        return check_formula(text, "(p-1)/(m+p-1)", variables)

    from drills.generator import check

    print(f"first drill check in a fresh process: {first_check_seconds() * 1e3:.0f} ms (done in a worker)")
    pairs = drill_forms(rng, args.forms)
    by_index = {str(i): pair for i, pair in enumerate(pairs)}

    def drill_check(i: str) -> object:
        drill, text = by_index[i]
        return check(drill, text)  # type: ignore[arg-type]

    measure(drill_check, list(by_index)[:200])  # warm
    report("drill forms", measure(drill_check, list(by_index)))
    measure(num, numeric[:200])  # warm: pint registry, sympy import, caches
    measure(form, formulas[:50])
    report("check_numeric", measure(num, numeric))
    report("check_formula", measure(form, formulas))


if __name__ == "__main__":
    main()
