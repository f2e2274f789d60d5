"""FSRS-6 memory and interval arithmetic as Anki computes it: fsrs-rs's 32-bit floats, in its order.

Anki's scheduler (rslib) calls fsrs-rs (6.6, src/model.rs and inference.rs), which keeps the
weights, the memory (stability, difficulty), retrievability, the desired retention and the
interval as f32 and computes each formula left to right in f32. py-fsrs computes the same formulas
in doubles, in another order (mean reversion as w7*a + (1-w7)*b): its stability differs from
Anki's by up to ~1e-6 relative, enough to round an interval that lies a hair from a half day to
the other day. Here each + - * / of two f32 values is computed in a double and rounded to f32,
which is the f32 result exactly (a double holds more than twice an f32's digits). exp, ln and pow
are the C library's expf/logf/powf, which Rust's f32 methods call (Anki's wheel links the system's
libm), through ctypes; where none can be loaded, the double functions rounded to f32 (the correctly
rounded result: glibc's differs from it in the last bit on ~0.06% of arguments, and a last bit of a
retrievability near 1 moves a next stability by up to ~3e-6 relative). Pure functions; stdlib only.
"""

from __future__ import annotations

import math
import struct
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

_F32 = struct.Struct("f")
_pack, _unpack = _F32.pack, _F32.unpack


def f32(value: float) -> float:
    """`value` rounded to the nearest 32-bit float (as a Python float, exactly)."""
    rounded: float = _unpack(_pack(value))[0]
    return rounded


DOUBLE_MATH: tuple[Callable[[float], float], Callable[[float, float], float], Callable[[float], float]] = (
    lambda x: f32(math.exp(x)),
    lambda x, y: f32(math.pow(x, y)),
    lambda x: f32(math.log(x)),
)
"""exp, pow and log correctly rounded to f32 (the C library's are within one unit of these)."""


@lru_cache(maxsize=1)
def c_math() -> tuple[Callable[[float], float], Callable[[float, float], float], Callable[[float], float]]:
    """expf, powf and logf of the C library this process runs with (the one Anki's Rust calls
    here); the double functions rounded to f32 where ctypes finds none. Loaded on first use (not
    at import: ctypes costs the app's start a few milliseconds)."""
    import ctypes

    for name in (None, "libm.so.6", "ucrtbase"):  # the process's own (Linux, macOS), then by name
        try:
            lib = ctypes.CDLL(name)
            exp, pow_, log = lib.expf, lib.powf, lib.logf
        except (OSError, TypeError, AttributeError):
            continue
        for function, arguments in ((exp, 1), (pow_, 2), (log, 1)):
            function.restype = ctypes.c_float
            function.argtypes = [ctypes.c_float] * arguments
        return exp, pow_, log
    return DOUBLE_MATH


S_MIN, S_MAX, D_MIN, D_MAX = f32(0.001), 36_500.0, 1.0, 10.0
"""fsrs-rs's bounds of stability (days) and difficulty (src/simulation.rs)."""


@dataclass(frozen=True)
class Weights:
    """The 21 FSRS-6 weights as f32, with the terms fsrs-rs recomputes on every call from them alone
    (the same f32 each time, so computed once)."""

    w: tuple[float, ...]
    decay: float
    """-w[20]."""
    factor: float
    """`(0.9f32.ln() / decay).exp() - 1.0`: scales elapsed days in the forgetting curve."""
    recall_scale: float
    """`w[8].exp()`."""
    forget_divisor: float
    """`(w[17] * w[18]).exp()`: a lapse keeps at least stability / this."""
    easy_difficulty: float
    """init_difficulty(4), the target of mean reversion."""
    exp: Callable[[float], float]
    """expf (c_math)."""
    pow: Callable[[float, float], float]
    """powf (c_math)."""


