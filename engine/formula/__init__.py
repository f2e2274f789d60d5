"""Safe, bounded formulas: parse (whitelisted ast -> frozen nodes), evaluate (exact), equivalence."""

from engine.formula.equivalence import Equivalence, compare, equivalent
from engine.formula.evaluate import Formula
from engine.formula.nodes import FUNCTIONS, MAX_DEPTH, MAX_LEN, FormulaError
from engine.formula.parse import parse_formula

__all__ = [
    "FUNCTIONS",
    "MAX_DEPTH",
    "MAX_LEN",
    "Equivalence",
    "Formula",
    "FormulaError",
    "compare",
    "equivalent",
    "parse_formula",
]
