"""A parsed formula as a sympy expression (sympy imported on first use: only equivalence needs it)."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from engine.formula.evaluate import Formula, evaluate_node
from engine.formula.nodes import Name, Neg, Node, Num, Pow, Prod, Sum, has_variable

_SYMPY_NAMES = {"ceil": "ceiling", "abs": "Abs", "min": "Min", "max": "Max"}


def to_sympy(node: Node, sym: Mapping[str, Any]) -> Any:
    """The sympy expression of a tree (constant powers are bounds-checked before sympy sees them)."""
    import sympy

    if isinstance(node, Num):
        return sympy.Rational(node.value.numerator, node.value.denominator)
    if isinstance(node, Name):
        return sym[node.name]
    if isinstance(node, Neg):
        return -to_sympy(node.operand, sym)
    if isinstance(node, Sum):
        return sympy.Add(*[s * to_sympy(t, sym) for s, t in node.terms])
    if isinstance(node, Prod):
        return sympy.Mul(*[to_sympy(f, sym) ** (1 if op == "*" else -1) for op, f in node.factors])
    if isinstance(node, Pow):
        if not has_variable(node):  # evaluated within budget: sympy would build any exact power
            v = evaluate_node(node, {})
            return sympy.Rational(v.numerator, v.denominator) if isinstance(v, Fraction) else sympy.Float(v)
        return sympy.Pow(to_sympy(node.base, sym), to_sympy(node.exponent, sym))
    args = [to_sympy(a, sym) for a in node.args]
    if node.function == "round":  # round half up (Python's round is half-to-even; differs only at .5)
        scale = sympy.Integer(10) ** args[1] if len(args) == 2 else sympy.Integer(1)
        return sympy.floor(args[0] * scale + sympy.Rational(1, 2)) / scale
    if node.function == "log2":
        return sympy.log(args[0], 2)
    return getattr(sympy, _SYMPY_NAMES.get(node.function, node.function))(*args)


def formula_sympy(formula: Formula) -> Any:
    """The formula's sympy expression, its names as positive symbols."""
    import sympy

    return to_sympy(formula.tree, {n: sympy.Symbol(n, positive=True) for n in formula.names})
