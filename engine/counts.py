"""What a number counts: the nouns of count answers (GPUs, nodes, tokens) and the scales of numbers.

An answer that counts things names what it counts; "200 nodes" for a GPU count is the wrong thing,
not 200 GPUs. A scale is part of the unit: a question "in millions of tokens" expects 8.389 for
8,389,000 tokens, and "8.39M tokens", "8.39 million", "8,389,000 tokens" all say the same, while
"8.389 tokens" says a millionth of it. Scale words: thousand, million, billion, trillion, bn, mn;
letters k/K, M, G, T (and B for billion where the question is not in bytes) standing alone after
the number ("1.07G", "43.5k", "8.39M tokens").
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

_NOUNS: dict[str, tuple[str, ...]] = {
    "GPU": ("gpu", "device", "chip", "accelerator", "card", "rank", "tpu", "gcd"),
    "node": ("node", "server", "machine", "host", "box", "dgx", "hgx"),
    "replica": ("replica", "dp replica", "model replica", "copy", "tp group", "instance"),
    "request": ("request", "req", "user", "sequence", "seq", "sample", "prompt", "conversation"),
    "token": ("token", "tok"),
    "micro-batch": ("micro-batch", "microbatch", "micro batch", "ubatch", "µbatch", "mbatch"),
    "layer": ("layer",),
    "step": ("step", "iteration", "iter", "accumulation", "accumulation step", "accum step", "grad step"),
    "stage": ("stage", "pipeline stage"),
    "expert": ("expert",),
    "parameter": ("parameter", "param"),
    "dollar": ("dollar", "usd", "buck"),
    "GPU-hour": ("gpu-hour", "gpu hour", "gpuh", "gpu-h", "gpu-hr", "gpu hr"),
    "batch": ("batch",),
    "block": ("block",),
    "page": ("page",),
    "head": ("head",),
    "all-to-all": ("all-to-all", "alltoall", "all to all", "a2a"),
}
_PLURAL = {"batch": "batches", "box": "boxes", "copy": "copies", "micro batch": "micro batches"}
_ADJECTIVES = frozenset(
    {"concurrent", "simultaneous", "active", "parallel", "total", "in-flight", "dropped", "routed", "skipped"}
)
_DEVICE = re.compile(r"^[a-z]{1,3}\d{2,4}[a-z]{0,2}s?$")  # h100s, a100, mi300x, gb200s: GPUs


def _spellings() -> dict[str, str]:
    out: dict[str, str] = {}
    for canon, words in _NOUNS.items():
        for w in words:
            plural = _PLURAL.get(w) or (w[:-1] + "ies" if w.endswith("y") else w + "s")
            out[w] = out[plural] = canon
    out["micro-batches"] = out["microbatches"] = "micro-batch"
    out["$"] = "dollar"
    return out


SPELLINGS = _spellings()
PLURALS = {
    canon: ("batches" if canon == "batch" else canon + ("" if canon.endswith("s") else "s"))
    for canon in _NOUNS
}
PLURALS["micro-batch"] = "micro-batches"
SCALES = {"thousand": 1e3, "million": 1e6, "billion": 1e9, "trillion": 1e12}
_SCALE_WORDS = {
    **{w: v for word, v in SCALES.items() for w in (word, word + "s")},
    "bn": 1e9,
    "mn": 1e6,
    "mil": 1e6,
    "k": 1e3,
    "K": 1e3,
    "M": 1e6,
    "G": 1e9,
    "B": 1e9,
    "T": 1e12,
}
_SCALE = re.compile(r"^(?P<w>thousands?|millions?|billions?|trillions?|bn|mn|mil|[kKMGTB])(?=$|[\s,;.)])\s*")
_GLUED = re.compile(r"^([kKMGTB])([a-z][A-Za-z-]*)(?=$|\s)")
_TIMES_DEVICE = re.compile(r"^[x×]\s*(?=[A-Za-z]{1,3}\d{2,4}[A-Za-z]{0,2}s?\b)")
_WORD = re.compile(r"[A-Za-z$µ][A-Za-z0-9µ-]*")


@dataclass(frozen=True)
class Count:
    """What a count answer counts: its noun (singular, '' for none), scale, and the question's
    conversions from other nouns ((noun, how many of this noun in one of it), e.g. ('node', 8))."""

    noun: str
    scale: float = 1.0
    per: tuple[tuple[str, float], ...] = ()

    def text(self, value: float, number: str) -> str:
        """'8.389 million tokens', '200 GPUs', '1 GPU'."""
        scale = scale_name(self.scale)
        noun = self.noun if value == 1 and not scale else PLURALS.get(self.noun, self.noun)
        return " ".join(p for p in (number, scale, noun) if p)


@dataclass(frozen=True)
class Typed:
    """The words after a typed number, split: a scale word, a count noun, and the rest."""

    scale: float
    scale_word: str
    noun: str | None
    noun_word: str
    rest: str


def scale_name(scale: float) -> str:
    """'million' for 1e6, '× 10^21' for 1e21, '' for 1."""
    if scale == 1:
        return ""
    for word, value in SCALES.items():
        if math.isclose(scale, value):
            return word
    exp = round(math.log10(scale))
    return f"× 10^{exp}" if math.isclose(scale, 10.0**exp) else f"× {scale:g}"


def noun_of(words: str) -> str | None:
    """The canonical noun of 'GPUs', 'h100s', 'micro batches', '$' (None if not a count noun)."""
    low = words.lower().strip()
    if low in SPELLINGS:
        return SPELLINGS[low]
    if _DEVICE.match(low):
        return "GPU"
    head, _, tail = low.partition("-")
    if tail.rstrip("s") in ("hour", "hr", "h") and noun_of(head) == "GPU":
        return "GPU-hour"
    return None


def _noun(text: str) -> tuple[str | None, str, str]:
    """(noun, the words read as it, the rest) at the start of `text`; a rate ('tokens/s') is no noun."""
    words = [(m.group(0), m.end()) for m in _WORD.finditer(text[:60])]
    skip = 1 if words and words[0][0].lower() in _ADJECTIVES and len(words) > 1 else 0
    for n in (3, 2, 1):
        if len(words) < skip + n:
            continue
        end = words[skip + n - 1][1]
        phrase = text[:end].split(maxsplit=skip)[-1] if skip else text[:end]
        if not re.fullmatch(r"[A-Za-z$µ0-9 -]+", phrase):
            continue
        noun = noun_of(" ".join(phrase.split()))
        if noun is None:
            continue
        rest = text[end:].strip()
        if rest.lower().startswith("per ") and noun_of(" ".join(rest[4:].split())) is not None:
            return noun, phrase, ""  # "160 tokens per expert": a count of tokens, told per what
        if rest.startswith(("/", "*", "^")) or rest.lower().startswith("per "):
            return None, "", text  # a rate or product: for the unit reader
        if _DEVICE.match(phrase.lower()) and (then := _noun(rest))[0] is not None:
            return then  # "H100 nodes": the device names what the nodes hold
        return noun, phrase, rest
    return None, "", text


def split_typed(text: str, *, sizes: bool) -> Typed:
    """Split the words after a number; `sizes`: the question is in bytes/bits (B is then a byte)."""
    t = text.strip()
    scale, scale_word = 1.0, ""
    m = _SCALE.match(t)
    if m is not None and not (sizes and m.group("w") == "B"):
        scale_word = m.group("w")
        scale = _SCALE_WORDS[scale_word]
        t = t[m.end() :].lstrip(" .")
        if t.lower().startswith("of "):  # "1.2 million of tokens"
            t = t[3:]
    elif (glued := _GLUED.match(t)) is not None and noun_of(glued.group(2)) is not None:
        scale_word, t = glued.group(1), t[1:]  # "8.39Mtokens", "13Bparams"
        scale = _SCALE_WORDS[scale_word]
    if (times := _TIMES_DEVICE.match(t)) is not None:  # "2x H100": two of them
        t = t[times.end() :]
    if t.lower() in _ADJECTIVES:  # "4025 total": a plain number with a word that adds nothing
        t = ""
    noun, noun_word, rest = _noun(t)
    return Typed(scale, scale_word, noun, noun_word, rest)


def from_unit(unit: str) -> Count | None:
    """The count a question's unit names ('tokens', 'GPUs', 'million tokens'), or None."""
    typed = split_typed(unit, sizes=False)
    if typed.noun is None or typed.rest:
        return None
    return Count(typed.noun, typed.scale if typed.scale_word else 1.0)


