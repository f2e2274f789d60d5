"""A corpus of answer forms as people type them, each with the verdict a fair grader gives it.

Built from generated drills (every bundled kind, seeds 1-3) plus hand-written forms from reports
(issue 26). A form's fair verdict comes from the question's stated grading, never from the grader:
RIGHT must be marked correct; CLOSE must be read (not refused) and not marked correct; WRONG and
WRONG_UNIT must never be marked correct. Run `python -m tests.drills.grader_corpus` for the counts.
Grow it with every form a user reports (HAND below).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from enum import StrEnum
from functools import cache

from drills.drill import Drill
from drills.forms import equivalent_form
from drills.generator import bundled_templates, check, generate, grading
from engine.answers import CheckResult, Verdict
from engine.counts import PLURALS
from engine.units import convert

SEEDS = (1, 2, 3)


class Fair(StrEnum):
    RIGHT = "right"
    CLOSE = "close"
    WRONG = "wrong"
    WRONG_UNIT = "wrong unit"


@dataclass(frozen=True)
class Form:
    kind: str
    seed: int
    text: str
    fair: Fair


@cache
def drill(kind: str, seed: int) -> Drill:
    return generate(kind, seed)


def g4(v: float) -> str:
    return f"{v:.4g}"


def _plural(d: Drill) -> str:
    return PLURALS.get(d.count.noun, d.count.noun) if d.count is not None else ""


_PREFIX_UNITS = {"GB": ("B", 1e9), "MB": ("B", 1e6), "TFLOPS": ("FLOPS", 1e12), "GB/s": ("B/s", 1e9)}
_LETTERS = ((1e12, "T"), (1e9, "G"), (1e6, "M"), (1e3, "k"))
_OTHER_UNIT = {
    "GB": "ms",
    "MB": "ms",
    "KiB": "KiB/s",
    "GB/s": "GB",
    "TFLOPS": "TB/s",
    "FLOP/B": "FLOP",
    "ms": "GB",
    "s": "GB",
    "µs": "MB",
    "days": "GB",
    "min": "GB",
    "tokens/s": "tokens",
    "tokens": "GB",
    "%": "ms",
    "x": "GPUs",
    "": "GB",
}
_OTHER_NOUN = {
    "GPU": ["nodes", "replicas"],
    "request": ["GPUs", "tokens"],
    "step": ["GPUs", "nodes"],
    "replica": ["GPUs", "nodes"],
    "micro-batch": ["steps", "GPUs"],
    "token": ["GPUs", "requests"],
    "parameter": ["tokens", "GPUs"],
    "dollar": ["GPU-hours", "GPUs"],
    "GPU-hour": ["dollars", "GPUs"],
    "FLOP": ["tokens", "GPU-hours"],
    "all-to-all": ["layers", "micro-batches"],
}


def _scaled_alone(v: float, unit: str) -> str | None:
    """'1.07G' for 1.07 GB, '43.5k' for 43,500 tokens/s: a prefix with no base unit."""
    if unit in _PREFIX_UNITS:
        base = convert(v, unit, _PREFIX_UNITS[unit][0])
    elif unit in ("tokens/s", "tokens"):
        base = v
    else:
        return None
    for size, letter in _LETTERS:
        if abs(base) >= size:
            return f"{base / size:.4g}{letter}"
    return None


def _right(d: Drill, rng: random.Random) -> Iterator[str]:
    v, unit = d.expected, d.unit
    yield equivalent_form(d, rng)
    yield equivalent_form(d, rng)
    if d.integer:
        n = round(v)
        yield f"{n} {_plural(d)}".strip()
        yield f"about {n} {_plural(d)} total".strip()
        return
    if d.count is not None:
        yield g4(v)
        if d.count.noun == "dollar" and d.count.scale == 1e6:
            yield from (f"${g4(v)}M", f"${g4(v * 1e3)}k", f"${v * 1e6:,.0f}", f"~${g4(v)} million")
        elif d.count.scale == 1e6:
            yield from (f"{g4(v)}M {_plural(d)}", f"{g4(v)} million {_plural(d)}")
        elif d.count.scale == 1e9:
            yield from (f"{g4(v)}B {_plural(d)}", f"{g4(v)} billion", f"{g4(v)}bn")
        elif d.count.scale == 1e3:
            yield from (f"{g4(v)}k {_plural(d)}", f"{g4(v)} thousand {_plural(d)}")
        return
    spaced = "" if unit in ("%", "x") else " "
    yield f"{g4(v)}{spaced}{unit}"
    yield f"~{g4(v)}{spaced}{unit} (roughly)"
    alone = _scaled_alone(v, unit)
    if alone is not None:
        yield alone
        if unit == "tokens/s":
            yield f"{alone} tokens/s"
    if unit == "x":
        yield f"x{g4(v)}"
    if unit == "days":
        yield f"{g4(v)} days on {d.params[0].value} GPUs"


def _close(d: Drill) -> Iterator[str]:
    if d.integer or d.sig_figs is not None:
        return
    band = grading(d).close_band
    v = d.expected * (1 + 0.6 * band)
    unit = "" if d.count is not None else d.unit
    yield f"{g4(v)} {unit}".strip()


def _wrong(d: Drill) -> Iterator[str]:
    unit = "" if d.count is not None else d.unit
    for factor in (1.5, 0.3):
        v = d.expected * factor
        yield (f"{round(v)} {_plural(d)}" if d.integer else f"{g4(v)} {unit}").strip()
    if d.count is not None and d.count.scale != 1 and d.count.noun:
        yield f"{g4(d.expected)} {_plural(d)}"  # '8.389 tokens' for 8.389 million tokens


def _wrong_unit(d: Drill) -> Iterator[str]:
    v = round(d.expected) if d.integer else float(g4(d.expected))
    if d.count is not None and d.count.noun:
        for noun in _OTHER_NOUN[d.count.noun]:
            if noun.rstrip("s") not in dict(d.count.per) or dict(d.count.per)[noun.rstrip("s")] != 1:
                yield f"{v:g} {noun}"
        return
    yield f"{v:g} {_OTHER_UNIT[d.unit]}"


def generated() -> Iterator[Form]:
    rng = random.Random("grader-corpus")
    kinds = sorted(bundled_templates().templates)
    makers: tuple[tuple[Fair, Callable[[Drill], Iterator[str]]], ...] = (
        (Fair.RIGHT, lambda d: _right(d, rng)),
        (Fair.CLOSE, _close),
        (Fair.WRONG, _wrong),
        (Fair.WRONG_UNIT, _wrong_unit),
    )
    for kind in kinds:
        for seed in SEEDS:
            d = drill(kind, seed)
            for fair, make in makers:
                for text in make(d):
                    yield Form(kind, seed, text, fair)


def _n(kind: str, seed: int) -> int:
    return round(drill(kind, seed).expected)


def _v(kind: str, seed: int, scale: float = 1, sig: str = ".4g") -> str:
    return format(drill(kind, seed).expected * scale, sig)


def hand(*, left: bool = True) -> list[Form]:
    """Forms people reported (issue 26) and their fair verdicts (`left`: with those still refused)."""
    R, W, U = Fair.RIGHT, Fair.WRONG, Fair.WRONG_UNIT
    sc, eb = "serving-capacity", "effective-batch-tokens"
    rows = [
        (sc, 2, f"{_n(sc, 2)} nodes", U),
        (sc, 2, f"{_n(sc, 2)} replicas", U),
        (sc, 2, f"{_n(sc, 2)} GPUs", R),
        (sc, 2, f"{_n(sc, 2)} H100s", R),
        (sc, 2, f"{_n(sc, 2)}", R),
        (eb, 2, f"{_v(eb, 2)} tokens", W),
        (eb, 2, f"{_v(eb, 2)}M tokens", R),
        (eb, 2, f"{_v(eb, 2)} million tokens", R),
        (eb, 2, f"{_v(eb, 2, 1e6, ',.0f')} tokens", R),
        (eb, 2, f"{_v(eb, 2)}", R),
        (eb, 2, f"{_v(eb, 2)} GPUs", U),
        ("kv-cache", 1, f"{_v('kv-cache', 1)}G", R),
        ("kv-cache", 1, f"{_v('kv-cache', 1)} gigabytes", R),
        ("kv-cache", 1, f"{_v('kv-cache', 1)} GB/s", U),
        ("tokens-per-user", 1, f"{_v('tokens-per-user', 1, 1e-3)}k tokens/s", R),
        ("tokens-per-user", 1, f"{_v('tokens-per-user', 1, 1e-3)}k", R),
        ("training-cost", 1, f"${_v('training-cost', 1)}M", R),
        ("training-cost", 1, f"${_v('training-cost', 1, 1e3)}k", R),
        ("training-cost", 1, f"{_v('training-cost', 1)} million dollars", R),
        ("training-cost", 1, f"{_v('training-cost', 1)} GPU-hours", U),
        ("tp-degree-min", 1, f"TP={_n('tp-degree-min', 1)}", R),
        ("tp-degree-min", 1, f"tp {_n('tp-degree-min', 1)}", R),
        ("tp-degree-min", 1, f"{_n('tp-degree-min', 1)}-way", R),
        ("tp-degree-min", 1, f"{_n('tp-degree-min', 1)}-way TP", R),
        ("tp-degree-min", 1, f"{_n('tp-degree-min', 1)} nodes", U),
        ("pipeline-microbatches", 1, f"m = {_n('pipeline-microbatches', 1)}", R),
        ("pipeline-microbatches", 1, f"= {_n('pipeline-microbatches', 1)}", R),
        ("pipeline-microbatches", 1, f"{_n('pipeline-microbatches', 1)} micro batches", R),
        ("pipeline-microbatches", 1, f"{_n('pipeline-microbatches', 1)} GPUs", U),
        ("specdec-speedup", 1, f"x{_v('specdec-speedup', 1)}", R),
        ("specdec-speedup", 1, f"{_v('specdec-speedup', 1)} GPUs", U),
        ("training-time", 1, f"{_v('training-time', 1)} days on 256 GPUs", R),
        ("moe-active-params", 1, f"{_v('moe-active-params', 1)} billion", R),
        ("moe-active-params", 1, f"{_v('moe-active-params', 1)}B params", R),
        ("moe-active-params", 1, f"{_v('moe-active-params', 1)} params", W),
        ("chinchilla-model-size", 1, f"{_v('chinchilla-model-size', 1)} thousand", W),
        ("training-gpu-hours", 1, f"{_v('training-gpu-hours', 1)}k GPU-hours", R),
        ("training-gpu-hours", 1, f"{_v('training-gpu-hours', 1)} thousand GPU hours", R),
        ("training-gpu-hours", 1, f"{_v('training-gpu-hours', 1)} GPUs", U),
        ("kv-max-batch", 1, f"{_n('kv-max-batch', 1)} requests", R),
        ("kv-max-batch", 1, f"{_n('kv-max-batch', 1)} concurrent users", R),
        ("kv-max-batch", 1, f"{_n('kv-max-batch', 1)} sequences", R),
        ("kv-max-batch", 1, f"{_n('kv-max-batch', 1)} GPUs", U),
        ("grad-accumulation-steps", 1, f"{_n('grad-accumulation-steps', 1)} micro-batches", R),
        ("grad-accumulation-steps", 1, f"{_n('grad-accumulation-steps', 1)} accumulation steps", R),
        ("layout-3d", 1, f"{_n('layout-3d', 1)} replicas", R),
        ("layout-3d", 1, f"DP={_n('layout-3d', 1)}", R),
        ("layout-3d", 1, f"{_n('layout-3d', 1)} GPUs", U),
        ("tp-degree-min", 2, f"{_n('tp-degree-min', 2)}x H100", R),
        ("tp-degree-min", 2, f"{_n('tp-degree-min', 2)}x H100 nodes", U),
        (eb, 2, f"{_v(eb, 2)}Mtokens", R),
        (eb, 2, f"{_v(eb, 2)}Mtok", R),
        ("moe-active-params", 1, f"{_v('moe-active-params', 1)}Bparams", R),
        ("chinchilla-tokens", 1, f"{_v('chinchilla-tokens', 1)}e21 FLOP", R),
        ("chinchilla-tokens", 1, f"{_v('chinchilla-tokens', 1)}e21 tokens", U),
        ("kv-cache", 1, f"{_v('kv-cache', 1)} GBs", R),
        ("tokens-per-user", 1, f"{_v('tokens-per-user', 1)} tps", R),
        ("moe-expert-capacity", 1, f"{_n('moe-expert-capacity', 1)} tokens", R),
        ("moe-expert-capacity", 1, f"{_n('moe-expert-capacity', 1)} routed tokens", R),
        ("moe-expert-capacity", 1, f"{_n('moe-expert-capacity', 1)} experts", U),
        ("moe-expert-capacity", 1, f"{_n('moe-expert-capacity', 1)} tokens per expert", R),
        ("moe-expert-capacity", 1, f"{_n('moe-expert-capacity', 1)} experts per token", U),
        ("moe-expert-capacity", 1, f"{_n('moe-expert-capacity', 1)} tokens per second", U),
        ("rack-power", 1, f"{_n('rack-power', 1)} total", R),
        ("fp16-loss-scale", 1, f"{_n('fp16-loss-scale', 1)} total", R),
        ("moe-expert-capacity", 1, f"{_n('moe-expert-capacity', 1) - 1} tokens", W),
        ("moe-tokens-dropped", 1, f"{_n('moe-tokens-dropped', 1)} dropped tokens", R),
        ("moe-tokens-dropped", 1, f"{_n('moe-tokens-dropped', 1)} tokens dropped", R),
        ("moe-tokens-dropped", 1, f"{_n('moe-tokens-dropped', 1)} GPUs", U),
        ("fp16-loss-scale", 1, f"2^{_n('fp16-loss-scale', 1).bit_length() - 1}", R),
        ("fp16-loss-scale", 1, f"{_n('fp16-loss-scale', 1)}x", R),
        ("fp16-loss-scale", 1, f"{_n('fp16-loss-scale', 1) // 2}", W),
        ("fp16-loss-scale", 1, f"{_n('fp16-loss-scale', 1)} GB", U),
        ("fp16-overflow-skips", 1, f"{_n('fp16-overflow-skips', 1)} skipped steps", R),
        ("fp16-overflow-skips", 1, f"{_n('fp16-overflow-skips', 1)} iterations", R),
        ("fp16-overflow-skips", 1, f"{_n('fp16-overflow-skips', 1) + 1} steps", W),
        ("fp16-overflow-skips", 1, f"{_n('fp16-overflow-skips', 1)} GPUs", U),
        ("moe-all-to-all-count", 1, f"{_n('moe-all-to-all-count', 1)} all-to-alls", R),
        ("moe-all-to-all-count", 1, f"{_n('moe-all-to-all-count', 1)} a2a", R),
        ("moe-all-to-all-count", 1, f"{_n('moe-all-to-all-count', 1)} all to alls", R),
        ("moe-all-to-all-count", 1, f"{_n('moe-all-to-all-count', 1) // 2} all-to-alls", W),
        ("moe-all-to-all-count", 1, f"{_n('moe-all-to-all-count', 1)} layers", U),
    ]
    still = [  # reported forms still refused (quoted in issue 26's note)
        ("kv-cache", 1, f"{_v('kv-cache', 1)} gigs", R),
        ("tokens-per-user", 1, f"{_v('tokens-per-user', 1)} t/s", R),
        ("moe-weight-memory", 4, "one GPU" if _n("moe-weight-memory", 4) == 1 else "two GPUs", R),
    ]
    return [Form(k, s, t, f) for k, s, t, f in (rows + still if left else rows)]


def corpus() -> list[Form]:
    return [*generated(), *hand()]


@dataclass(frozen=True)
class Tally:
    forms: int
    fair: int
    refused: list[tuple[Form, CheckResult]]
    wrong_marked_right: list[tuple[Form, CheckResult]]
    close_marked_right: list[tuple[Form, CheckResult]]


def tally(forms: list[Form]) -> Tally:
    refused, bad, close_right = [], [], []
    for form in forms:
        result = check(drill(form.kind, form.seed), form.text)
        right_refused = form.fair is Fair.RIGHT and result.verdict is not Verdict.CORRECT
        if right_refused or (form.fair is Fair.CLOSE and result.verdict is Verdict.UNREADABLE):
            refused.append((form, result))
        elif form.fair is Fair.CLOSE and result.verdict is Verdict.CORRECT:
            close_right.append((form, result))
        elif form.fair in (Fair.WRONG, Fair.WRONG_UNIT) and result.verdict is Verdict.CORRECT:
            bad.append((form, result))
    fair = sum(f.fair in (Fair.RIGHT, Fair.CLOSE) for f in forms)
    return Tally(len(forms), fair, refused, bad, close_right)


if __name__ == "__main__":
    forms = corpus()
    t = tally(forms)
    by = {f: sum(x.fair is f for x in forms) for f in Fair}
    print(f"{t.forms} forms over {len({f.kind for f in forms})} kinds: {by}")
    print(f"wrong/wrong-unit marked correct: {len(t.wrong_marked_right)}")
    print(f"fair refused: {len(t.refused)} of {t.fair} ({100 * len(t.refused) / t.fair:.2f}%)")
    for form, result in [*t.wrong_marked_right, *t.refused, *t.close_marked_right]:
        print(f"  {form.kind} {form.seed} {form.text!r} [{form.fair}] -> {result.message}")
