"""Read the unit words after a typed number the way people write them, strictly where case matters.

The rules (a verdict repeats the rule whenever one changed what was typed: "read 'mb' as MB"):
- Exact spellings mean what they say: "GB" gigabyte, "Gb" gigabit, "GiB", "MB", "ms", "TFLOPS".
- A size written in another case ("gb", "mb", "gib", "mB", "GIB") has no standard reading: it is read
  in the question's own base (bytes, or bits in a question asked in bits) and never as milli-.
  "Gb", "Mb", "Kb" (capital prefix, small b) stay bits.
- Time words in any case: s sec ms us µs ns min h hr hour day week month year (month = year / 12,
  year = 365 days).
- FLOP: "FLOPS" (capital S) and "FLOP/s" are rates; "FLOPs", "flops", "Tflop" are amounts. When the
  question asks a rate, an amount spelling alone is read as the rate, and the other way round.
  "ops" = FLOP (ops/byte = FLOP/byte). Prefixes of FLOP are never milli (mflops = MFLOP).
- Ratios: x X × times fold speedup; percent: % percent pct.
- Count nouns (GPUs, H100s, nodes, micro-batches, tokens, steps, layers, users, ...) are plain counts.
- After a complete unit, further words and parenthesised remarks are ignored ("17 GB total",
  "484 ms per all-reduce"), but not an operator with an unknown unit ("GB/xyz") nor numbers, unless
  they follow a connecting word ("6.32 days on 256 GPUs", "17 GB, 2 GPUs").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from engine.units import UnitError, check_unit, dimension

MAX_UNIT_TEXT = 120

_TOKEN = re.compile(r"\s*(?:(?P<pow>(?:\^|\*\*)\s*-?\d)|(?P<op>/|\*)|(?P<word>[A-Za-zµμ%][A-Za-z0-9µμ%_-]*))")
_PARENS = re.compile(r"\([^()]*\)|\[[^\[\]]*\]")
_STRAY = re.compile(r"[()\[\]{}<>]")  # a bracket left after the closed asides: a typo, not words
_SIZE = re.compile(r"^(?P<p>[kmgtpeKMGTPE]?)(?P<i>[iI]?)(?P<b>[bB]|bytes?|bits?|Bytes?|Bits?)$")
_FLOP = re.compile(r"^(?P<p>[kmgtpeKMGTPE]?)(?P<f>flops?)$", re.IGNORECASE)
_DEVICE = re.compile(r"^(?:[a-z]{1,3}\d{2,4}[a-z]{0,2})s?$")  # h100s, a100, mi300x, gb200s
_TIME = {
    **dict.fromkeys(("s", "sec", "secs", "second", "seconds"), "s"),
    **dict.fromkeys(("ms", "msec", "msecs", "millisecond", "milliseconds"), "ms"),
    **dict.fromkeys(("us", "µs", "μs", "usec", "microsecond", "microseconds"), "us"),
    **dict.fromkeys(("ns", "nanosecond", "nanoseconds"), "ns"),
    **dict.fromkeys(("min", "mins", "minute", "minutes"), "min"),
    **dict.fromkeys(("h", "hr", "hrs", "hour", "hours"), "hour"),
    **dict.fromkeys(("d", "day", "days"), "day"),
    **dict.fromkeys(("wk", "wks", "week", "weeks"), "week"),
    **dict.fromkeys(("mo", "mos", "month", "months"), "month"),
    **dict.fromkeys(("y", "yr", "yrs", "year", "years"), "year"),
}
_RATIO = frozenset({"x", "×", "times", "fold", "speedup"})
_PERCENT = frozenset({"%", "percent", "pct"})
_TOKENS = frozenset({"token", "tokens", "tok", "toks"})
_OPS = frozenset({"op", "ops"})
_COUNTS = (
    "gpu gpus node nodes micro-batch micro-batches microbatch microbatches ubatch ubatches step steps "
    "layer layers user users sequence sequences seq seqs request requests replica replicas "
    "stage stages expert experts block blocks page pages rank ranks device devices "
    "chip chips server servers accumulation accumulations iteration iterations sample samples batch batches "
)
COUNT_NOUNS = frozenset(_COUNTS.split())
_ASIDE = re.compile(
    r"^(?:(?:on|with|at|for|using|across|over|in|from|by|given|each|and|when|if)\b|[=,;:—-])", re.I
)
_PREFIX = {"k": "k", "m": "M", "g": "G", "t": "T", "p": "P", "e": "E"}
_EXACT = "B b kB KB MB GB TB PB EB Kb Mb Gb Tb Pb KiB MiB GiB TiB PiB bit bits byte bytes"
_EXACT_SIZES = frozenset(_EXACT.split())
_LONG = re.compile(r"^(kilo|mega|giga|tera|peta|kibi|mebi|gibi|tebi|pebi)?(byte|bit)s?$", re.IGNORECASE)
_LONG_PREFIX = {
    "kilo": "k",
    "mega": "M",
    "giga": "G",
    "tera": "T",
    "peta": "P",
    "kibi": "Ki",
    "mebi": "Mi",
    "gibi": "Gi",
    "tebi": "Ti",
    "pebi": "Pi",
}


@dataclass(frozen=True)
class Context:
    """What the question asks, as far as reading a unit needs it."""

    bits: bool
    """The question measures sizes in bits (a lone "gb" is then gigabits)."""
    rate: bool
    """The question asks a FLOP rate."""
    amount: bool
    """The question asks an amount of FLOP."""


@dataclass(frozen=True)
class UnitReading:
    """A unit as pint spells it, the rules applied (for the verdict), and any ignored words."""

    unit: str
    notes: tuple[str, ...] = ()
    ignored: str = ""


@lru_cache(maxsize=256)
def context(question_unit: str) -> Context:
    """How the question's unit steers ambiguous words (bits or bytes, rate or amount)."""
    try:
        dim = dimension(question_unit)
    except UnitError:
        return Context(False, False, False)
    words = [w for w in re.split(r"[^A-Za-z]+", question_unit) if w]
    bits = "[information]" in dim and any(_SIZE.match(w) and w[-1] in "bt" for w in words)
    return Context(bits, dim == "[compute] / [time]", dim == "[compute]")


