"""Benchmark: on a cold start (fresh process), the time from enter on the setup screen to the first question
being painted, from enter on a (wrong) answer to its verdict and worked solution being painted, and the
longest UI-loop stall from pressing `d` until then. Prints figures; not a test.

Two ways in, each in its own fresh process per run:
  eager   - enter is pressed as soon as the drill kinds are listed (the warm-up check may still run)
  settled - enter is pressed once the setup screen's warm-up check has finished

    .venv/bin/python benchmarks/bench_drill_screen.py [--runs 5]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

CHILD = r"""
import asyncio, json, random, sys, time
from pathlib import Path
from engine.settings import Settings
from tui.app import FlopcardsApp
from tui.config import AppConfig

import tui.screens.drill as drill_screen

mode, db = sys.argv[1], sys.argv[2]
marks = {}
# the answer methods live on DrillScreen's base (tui/drill_answer.py): set on DrillScreen, the wrappers
# shadow them for every call through `self`; a mark that never comes names the method to look for

async def waited(mark, method):
    deadline = time.perf_counter() + 60
    while mark not in marks:
        if time.perf_counter() > deadline:
            sys.exit(f"no {mark!r} mark in 60 s: is DrillScreen.{method} still called for it?")
        await asyncio.sleep(0.0005)
_check = drill_screen.DrillScreen.check_answer

def check_answer(self, *args):
    marks.setdefault("handled", time.perf_counter())  # enter reached the screen; the worker starts
    return _check(self, *args)

drill_screen.DrillScreen.check_answer = check_answer

def marked(name, method):
    # the mark is set once the screen has been painted after `method` (the question, the verdict)
    def wrapper(self, *args, **kwargs):
        method(self, *args, **kwargs)
        self.call_after_refresh(lambda: marks.setdefault(name, time.perf_counter()))
    return wrapper

drill_screen.DrillScreen._show = marked("asked", drill_screen.DrillScreen._show)
drill_screen.DrillScreen._finish_drill = marked("painted", drill_screen.DrillScreen._finish_drill)

class Bench(FlopcardsApp):
    def on_mount(self):
        super().on_mount()
        self.beats, self.worst = None, 0.0
        self.set_interval(0.01, self.beat)
    def beat(self):
        now = time.perf_counter()
        if self.beats is not None:
            self.worst = max(self.worst, now - self.beats)
        self.beats = now

async def main():
    app = Bench(AppConfig(settings=Settings(db=db, deck_dirs=()), include_bundled=False))
    async with app.run_test(size=(110, 40)) as pilot:
        await asyncio.wait_for(app.loaded.wait(), 60)
        await pilot.pause()
        app.worst = 0.0
        app.beats = None
        await pilot.press("d")
        setup = app.screen
        setup.rng = random.Random(1)
        while not (setup.ready and (mode == "eager" or setup.warm)):
            await asyncio.sleep(0.001)
        opened = time.perf_counter()
        await pilot.press("enter")
        await waited("asked", "_show")
        screen = app.screen
        drill = screen.drill
        # a wrong answer, so the verdict and the worked solution are painted (a right one moves on)
        for ch in f"{drill.expected * 1.5:.6g} {drill.unit}":
            await pilot.press(ch)
        start = time.perf_counter()
        await pilot.press("enter")
        await waited("handled", "check_answer")
        await waited("painted", "_finish_drill")
        took = marks["painted"] - marks["handled"]
        print(json.dumps({"enter_to_verdict_ms": took * 1e3, "worst_stall_ms": app.worst * 1e3,
                          "press_to_painted_ms": (marks["painted"] - start) * 1e3,
                          "question_ms": (marks["asked"] - opened) * 1e3,
                          "warm_when_pressed": setup.warm, "kind": drill.kind}), flush=True)

asyncio.run(main())
"""


def run(mode: str) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as tmp:
        out = subprocess.run(
            [sys.executable, "-c", CHILD, mode, str(Path(tmp) / "bench.db")],
            capture_output=True,
            text=True,
            env={"FLOPCARDS_HOME": tmp, "PATH": ""},
        )
    if out.returncode:
        sys.exit(f"the {mode} run failed: {out.stderr.strip().splitlines()[-1:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    for mode in ("eager", "settled"):
        results = [run(mode) for _ in range(args.runs)]
        took = [r["enter_to_verdict_ms"] for r in results]
        stall = [r["worst_stall_ms"] for r in results]
        press = [r["press_to_painted_ms"] for r in results]
        asked = [r["question_ms"] for r in results]
        warm = sum(bool(r["warm_when_pressed"]) for r in results)
        print(
            f"{mode:8} setup enter -> first question painted: median {statistics.median(asked):5.1f} ms,"
            f" max {max(asked):5.1f} ms"
            f"\n         enter handled -> verdict painted: median {statistics.median(took):5.1f} ms,"
            f" max {max(took):5.1f} ms  | Pilot press -> painted: median {statistics.median(press):5.1f} ms"
            f"\n         worst UI stall, d to verdict: median {statistics.median(stall):6.1f} ms,"
            f" max {max(stall):6.1f} ms  | warm-up done at enter in {warm}/{len(results)} runs"
        )


if __name__ == "__main__":
    main()
