"""How long hostile and junk input takes to refuse (the bound the tests assert structurally).

    .venv/bin/python benchmarks/bench_hostile.py [--limit 1.0] [--junk 300]

Times every hostile input of tests/engine/test_hostile_input.py through parse_formula,
check_numeric and check_formula, the expensive-but-equivalent formula pairs, and random junk
strings; prints the slowest and exits 1 if any single check took longer than --limit seconds.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.answers import check_formula, check_numeric  # noqa: E402
from engine.formula import FormulaError, parse_formula  # noqa: E402
from tests.engine.test_answers_properties import JUNK  # noqa: E402
from tests.engine.test_hostile_input import SLOW_FOR_SYMPY, hostile_inputs  # noqa: E402


def timed(fn: Callable[[], object]) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def refuse(text: str) -> None:
    try:
        parse_formula(text).evaluate_exact({"x": 1, "y": 2})
    except FormulaError:
        return


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=float, default=1.0, help="seconds any one check may take")
    parser.add_argument("--junk", type=int, default=300, help="random junk strings to time")
    args = parser.parse_args()
    check_numeric("1 GB", 1.0, "GB")  # warm: sympy and the unit registry load once
    check_formula("a + b", "b + a", {"a": "", "b": ""})
    rng = random.Random(7)
    variables = dict.fromkeys(["p", "m", "b", "N", "a", "x"], "")
    cases: list[tuple[str, Callable[[], object]]] = []
    for text in hostile_inputs(Path("/nonexistent/marker")):
        cases.append((f"parse {text[:30]!r}", lambda t=text: refuse(t)))
        cases.append((f"numeric {text[:30]!r}", lambda t=text: check_numeric(t, 1.0, "GB")))
        cases.append((f"formula {text[:30]!r}", lambda t=text: check_formula(t, "x*y", {"x": "", "y": ""})))
    for a, b in SLOW_FOR_SYMPY:
        cases.append((f"equivalent {a[:30]!r}", lambda a=a, b=b: check_formula(a, b, variables)))
    for _ in range(args.junk):
        text = "".join(rng.choice(JUNK) for _ in range(rng.randint(0, 40)))
        cases.append((f"junk {text[:30]!r}", lambda t=text: check_numeric(t, 1.07, "GB")))
    times = sorted(((timed(fn), name) for name, fn in cases), reverse=True)
    print(f"{len(times)} checks, total {sum(t for t, _ in times):.2f} s; slowest:")
    for seconds, name in times[:5]:
        print(f"  {seconds * 1000:8.1f} ms  {name}")
    over = [name for seconds, name in times if seconds > args.limit]
    print(f"{len(over)} over the {args.limit:.2f} s limit")
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