def _size(word: str, ctx: Context) -> tuple[str, str | None] | None:
    long = _LONG.match(word)
    if long is not None:
        prefix = _LONG_PREFIX.get((long.group(1) or "").lower(), "")
        return prefix + ("bit" if long.group(2).lower() == "bit" else "B"), None
    m = _SIZE.match(word)
    if m is None:
        return None
    p, i, b = m.group("p"), m.group("i"), m.group("b")
    base_word = b.lower().rstrip("s")
    if word in _EXACT_SIZES:
        return word, None
    if base_word in ("byte", "bit"):
        is_bits = base_word == "bit"
    elif b == "B":
        is_bits = False
    elif p.isupper() and not i:  # "Gb", "Mb": bits, as written
        is_bits = True
    else:  # "gb", "mb", "gib": no standard reading; the question's base decides
        is_bits = ctx.bits
    if not p:
        canon = "bit" if is_bits else "B"
    elif i:
        canon = f"{p.upper()}i{'bit' if is_bits else 'B'}"
    else:
        canon = f"{'k' if p in 'kK' else _PREFIX[p.lower()]}{'bit' if is_bits else 'B'}"
    shown = canon.replace("bit", "b") if is_bits and canon != "bit" else canon
    quiet = canon == word or shown == word or word.lower() in ("bytes", "byte", "bits")
    return canon, None if quiet else f"read '{word}' as {shown}"


