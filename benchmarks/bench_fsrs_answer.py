"""Benchmark: what the FSRS scheduler costs per answer and per grade-bar preview (engine.app.scheduler,
no store), on the states of seeded random histories answered at random hours. Prints microseconds
per call (CPU time, best of --repeat runs) and the load. Not a test.

    python benchmarks/bench_fsrs_answer.py [--histories 300] [--repeat 5]
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--histories", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    from engine.app import Grade
    from engine.app.scheduler import FsrsScheduler, Moment
    from engine.sm2 import CardState
    from engine.studyday import StudyClock

    clock, scheduler, rng = StudyClock(4, UTC), FsrsScheduler(), random.Random(25)
    cases = []  # (state before an answer, its grade, the moment)
    for _ in range(args.histories):
        when = datetime(2024, 1, 1, tzinfo=UTC) + timedelta(seconds=rng.randrange(86400))
        state = CardState()
        for _ in range(rng.randint(3, 12)):
            at = Moment(when, clock.today(when), clock.next_day_start(when))
            grade = rng.choice(list(Grade))
            cases.append((state, grade, at))
            state, _ = scheduler.review(state, grade, at)
            when += timedelta(
                days=rng.choice([rng.uniform(0, 0.05), rng.uniform(0.3, 1.6), rng.uniform(1, 60)])
            )

    def best(run: object) -> float:
        times = []
        for _ in range(args.repeat):
            started = time.process_time()
            run()  # type: ignore[operator]
            times.append(time.process_time() - started)
        return min(times) / len(cases) * 1e6

    answer = best(lambda: [scheduler.review(state, grade, at) for state, grade, at in cases])
    preview = best(lambda: [scheduler.preview(state, at) for state, _, at in cases])
    print(f"{len(cases)} answers (best of {args.repeat}); load average {os.getloadavg()[0]:.2f}")
    print(f"FsrsScheduler.review: {answer:.1f} us per answer; .preview (every grade): {preview:.1f} us")


if __name__ == "__main__":
    main()