def conversion(value: float, typed: Typed, count: Count, number: str) -> str:
    """'200 nodes = 1,600 GPUs at 8 GPUs per node' when the question gives the conversion, or ''."""
    per = dict(count.per).get(typed.noun or "")
    if per is None:
        return ""
    whole = value * typed.scale * per
    shown = f"{whole:,.0f}" if float(whole).is_integer() else f"{whole:,.4g}"
    plural = PLURALS.get(count.noun, count.noun)
    per_text = f"{per:g}" if float(per).is_integer() else f"{per:.4g}"
    return f" ({number} {typed.noun_word} = {shown} {plural} at {per_text} {plural} per {typed.noun})"


_PREFIXED = re.compile(r"^(?P<p>[kKMGTPE])(?P<i>i?)(?P<base>B|b|bit|FLOPS|FLOP)(?=$|[/\s])")
_LETTER = {1e3: "k", 1e6: "M", 1e9: "G", 1e12: "T", 1e15: "P"}
_NO_SCALE = ("[time]", "dimensionless")


def scaled_alone(value: float, scale: float, unit: str, dimension: str) -> tuple[float, str] | None:
    """'1.07G' in a GB question is 1.07 GB, '43.5k' in tokens/s is 43,500 tokens/s: (value, unit),
    or None where a lone scale is ambiguous (times: 'm'; ratios and percentages)."""
    letter = _LETTER.get(scale)
    m = _PREFIXED.match(unit)
    if m is not None and letter is not None:
        binary = "i" if m.group("i") else ""
        prefix = ("K" if letter == "k" else letter) + binary if binary else letter
        return value, prefix + unit[m.start("base") :]
    if dimension in _NO_SCALE and unit.strip() not in ("", "tokens", "token"):
        return None
    if any(d in dimension for d in _NO_SCALE[:1]) and "/" not in unit:
        return None
    return value * scale, unit