@lru_cache(maxsize=8)
def weights(parameters: tuple[float, ...]) -> Weights:
    """fsrs-rs's f32 weights from 21 FSRS-6 parameters."""
    expf, powf, logf = c_math()
    w = tuple(f32(p) for p in parameters)
    decay = -w[20]
    factor = f32(expf(f32(logf(f32(0.9)) / decay)) - 1.0)  # 0.9f32.ln()
    easy = f32(f32(w[4] - expf(f32(w[5] * 3.0))) + 1.0)
    return Weights(w, decay, factor, expf(w[8]), expf(f32(w[17] * w[18])), easy, expf, powf)


def retrievability(k: Weights, elapsed_days: float, stability: float) -> float:
    """`power_forgetting_curve(t, s)`: recall probability after `elapsed_days` (whole days in Anki)."""
    s = min(max(f32(stability), S_MIN), S_MAX)
    scaled = f32(f32(f32(f32(elapsed_days) / s) * k.factor) + 1.0)
    return k.pow(scaled, k.decay)


def interval(k: Weights, stability: float, desired_retention: float) -> float:
    """`next_interval(w, s, r)`: days until recall falls to `desired_retention`, unrounded (f32)."""
    dr = f32(desired_retention)
    grown = f32(k.pow(dr, f32(1.0 / k.decay)) - 1.0)
    return f32(f32(f32(stability) / k.factor) * grown)


def initial_stability(k: Weights, rating: int) -> float:
    return min(max(k.w[min(max(rating, 1), 4) - 1], S_MIN), S_MAX)


def initial_difficulty(k: Weights, rating: int) -> float:
    """`init_difficulty(w, rating)`, clamped to 1..10 as a first answer's is."""
    w = k.w
    raw = f32(f32(w[4] - k.exp(f32(w[5] * float(max(rating, 1) - 1)))) + 1.0)
    return min(max(raw, D_MIN), D_MAX)


def next_difficulty(k: Weights, difficulty: float, rating: int) -> float:
    """Linear damping then mean reversion towards init_difficulty(4), clamped (fsrs-rs `step`)."""
    w = k.w
    d = min(max(f32(difficulty), D_MIN), D_MAX)
    delta = f32(-w[6] * float(rating - 3))
    damped = f32(d + f32(f32(f32(10.0 - d) * delta) / 9.0))
    reverted = f32(f32(w[7] * f32(k.easy_difficulty - damped)) + damped)
    return min(max(reverted, D_MIN), D_MAX)


def short_term_stability(k: Weights, stability: float, rating: int) -> float:
    """A same-day answer's stability (`stability_short_term`), clamped."""
    w = k.w
    s = min(max(f32(stability), S_MIN), S_MAX)
    growth = k.exp(f32(w[17] * f32(float(rating - 3) + w[18])))
    sinc = f32(growth * k.pow(s, -w[19]))
    return min(max(f32(s * (max(sinc, 1.0) if rating >= 2 else sinc)), S_MIN), S_MAX)


def next_stability(k: Weights, stability: float, difficulty: float, recall: float, rating: int) -> float:
    """A later day's answer: `stability_after_failure` for Again, else `stability_after_success`,
    from the retrievability `recall` at the answer; clamped."""
    w = k.w
    s = min(max(f32(stability), S_MIN), S_MAX)
    d = min(max(f32(difficulty), D_MIN), D_MAX)
    lost = f32(1.0 - f32(recall))
    if rating == 1:
        kept = f32(w[11] * k.pow(d, -w[12]))
        kept = f32(kept * f32(k.pow(f32(s + 1.0), w[13]) - 1.0))
        kept = f32(kept * k.exp(f32(lost * w[14])))
        new = min(kept, f32(s / k.forget_divisor))
    else:
        gain = f32(k.recall_scale * f32(11.0 - d))
        gain = f32(gain * k.pow(s, -w[9]))
        gain = f32(gain * f32(k.exp(f32(lost * w[10])) - 1.0))
        gain = f32(gain * (w[15] if rating == 2 else 1.0))
        gain = f32(gain * (w[16] if rating == 4 else 1.0))
        new = f32(s * f32(gain + 1.0))
    return min(max(new, S_MIN), S_MAX)
