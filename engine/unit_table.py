"""Write engine/unit_table.json: pint's dimensions and conversion factors for the common unit texts.

`python -m engine.unit_table` after changing the unit definitions or the answer reader (a test
fails while the file differs from what this writes). engine.units answers from the table for
exactly these texts and asks pint for any other, so a verdict never depends on which was used.
"""

from __future__ import annotations

import json
from itertools import product

from engine.unit_words import read_unit
from engine.units import _DEFINITIONS, TABLE_PATH, UnitError, parse_unit, pint_factor

_PREFIXES = ("", "k", "K", "m", "M", "g", "G", "t", "T", "p", "P", "e", "E")
_SIZES = [p + i + b for p, i, b in product(_PREFIXES, ("", "i"), ("B", "b", "bit", "byte", "bytes", "bits"))]
_LONG = [
    f"{p}{b}" for p, b in product(("", "kilo", "mega", "giga", "tera", "peta"), ("byte", "bytes", "bit"))
]
_FLOPS = [p + f for p, f in product(_PREFIXES, ("FLOP", "FLOPS", "FLOPs", "flop", "flops", "Flop", "Flops"))]
_TIMES = "s sec ms us µs μs ns min mins h hr hour hours d day days week weeks month months y yr year years"
_OTHER = "x X × times % percent pct token tokens tok tps GPUs GPU ops op W kW MW USD"
WORDS: tuple[str, ...] = (
    *_SIZES,
    *_LONG,
    *_FLOPS,
    *_TIMES.split(),
    *_OTHER.split(),
    *(f"{w}/s" for w in (*_SIZES, *_FLOPS, "tokens", "token", "tok")),
    *(f"{w}ps" for w in _SIZES),
    *(f"{w}/{b}" for w, b in product(("FLOP", "FLOPs", "flops", "ops"), ("B", "byte"))),
)
"""Unit words as people type them after a number; the table holds what the reader makes of them."""

_QUESTIONS = (
    "'' % x B kB KB MB GB TB PB KiB MiB GiB TiB b bit Kb Mb Gb Tb s ms us µs ns min h hour day days week"
    " month year FLOP GFLOP TFLOP PFLOP FLOPS GFLOPS TFLOPS PFLOPS FLOP/s FLOP/B B/s MB/s GB/s TB/s Gb/s"
    " token tokens tokens/s W kW MW USD"
)
QUESTION_UNITS: tuple[str, ...] = tuple(_QUESTIONS.split())
"""Units questions are asked in (bundled templates and decks use these)."""


def build() -> dict[str, object]:
    """The table: the definitions it was computed for, dimensions by text, factors by "from\\tto"."""
    questions = ["" if q == "''" else q for q in QUESTION_UNITS]
    texts = set(questions)
    for word, question in product(WORDS, questions):
        try:
            texts.add(read_unit(word, question).unit)
        except UnitError:
            continue
    dims = {t: str(parse_unit(t).dimensionality) for t in sorted(texts)}
    factors = {
        f"{a}\t{b}": pint_factor(a, b)
        for a, b in product(sorted(texts), sorted(set(questions)))
        if dims[a] == dims[b]
    }
    return {"definitions": _DEFINITIONS, "dimensions": dims, "factors": factors}


def render() -> str:
    return json.dumps(build(), indent=0, ensure_ascii=False, sort_keys=True) + "\n"


if __name__ == "__main__":
    TABLE_PATH.write_text(render(), encoding="utf-8")
    print(f"wrote {TABLE_PATH}")