def _word(word: str, ctx: Context) -> tuple[str, str | None] | None:
    """(pint spelling, note or None) for one word; '' for a plain count; None if unknown."""
    if word[-2:] in ("Bs", "bs") and word[:-1] in _EXACT_SIZES:  # "GBs": a plural of GB
        word = word[:-1]
    low = word.lower()
    if low in _RATIO:
        return "x", None
    if low in _PERCENT:
        return "%", None
    if low in _TOKENS:
        return "token", None
    if low == "tps":
        return "token / s", "read 'tps' as tokens/s"
    if low in COUNT_NOUNS or _DEVICE.match(low):
        return "", None
    if low in _TIME:
        return _TIME[low], None
    if low in _OPS:
        return "FLOP", None
    flop = _FLOP.match(word)
    if flop is not None:
        prefix = flop.group("p")
        canon = (_PREFIX.get(prefix.lower(), "") if prefix else "") + "FLOP"
        return (canon + "S" if flop.group("f") == "FLOPS" else canon), None
    if len(word) > 3 and word.lower().endswith("ps"):  # Gbps, GBps, gbps: per second
        size = _size(word[:-2], ctx)
        if size is not None:
            return size[0] + " / s", size[1] and size[1] + "/s"
    return _size(word, ctx)


def _flop_switch(unit: str, word: str, ctx: Context) -> tuple[str, str | None]:
    """A lone FLOP word is read as the rate or the amount the question asks for."""
    if ctx.rate and not unit.endswith("FLOPS"):
        return unit + "/s", f"read '{word}' as {unit}/s: the question asks a rate"
    if ctx.amount and unit.endswith("FLOPS"):
        return unit[:-1], f"read '{word}' as {unit[:-1]}: the question asks an amount, not a rate"
    return unit, None


def read_unit(text: str, question_unit: str) -> UnitReading:
    """Read the unit words typed after a number, for a question asked in `question_unit`."""
    if len(text) > MAX_UNIT_TEXT:
        raise UnitError("the words after the number are too long")
    ctx = context(question_unit)
    cleaned = _PARENS.sub(" ", text).strip()
    parts: list[str] = []
    notes: list[str] = []
    words: list[str] = []
    op = ""
    end = 0  # where the last complete unit term ends
    pos = 0
    while pos < len(cleaned):
        m = _TOKEN.match(cleaned, pos)
        if m is None:
            break
        if m.group("pow"):
            if op or not parts:
                break
            parts[-1] += "^" + m.group("pow").lstrip("^*").strip()
        elif m.group("op"):
            if op or (not parts and not words):
                break
            op = m.group("op")
            pos = m.end()
            continue
        else:
            word = m.group("word")
            per = word.lower() == "per"
            if per and (words and not op):
                op = "/"
                pos = m.end()
                continue
            mapped = None if per else _word(word, ctx)
            if mapped is None or (words and not op):
                if op in ("/", "*") and cleaned[end : m.start()].strip() in ("/", "*"):
                    raise UnitError(f"unknown unit '{word[:20]}'")
                break
            spelling, note = mapped
            if spelling:
                parts.append(f"{op} {spelling}" if parts else ("1 / " + spelling if op == "/" else spelling))
            if note:
                notes.append(note)
            words.append(word)
            op = ""
        pos = end = m.end()
    rest = cleaned[end:].strip()
    if not words:
        first = rest.split()[0][:20] if rest.split() else text.strip()[:20]
        hint = " (did you mean GB or Gb?)" if first.lower() in {"kb", "mb", "gb", "tb", "pb"} else ""
        raise UnitError(f"unknown unit '{first}'{hint}")
    if (re.search(r"\d", rest) and not _ASIDE.match(rest)) or _STRAY.search(rest):
        raise UnitError(f"'{rest[:30]}' is left over after the unit")
    unit = " ".join(parts)
    if len(words) == 1 and _FLOP.match(words[0]):
        unit, note = _flop_switch(unit, words[0], ctx)
        notes += [note] if note else []
    check_unit(unit)  # the assembled spelling must be a unit pint knows
    return UnitReading(unit, tuple(notes), rest)
