"""Equivalent ways to write a drill's answer (other prefix, unit spelling, case, notation, remarks).

Used by the property tests (every form must be graded correct) and by benchmarks/bench_check.py.
"""

from __future__ import annotations

import math
import random

from drills.drill import Drill
from engine.counts import SPELLINGS as SPELLINGS_OF_NOUNS
from engine.units import convert

# question unit -> (unit to convert to, spellings of that unit); a spelling may carry trailing words
SPELLINGS: dict[str, list[tuple[str, list[str]]]] = {
    "GB": [
        ("GB", ["GB", "gb", "gigabytes", "GB total", "GB (weights)"]),
        ("MB", ["MB", "mb", "megabytes"]),
        ("TB", ["TB", "tb"]),
        ("B", ["B", "bytes"]),
        ("GiB", ["GiB", "gib", "GIB"]),
    ],
    "MB": [("MB", ["MB", "mb", "MB per layer"]), ("KB", ["kB", "KB", "kb"]), ("GB", ["GB", "gb"])],
    "KiB": [("KiB", ["KiB", "kib", "KIB", "KiB per token"]), ("B", ["B", "bytes"])],
    "ms": [("ms", ["ms", "MS", "msec", "milliseconds", "ms per step"]), ("s", ["s", "sec"])],
    "s": [("s", ["s", "sec", "seconds"]), ("ms", ["ms"]), ("min", ["min", "minutes"])],
    "µs": [("µs", ["µs", "us", "microseconds"]), ("ms", ["ms"])],
    "days": [("days", ["days", "d", "Days"]), ("week", ["weeks", "wk"]), ("hour", ["hours", "h"])],
    "%": [("%", ["%", " %", " percent", " pct"])],
    "x": [("x", ["x", "X", "×", " times", "-fold", "x speedup", " X faster"])],
    "tokens": [("tokens", ["tokens", "tok", "Tokens", "tokens (per GPU)"])],
    "tokens/s": [("tokens/s", ["tokens/s", "tok/s", "tokens per second", "tokens/s per user"])],
    "FLOP/B": [("FLOP/B", ["FLOP/B", "flop/byte", "ops/byte", "FLOPs/byte", "FLOP/B (intensity)"])],
    "TFLOPS": [
        ("TFLOPS", ["TFLOPS", "TFLOPs", "Tflops", "Tflop/s", "TFLOP/s (memory-bound)"]),
        ("FLOP/s", ["FLOP/s", "FLOPS"]),
        ("PFLOPS", ["PFLOPS", "pflops"]),
    ],
    "GB/s": [("GB/s", ["GB/s", "gb/s", "GB per s", "GBps"]), ("TB/s", ["TB/s", "tb/s"])],
    "": [("", ["", " (approx.)"])],
}
COUNT_WORDS = ["", " (exact)"]
"""Words any count answer may carry; the count's own noun spellings are added (engine.counts)."""
SCALE_WORDS = {1e3: ["k", " thousand", "K"], 1e6: ["M", " million", " mn"], 1e9: ["B", " billion", " bn"]}


def noun_words(drill: Drill) -> list[str]:
    """' GPUs', ' H100s', ' devices'...: the spellings of the drill's count noun, with a space."""
    if drill.count is None or not drill.count.noun:
        return []
    return [" " + w for w, canon in SPELLINGS_OF_NOUNS.items() if canon == drill.count.noun and w != "$"]


def _count_form(drill: Drill, rng: random.Random, prefix: str) -> str:
    """A count with a scale ('in millions of tokens'): bare, with the scale word, or written out."""
    assert drill.count is not None
    scale, nouns = drill.count.scale, ["", *noun_words(drill)]
    style = rng.randrange(3)
    if style == 0 or scale not in SCALE_WORDS:
        return prefix + _number(drill.expected, rng, exact=False)
    if style == 1:
        return prefix + f"{drill.expected:.5g}" + rng.choice(SCALE_WORDS[scale]) + rng.choice(nouns)
    noun = rng.choice(nouns[1:] or [""])
    return prefix + _number(drill.expected * scale, rng, exact=False) + noun


def _number(value: float, rng: random.Random, *, exact: bool) -> str:
    """`value` in a random notation, precise enough to stay well inside a 2% band."""
    if exact:
        whole = round(value)
        return rng.choice([str(whole), f"{whole:,}", f"{whole}"])
    if value == 0:
        return "0"
    style = rng.randrange(5)
    if style == 0:
        return f"{value:.6g}"
    if style == 1:
        return f"{value:.5e}"
    exp = math.floor(math.log10(abs(value)))
    mantissa = f"{value / 10**exp:.5f}"
    if style == 2:
        return f"{mantissa}x10^{exp}"
    if style == 3:
        return f"{mantissa}×10^{exp}"
    return f"{value:.6g}" if abs(value) < 1e6 else f"{round(value):,}"


def equivalent_form(drill: Drill, rng: random.Random) -> str:
    """One random spelling of the drill's expected answer that a fair grader accepts."""
    exact = drill.integer
    prefix = rng.choice(["", "", "~", "about ", "≈ "]) if not exact else ""
    if exact:
        words = COUNT_WORDS + noun_words(drill)
        return prefix + _number(drill.expected, rng, exact=True) + rng.choice(words)
    if drill.count is not None:
        return _count_form(drill, rng, prefix)
    target, spellings = rng.choice(SPELLINGS.get(drill.unit, [(drill.unit, [drill.unit])]))
    value = convert(drill.expected, drill.unit, target)
    spelling = rng.choice(spellings)
    glue = "" if spelling[:1] in (" ", "-", "x", "X", "×", "%") or not spelling else " "
    return f"{prefix}{_number(value, rng, exact=False)}{glue}{spelling}"
