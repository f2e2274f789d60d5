"""Units a given may be shown in ('million USD', '× 10^21 FLOP', 'billion parameters'), and the givens
that are plain counts or ratios: every other given under 'Given:' states its unit."""

from __future__ import annotations

import re

from engine.counts import PLURALS, SCALES
from engine.units import UnitError, check_unit

_SCALED = re.compile(r"^(?:(?:" + "|".join(SCALES) + r")|× 10\^-?\d{1,3}) (?P<rest>.+)$")
COUNT_NOUNS = frozenset({*PLURALS.values(), "parameters"})
"""Nouns a given may be counted in ('7 billion parameters', '3 trillion tokens')."""

UNITLESS_GIVENS = frozenset(
    {
        # counts of things whose name says what they count
        *("layers", "dense_layers", "moe_layers", "heads", "kv_heads", "head_dim", "d_model", "ffn_dim"),
        *("moe_ffn_dim", "experts", "k", "rank", "rope", "group", "bits", "batch", "micro", "mb"),
        *("global_seqs", "accum", "params", "active_params", "tokens", "users", "gpus", "nodes", "n"),
        *("tp", "pp", "dp", "ep", "cp", "t", "domain", "leaves", "up", "down", "p", "m", "v", "kpl"),
        *("init", "gamma", "absmax"),
        # ratios, fractions and factors (a PUE, a capacity factor, an acceptance rate)
        *("alpha", "cf", "ratio", "pue", "hot", "overlap", "w_share", "b_ratio", "cost"),
        # a gradient magnitude written as mantissa × 10^exponent: both plain numbers
        *("g_m", "g_e"),
    }
)
"""Givens shown without a unit: counts named by their param name, and plain ratios."""


def check_given_unit(unit: str) -> None:
    """UnitError unless the unit is pint's or a count noun, maybe behind a scale ('million USD') and
    per a counted thing ('USD/h per GPU')."""
    head, per, noun = unit.partition(" per ")
    if per and noun not in PLURALS:  # 'USD/h per GPU': a rate for each of a counted thing
        raise UnitError(f"'{noun}' is not a thing a given is counted per")
    m = _SCALED.match(head)
    rest = m.group("rest") if m else head
    if rest not in COUNT_NOUNS:
        check_unit(rest)
