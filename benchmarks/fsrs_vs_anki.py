"""Benchmark: FSRS memory states and review intervals compared with Anki's own scheduler (the `anki`
wheel, unfuzzed) on thousands of generated histories answered at random hours (tests/anki/fsrs_anki.py).
Prints how many were compared and the worst differences (memory: against Anki's memory computed
from the log and against the one its card stores when answered one by one). Not a test (the suite
compares a few hundred).

    python benchmarks/fsrs_vs_anki.py [--histories 1500] [--seed 25]
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--histories", type=int, default=1500)
    parser.add_argument("--seed", type=int, default=25)
    args = parser.parse_args()
    from engine.fsrs_f32 import f32
    from engine.fsrs_order import passing_intervals
    from engine.sm2 import MAX_INTERVAL_DAYS
    from tests.anki.fsrs_anki import Collection, answered_in_anki, histories, intervals, memory_states

    cpu = time.process_time()
    with tempfile.TemporaryDirectory() as folder:
        col = Collection(str(Path(folder) / "collection.anki2"))
        col.set_config("fsrs", True)
        states = worst_s = worst_d = stored_s = stored_d = 0.0
        past_tolerance = within_unit = bitwise = 0
        compared = equal = rules = ordered = near = 0
        worst_days = 0
        generated = histories(random.Random(args.seed), args.histories)
        for history in generated:
            ours, theirs = memory_states(col, history)
            for (s, d), (anki_s, anki_d) in zip(ours, theirs, strict=True):
                worst_s, worst_d = (
                    max(worst_s, abs(s - anki_s) / anki_s),
                    max(worst_d, abs(d - anki_d) / anki_d),
                )
                states += 1
            for (s, d), (anki_s, anki_d) in zip(ours, answered_in_anki(col, history), strict=True):
                stored_s = max(stored_s, abs(s - anki_s) / anki_s)
                stored_d = max(stored_d, abs(d - anki_d) / anki_d)
                bitwise += (f32(s), f32(d)) == (anki_s, anki_d)
                if abs(s - anki_s) / anki_s >= 0.001 or abs(d - anki_d) / anki_d >= 0.001:
                    past_tolerance += 1
                    within_unit += abs(s - anki_s) <= 1.001e-4  # the last decimal Anki keeps (and f32 error)
            for found in intervals(col, history):
                compared += 1
                equal += found.ours == found.anki
                rules += passing_intervals(found.anki_ideal, found.previous, MAX_INTERVAL_DAYS) == found.anki
                hard, good, easy = found.ours
                ordered += 1 <= hard < good < easy <= MAX_INTERVAL_DAYS
                near += found.ours != found.anki and found.near_half_day()
                worst_days = max(
                    worst_days, *(abs(a - b) for a, b in zip(found.ours, found.anki, strict=True))
                )
        col.close()
    cpu = time.process_time() - cpu
    print(f"{len(generated)} histories, {cpu:.0f} s CPU, load average {os.getloadavg()[0]:.2f}")
    print(
        f"memory states: {states:.0f} compared; worst relative difference: "
        f"stability {worst_s:.2e}, difficulty {worst_d:.2e} (Anki's memory computed from the log); "
        f"stability {stored_s:.2e}, difficulty {stored_d:.2e} (the memory Anki's card stores, answered "
        "one by one)"
    )
    print(
        f"  against the stored memory: {past_tolerance} state(s) past 0.1%, {within_unit} of them within "
        f"one unit of what Anki stores (1e-4 day); {bitwise} of {states:.0f} equal to Anki's 32-bit floats"
    )
    print(
        f"review intervals (Hard, Good, Easy): {compared} states compared; {equal} equal to Anki's, "
        f"{compared - equal} not ({near} of them with an ideal interval within 0.01 day of a half day); "
        f"worst difference {worst_days} day(s)"
    )
    print(
        f"  Anki's rules on Anki's own next stabilities give Anki's intervals: {rules} of {compared}; "
        f"ours 1 <= Hard < Good < Easy: {ordered} of {compared}"
    )


if __name__ == "__main__":
    main()
