"""The parsed Formula and its exact, bounded evaluation (Fractions where possible)."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from engine import budget
from engine.formula.nodes import (
    MAX_BITS,
    MAX_LOG10,
    FormulaError,
    Name,
    Neg,
    Node,
    Num,
    Number,
    Pow,
    Prod,
    Sum,
)

Values = Mapping[str, int | float | Fraction]


@dataclass(frozen=True)
class Formula:
    """A parsed, whitelisted formula; evaluate it (engine.formula.symbolic turns it into sympy)."""

    text: str
    names: frozenset[str]
    tree: Node = field(repr=False, compare=False, default=Num(Fraction(0)))

    def evaluate(self, values: Values | None = None) -> float:
        result = self.evaluate_exact(values)
        try:
            out = float(result)
        except OverflowError:
            raise FormulaError("overflow: the result is too large", self.text) from None
        if not math.isfinite(out):
            raise FormulaError("overflow: the result is not finite", self.text)
        return out

    def evaluate_exact(self, values: Values | None = None) -> Number:
        budget.check_time()  # a whole deck's checks have a time budget at load (no-op otherwise)
        given = values or {}
        env: dict[str, Number] = {}
        for name in self.names:
            if name not in given:
                raise FormulaError(f"no value given for '{name}'", self.text)
            v = given[name]
            env[name] = v if isinstance(v, float) else Fraction(v)
        try:
            return evaluate_node(self.tree, env)
        except FormulaError as exc:
            exc.text = self.text
            raise
        except (OverflowError, ValueError, ZeroDivisionError, ArithmeticError) as exc:
            raise FormulaError(f"math error: {exc}", self.text) from None


def _check(v: Number) -> Number:
    if isinstance(v, Fraction):
        if v.numerator.bit_length() > MAX_BITS or v.denominator.bit_length() > MAX_BITS:
            raise FormulaError("number out of range (beyond about 10^400)")
    elif not math.isfinite(v):
        raise FormulaError("overflow: a value is not finite")
    return v


def _pow(b: Number, e: Number, snippet: str) -> Number:
    if b == 0:
        if e < 0:
            raise FormulaError(f"division by zero in '{snippet}'")
        return Fraction(1) if e == 0 else b
    if b in (1, -1) and isinstance(e, Fraction) and e.denominator == 1:
        return b ** int(e)
    try:  # the budget decides before any work whether the exact power is affordable
        return budget.power(b, e)
    except budget.BudgetError:
        raise FormulaError(f"power '{snippet}' is {budget.TOO_LARGE} (beyond 10^±{MAX_LOG10})") from None
    except ValueError:
        raise FormulaError(f"negative number to a fractional power in '{snippet}'") from None


def _logn(x: Number) -> float:
    if x <= 0:
        raise FormulaError("log of a number <= 0")
    if isinstance(x, Fraction):
        return math.log(x.numerator) - math.log(x.denominator)
    return math.log(x)


def _round(args: list[Number]) -> Number:
    x = args[0]
    if len(args) == 1:
        return Fraction(round(x))
    digits = float(args[1])
    if not digits.is_integer() or abs(digits) > 100:
        raise FormulaError("round() digits must be a whole number between -100 and 100")
    places = int(digits)
    if isinstance(x, Fraction):  # typed apart: round() of a Fraction | float union is untyped
        return round(x, places)
    return round(x, places)


def _sqrt(x: Number) -> Number:
    if x < 0:
        raise FormulaError("sqrt of a negative number")
    if isinstance(x, Fraction):
        rn, rd = math.isqrt(x.numerator), math.isqrt(x.denominator)
        if rn * rn == x.numerator and rd * rd == x.denominator:
            return Fraction(rn, rd)
    return math.sqrt(x)


def _log2(x: Number) -> Number:
    if isinstance(x, Fraction) and x > 0:
        n, d = x.numerator, x.denominator
        if d == 1 and n & (n - 1) == 0:
            return Fraction(n.bit_length() - 1)
        if n == 1 and d & (d - 1) == 0:
            return Fraction(1 - d.bit_length())
    return _logn(x) / math.log(2)


def _call(fname: str, args: list[Number]) -> Number:
    x = args[0]
    if fname == "min":
        return min(args)
    if fname == "max":
        return max(args)
    if fname == "abs":
        return abs(x) if isinstance(x, Fraction) else math.fabs(x)
    if fname in ("ceil", "floor"):
        return Fraction(math.ceil(x) if fname == "ceil" else math.floor(x))
    if fname == "round":
        return _round(args)
    if fname == "sqrt":
        return _sqrt(x)
    if fname == "log2":
        return _log2(x)
    if len(args) == 2:  # log(x, base)
        denom = _logn(args[1])
        if denom == 0:
            raise FormulaError("log with base 1")
        return _logn(x) / denom
    return _logn(x)


def evaluate_node(node: Node, env: Mapping[str, Number]) -> Number:
    """The value of a tree with the variables in `env`; FormulaError on any bound or domain error."""
    if isinstance(node, Num):
        return node.value
    if isinstance(node, Name):
        return env[node.name]
    if isinstance(node, Neg):
        return -evaluate_node(node.operand, env)
    if isinstance(node, Sum):
        total: Number = Fraction(0)
        for sign, term in node.terms:
            v = evaluate_node(term, env)
            total = _check(total + v if sign > 0 else total - v)
        return total
    if isinstance(node, Prod):
        acc: Number = Fraction(1)
        for op, factor in node.factors:
            v = evaluate_node(factor, env)
            if op == "/" and v == 0:
                raise FormulaError("division by zero")
            acc = _check(acc * v if op == "*" else acc / v)
        return acc
    if isinstance(node, Pow):
        return _check(_pow(evaluate_node(node.base, env), evaluate_node(node.exponent, env), node.snippet))
    return _check(_call(node.function, [evaluate_node(a, env) for a in node.args]))
