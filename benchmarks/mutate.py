"""Mutation check, run by hand: apply small bugs to engine/ and drills/ one at a time and show the
test suite kills every one (a surviving mutation is a hole in the tests).

    .venv/bin/python benchmarks/mutate.py            # every mutation (a few minutes)
    .venv/bin/python benchmarks/mutate.py --only undo-new-count

Needs the editable install (tests/conftest.py checks it), since it edits the working tree's files;
each file is restored after its run, also on Ctrl-C. Exit status 1 if any mutation survives.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FAST = ("tests/engine", "tests/store", "tests/drills")


@dataclass(frozen=True)
class Mutation:
    name: str
    path: str
    old: str
    new: str
    tests: tuple[str, ...] = FAST


MUTATIONS = (
    Mutation(
        "grade-fast-boundary",
        "engine/grades.py",
        "seconds <= FAST_SHARE * limit",
        "seconds < FAST_SHARE * limit",
    ),
    Mutation(
        "grade-close", "engine/grades.py", "        return Grade.WITH_EFFORT", "        return Grade.BARELY"
    ),
    Mutation("interval-second", "engine/sm2.py", "        return 6", "        return 7"),
    Mutation("ef-update", "engine/sm2.py", "(8 + miss * 2)", "(8 + miss * 3)"),
    Mutation("ef-floor", "engine/sm2.py", "MIN_EF_CENTI = 130", "MIN_EF_CENTI = 120"),
    Mutation(
        "undo-new-count",
        "engine/app/session.py",
        "        self.summary.new_cards -= int(answered.record.was_new)\n",
        "",
    ),
    Mutation(
        "undo-state", "engine/store/repo.py", "            _write_state(row, before)", "            pass"
    ),
    Mutation(
        "totals-same-day",
        "engine/store/repo.py",
        "sa.and_(~ReviewRow.was_new, ~ReviewRow.same_day_repeat)",
        "~ReviewRow.was_new",
    ),
    Mutation(
        "repeat-today-queue",
        "engine/app/session.py",
        "if record.after.repeat_today and not answered.leech:",
        "if False:",
    ),
    Mutation("new-limit", "engine/app/study.py", "deck_id, new_left, held)", "deck_id, new_left + 1, held)"),
    Mutation(
        "tolerance", "engine/bands.py", "rel <= g.tolerance * slack:", "rel <= 2 * g.tolerance * slack:"
    ),
    Mutation("integer-not-exact", "engine/bands.py", "if round(value) == round(expected):", "if rel < 0.01:"),
    Mutation(
        "mb-as-bits", "engine/unit_words.py", "        is_bits = ctx.bits\n", "        is_bits = True\n"
    ),
    Mutation("slip-window", "engine/slips.py", "WINDOW = 0.01", "WINDOW = 0.0001"),
    Mutation(
        "hint-is-free", "drills/attempts.py", "    return Grade(max(0, int(grade) - 1))", "    return grade"
    ),
    Mutation("unit-factor", "engine/units.py", "gibi- = 2**30 = Gi-", "gibi- = 1e9 = Gi-"),
    Mutation("byte-bits", "engine/units.py", "byte = 8 * bit", "byte = 10 * bit"),
    Mutation(
        "formula-division", "engine/formula/evaluate.py", 'acc * v if op == "*" else acc / v', "acc * v"
    ),
    Mutation(
        "equivalence-tolerance",
        "engine/formula/equivalence.py",
        "rel_tol=1e-9, abs_tol=1e-12",
        "rel_tol=1e-3, abs_tol=1e-12",
    ),
    Mutation(
        "drill-timeout",
        "drills/attempts.py",
        "    timed_out = result is None and not gave_up\n",
        "    timed_out = False\n",
    ),
    Mutation(
        "drill-schedules-its-grade",
        "drills/attempts.py",
        "drill_key(attempt.drill.kind), outcome.grade, attempt.seconds,",
        "drill_key(attempt.drill.kind), Grade.PERFECTLY, attempt.seconds,",
    ),
    Mutation(
        "undo-keeps-drill-attempt",
        "engine/store/repo.py",
        "        delete_attempt(session, attempt_id)\n",
        "",
    ),
    Mutation(
        "drill-close-count", "drills/session.py", "r.verdict is Verdict.CLOSE", "r.verdict is Verdict.WRONG"
    ),
)


def run_tests(tests: tuple[str, ...]) -> tuple[bool, float]:
    """(passed, seconds) of pytest over `tests`, stopping at the first failure."""
    start = time.perf_counter()
    cmd = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", *tests]
    done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    return done.returncode == 0, time.perf_counter() - start


def apply(mutation: Mutation) -> str:
    """Apply the mutation; returns the original text to restore."""
    path = ROOT / mutation.path
    original = path.read_text(encoding="utf-8")
    if original.count(mutation.old) != 1:
        raise SystemExit(f"{mutation.name}: '{mutation.old}' is not exactly once in {mutation.path}")
    path.write_text(original.replace(mutation.old, mutation.new), encoding="utf-8")
    return original


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", action="append", help="run only this mutation (repeatable)")
    args = parser.parse_args()
    chosen = [m for m in MUTATIONS if not args.only or m.name in args.only]
    ok, seconds = run_tests(FAST)
    print(f"{'baseline (no mutation)':<28} {'passes' if ok else 'FAILS'} in {seconds:5.1f} s")
    if not ok:
        return 2
    survivors = []
    for mutation in chosen:
        original = apply(mutation)
        try:
            passed, seconds = run_tests(mutation.tests)
        finally:
            (ROOT / mutation.path).write_text(original, encoding="utf-8")
        verdict = "SURVIVED" if passed else "killed"
        print(f"{mutation.name:<28} {verdict:<8} in {seconds:5.1f} s  ({mutation.path})")
        if passed:
            survivors.append(mutation.name)
    print(f"{len(chosen) - len(survivors)} of {len(chosen)} mutations killed")
    return 1 if survivors else 0


if __name__ == "__main__":
    sys.exit(main())
