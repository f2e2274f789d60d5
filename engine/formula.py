"""Safe, bounded formula parsing (whitelisted AST), exact evaluation and symbolic equivalence."""

from __future__ import annotations

import ast
import math
import random
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from engine import budget

if TYPE_CHECKING:  # pragma: no cover
    import sympy

MAX_LEN = 2000
MAX_DEPTH = 50
MAX_NODES = 1000
MAX_LOG10 = 400  # results beyond 10^±400 are refused before being computed
_MAX_BITS = 1500  # ~10^450: exact intermediates larger than this are refused
_ARITY: dict[str, tuple[int, int]] = {"ceil": (1, 1), "floor": (1, 1), "sqrt": (1, 1), "log2": (1, 1)}
_ARITY |= {"log": (1, 2), "round": (1, 2), "abs": (1, 1), "min": (1, 20), "max": (1, 20)}
_TRANSLATE = str.maketrans("×·⋅÷−–\t\n\r\u00a0", "***/--    ")
_NODE_WORDS = {  # ast class name -> words for the refusal message (default: lower-cased name)
    "Attribute": "attribute access", "Compare": "comparison", "BoolOp": "boolean operator",
    "IfExp": "conditional expression", "NamedExpr": "assignment expression", "JoinedStr": "f-string",
    "ListComp": "comprehension", "SetComp": "comprehension", "DictComp": "comprehension",
    "GeneratorExp": "generator expression", "YieldFrom": "yield",
}  # fmt: skip
_BINOP_SYMBOLS = {"FloorDiv": "//", "Mod": "%", "MatMult": "@", "BitAnd": "&", "BitOr": "|"}
_BINOP_SYMBOLS |= {"BitXor": "^", "LShift": "<<", "RShift": ">>"}
_SYMPY_NAMES = {"ceil": "ceiling", "abs": "Abs", "min": "Min", "max": "Max"}
_ROUNDING = frozenset({"ceil", "floor", "round"})

Number = Fraction | float
# ("num", v) ("name", n) ("sum", ((sign, node), ...)) ("prod", ((op, node), ...))
# ("pow", base, exp, snippet) ("neg", node) ("call", fname, (args, ...))
Node = tuple[Any, ...]


class FormulaError(ValueError):
    """A formula was refused or could not be evaluated; the message names the offending part."""

    def __init__(self, message: str, text: str = "", offset: int | None = None) -> None:
        super().__init__(message)
        self.text = text
        self.offset = offset


@dataclass(frozen=True)
class Formula:
    """A parsed, whitelisted formula; evaluate it or turn it into a sympy expression."""

    text: str
    names: frozenset[str]
    _tree: Node = field(repr=False, compare=False, default=("num", Fraction(0)))

    def evaluate(self, values: Mapping[str, int | float | Fraction] = {}) -> float:
        result = self.evaluate_exact(values)
        try:
            out = float(result)
        except OverflowError:
            raise FormulaError("overflow: the result is too large", self.text) from None
        if not math.isfinite(out):
            raise FormulaError("overflow: the result is not finite", self.text)
        return out

    def evaluate_exact(self, values: Mapping[str, int | float | Fraction] = {}) -> Number:
        budget.check_time()  # a whole deck's checks have a time budget at load (no-op otherwise)
        env: dict[str, Number] = {}
        for name in self.names:
            if name not in values:
                raise FormulaError(f"no value given for '{name}'", self.text)
            v = values[name]
            env[name] = v if isinstance(v, float) else Fraction(v)
        try:
            return _eval(self._tree, env)
        except FormulaError as exc:
            exc.text = self.text
            raise
        except (OverflowError, ValueError, ZeroDivisionError, ArithmeticError) as exc:
            raise FormulaError(f"math error: {exc}", self.text) from None

    def sympy(self) -> sympy.Expr:
        import sympy

        symbols = {n: sympy.Symbol(n, positive=True) for n in self.names}
        return _to_sympy(self._tree, symbols)


# ---------------------------------------------------------------- parsing


def parse_formula(text: str) -> Formula:
    """Parse `text` into a Formula, refusing anything outside the arithmetic whitelist."""
    if not isinstance(text, str):
        raise FormulaError("a formula must be a string")
    if len(text) > MAX_LEN:
        raise FormulaError(f"formula is too long ({len(text)} > {MAX_LEN} characters)", text[:80])
    return _parse_cached(text)


@lru_cache(maxsize=2048)
def _parse_cached(text: str) -> Formula:
    norm, back = _normalise(text)
    if not norm.strip():
        raise FormulaError("empty formula", text, 0)
    depth = 0
    for i, ch in enumerate(norm):
        depth += (ch in "([{") - (ch in ")]}")
        if depth > MAX_DEPTH:
            raise FormulaError(f"formula is nested too deeply (> {MAX_DEPTH})", text, back[i])
    try:
        tree = ast.parse(norm.strip(), mode="eval")
    except SyntaxError as exc:
        off = None if exc.offset is None else back[min(max(exc.offset - 1, 0), len(back) - 1)]
        where = "" if off is None else f" at position {off + 1}"
        raise FormulaError(f"not a valid formula{where}", text, off) from None
    except (ValueError, RecursionError, MemoryError):
        raise FormulaError("not a valid formula", text) from None
    lead = len(norm) - len(norm.lstrip())
    for sub in ast.walk(tree):  # name a forbidden call before anything around it
        func = getattr(sub, "func", None)
        if isinstance(sub, ast.Call) and isinstance(func, ast.Name) and func.id not in _ARITY:
            off = back[_char_col(norm.strip(), sub.col_offset) + lead]
            raise FormulaError(f"call to '{func.id}' is not allowed", text, off)
    builder = _Builder(text, norm.strip(), [back[i + lead] for i in range(len(norm) - lead)])
    node = builder.build(tree.body, 1)
    return Formula(text, frozenset(builder.names), node)


def _normalise(text: str) -> tuple[str, list[int]]:
    """Unicode operators -> ASCII and `^` -> `**`; also return a map back to original offsets."""
    out: list[str] = []
    back: list[int] = []
    for i, ch in enumerate(text.translate(_TRANSLATE)):
        if ch == "^":
            out.append("**")
            back.extend((i, i))
        else:
            out.append(ch)
            back.append(i)
    back.append(len(text))
    return "".join(out), back


_LITERAL = re.compile(r"^[0-9_]*\.?[0-9_]*(?:[eE]([+-]?[0-9_]+))?$")


class _Builder:
    def __init__(self, text: str, src: str, back: list[int]) -> None:
        self.text, self.src, self.back = text, src, back
        self.names: set[str] = set()
        self.count = 0

    def fail(self, what: str, node: ast.AST) -> FormulaError:
        """`what` may hold `{}` for the source snippet; otherwise the snippet is appended."""
        start = _char_col(self.src, getattr(node, "col_offset", 0))
        end = _char_col(self.src, getattr(node, "end_col_offset", None) or len(self.src))
        snippet = self.src[start:end]
        snippet = snippet if len(snippet) <= 40 else snippet[:37] + "..."
        off = self.back[min(start, len(self.back) - 1)] if self.back else None
        if what.endswith("{}"):  # message already complete: no snippet
            msg = what[:-2]
        elif "{}" in what:
            msg = what.replace("{}", f"'{snippet}'")
        else:
            msg = f"{what} '{snippet}' is not allowed"
        return FormulaError(msg, self.text, off)

    def build(self, node: ast.expr, depth: int) -> Node:
        self.count += 1
        if depth > MAX_DEPTH or self.count > MAX_NODES:
            raise FormulaError(f"formula is too complex (depth > {MAX_DEPTH} or too many parts)", self.text)
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add | ast.Sub):
            terms: list[tuple[int, Node]] = []
            while isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add | ast.Sub):
                terms.append((1 if isinstance(node.op, ast.Add) else -1, self.build(node.right, depth + 1)))
                node = node.left
            terms.append((1, self.build(node, depth + 1)))
            return ("sum", tuple(reversed(terms)))
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult | ast.Div):
            factors: list[tuple[str, Node]] = []
            while isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult | ast.Div):
                factors.append(
                    ("*" if isinstance(node.op, ast.Mult) else "/", self.build(node.right, depth + 1))
                )
                node = node.left
            factors.append(("*", self.build(node, depth + 1)))
            return ("prod", tuple(reversed(factors)))
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Pow):
            snippet = self.src[
                _char_col(self.src, node.col_offset) : _char_col(
                    self.src, node.end_col_offset or len(self.src)
                )
            ]
            return ("pow", self.build(node.left, depth + 1), self.build(node.right, depth + 1), snippet[:40])
        if isinstance(node, ast.BinOp):
            sym = _BINOP_SYMBOLS.get(type(node.op).__name__, "?")
            raise self.fail(f"operator '{sym}' in {{}} is not allowed", node)
        if isinstance(node, ast.UnaryOp):
            negate = False
            while isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub | ast.UAdd):
                negate ^= isinstance(node.op, ast.USub)
                node = node.operand
            if isinstance(node, ast.UnaryOp):
                raise self.fail("operator in {} is not allowed", node)
            inner = self.build(node, depth + 1)
            return ("neg", inner) if negate else inner
        if isinstance(node, ast.Constant):
            return ("num", self.literal(node))
        if isinstance(node, ast.Name):
            if node.id.startswith("_"):
                raise self.fail("name", node)
            if node.id in _ARITY:
                msg = f"function '{node.id}' must be called, as in {node.id}(...)"
                raise self.fail(msg + "{}", node)
            self.names.add(node.id)
            return ("name", node.id)
        if isinstance(node, ast.Call):
            return self.call(node, depth)
        what = _NODE_WORDS.get(type(node).__name__, type(node).__name__.lower())
        raise self.fail(what, node)

    def call(self, node: ast.Call, depth: int) -> Node:
        if not isinstance(node.func, ast.Name):
            raise self.fail("call to an expression {} is not allowed", node)
        fname = node.func.id
        if fname not in _ARITY:
            raise self.fail(f"call to '{fname}' is not allowed", node)
        if node.keywords:
            raise self.fail("keyword arguments in {} are not allowed", node)
        lo, hi = _ARITY[fname]
        if not lo <= len(node.args) <= hi:
            msg = f"{fname}() takes {lo} to {hi} arguments, not {len(node.args)}"
            raise self.fail(msg + "{}", node)
        return ("call", fname, tuple(self.build(a, depth + 1) for a in node.args))

    def literal(self, node: ast.Constant) -> Fraction:
        value = node.value
        if isinstance(value, bool) or value is None or value is Ellipsis:
            raise self.fail(f"literal {value!r} is not allowed{{}}", node)
        if isinstance(value, str | bytes):
            raise self.fail("string literal", node)
        if isinstance(value, complex):
            raise self.fail("complex number", node)
        if isinstance(value, int):
            if value.bit_length() > _MAX_BITS:
                raise self.fail("number {} is out of range", node)
            return Fraction(value)
        raw = self.src[
            _char_col(self.src, node.col_offset) : _char_col(self.src, node.end_col_offset or len(self.src))
        ].replace("_", "")
        m = _LITERAL.match(raw)
        if m is None or (m.group(1) and abs(int(m.group(1))) > MAX_LOG10):
            raise self.fail("number {} is out of range", node)
        return Fraction(raw)


def _char_col(src: str, byte_col: int) -> int:
    """ast column offsets are UTF-8 byte offsets; turn one into a character index."""
    return len(src.encode("utf-8")[:byte_col].decode("utf-8", errors="ignore"))


# ---------------------------------------------------------------- evaluation


def _check(v: Number) -> Number:
    if isinstance(v, Fraction):
        if v.numerator.bit_length() > _MAX_BITS or v.denominator.bit_length() > _MAX_BITS:
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


def _call(fname: str, args: list[Number]) -> Number:
    x = args[0]
    if fname in ("min", "max"):
        return min(args) if fname == "min" else max(args)
    if fname == "abs":
        return abs(x)
    if fname in ("ceil", "floor"):
        return Fraction(math.ceil(x) if fname == "ceil" else math.floor(x))
    if fname == "round":
        if len(args) == 1:
            return Fraction(round(x))
        nd = args[1]
        if nd != int(nd) or abs(nd) > 100:
            raise FormulaError("round() digits must be a whole number between -100 and 100")
        return round(x, int(nd))
    if fname == "sqrt":
        if x < 0:
            raise FormulaError("sqrt of a negative number")
        if isinstance(x, Fraction):
            rn, rd = math.isqrt(x.numerator), math.isqrt(x.denominator)
            if rn * rn == x.numerator and rd * rd == x.denominator:
                return Fraction(rn, rd)
        return math.sqrt(x)
    if fname == "log2":
        if isinstance(x, Fraction) and x > 0:
            n, d = x.numerator, x.denominator
            if d == 1 and n & (n - 1) == 0:
                return Fraction(n.bit_length() - 1)
            if n == 1 and d & (d - 1) == 0:
                return Fraction(1 - d.bit_length())
        return _logn(x) / math.log(2)
    if len(args) == 2:  # log(x, base)
        denom = _logn(args[1])
        if denom == 0:
            raise FormulaError("log with base 1")
        return _logn(x) / denom
    return _logn(x)


def _eval(node: Node, env: Mapping[str, Number]) -> Number:
    kind = node[0]
    if kind == "num":
        return node[1]
    if kind == "name":
        return env[node[1]]
    if kind == "neg":
        return -_eval(node[1], env)
    if kind == "sum":
        total: Number = Fraction(0)
        for sign, term in node[1]:
            v = _eval(term, env)
            total = _check(total + v if sign > 0 else total - v)
        return total
    if kind == "prod":
        acc: Number = Fraction(1)
        for op, factor in node[1]:
            v = _eval(factor, env)
            if op == "/" and v == 0:
                raise FormulaError("division by zero")
            acc = _check(acc * v if op == "*" else acc / v)
        return acc
    if kind == "pow":
        return _check(_pow(_eval(node[1], env), _eval(node[2], env), node[3]))
    return _check(_call(node[1], [_eval(a, env) for a in node[2]]))


# ---------------------------------------------------------------- sympy and equivalence


def _to_sympy(node: Node, sym: Mapping[str, Any]) -> Any:
    import sympy

    kind = node[0]
    if kind == "num":
        return sympy.Rational(node[1].numerator, node[1].denominator)
    if kind == "name":
        return sym[node[1]]
    if kind == "neg":
        return -_to_sympy(node[1], sym)
    if kind == "sum":
        return sympy.Add(*[s * _to_sympy(t, sym) for s, t in node[1]])
    if kind == "prod":
        return sympy.Mul(*[_to_sympy(f, sym) ** (1 if op == "*" else -1) for op, f in node[1]])
    if kind == "pow":
        if not _free(node):  # evaluated within budget: sympy would build the exact power whatever it costs
            v = _eval(node, {})
            return sympy.Rational(v.numerator, v.denominator) if isinstance(v, Fraction) else sympy.Float(v)
        return sympy.Pow(_to_sympy(node[1], sym), _to_sympy(node[2], sym))
    args = [_to_sympy(a, sym) for a in node[2]]
    fname = node[1]
    if fname == "round":  # round half up (Python's round is half-to-even; differs only at .5)
        scale = sympy.Integer(10) ** args[1] if len(args) == 2 else sympy.Integer(1)
        return sympy.floor(args[0] * scale + sympy.Rational(1, 2)) / scale
    if fname == "log2":
        return sympy.log(args[0], 2)
    return getattr(sympy, _SYMPY_NAMES.get(fname, fname))(*args)


def _nodes(node: Node) -> list[Node]:
    """All nodes of a tree (iteratively: trees are at most MAX_DEPTH deep anyway)."""
    out, todo = [], [node]
    while todo:
        n = todo.pop()
        out.append(n)
        kind = n[0]
        if kind in ("sum", "prod"):
            todo.extend(child for _, child in n[1])
        elif kind == "neg":
            todo.append(n[1])
        elif kind == "pow":
            todo.extend(n[1:3])
        elif kind == "call":
            todo.extend(n[2])
    return out


def _free(node: Node) -> bool:
    """True if the subtree mentions a variable."""
    return any(n[0] == "name" for n in _nodes(node))


def _degree(node: Node) -> int | None:
    """Total degree of a rational function (numerator plus denominator), None if not one."""
    kind = node[0]
    if kind in ("num", "name"):
        return 0 if kind == "num" else 1
    if kind == "neg":
        return _degree(node[1])
    if kind in ("sum", "prod"):
        degrees = [_degree(child) for _, child in node[1]]
        if None in degrees:
            return None
        return max(degrees) if kind == "sum" else sum(degrees)  # type: ignore[arg-type]
    if kind == "pow" and node[2][0] == "num" and node[2][1].denominator == 1:
        base = _degree(node[1])
        return None if base is None else base * abs(int(node[2][1]))
    return None


def _cheap_for_sympy(a: Formula, b: Formula, max_terms: int = 500) -> bool:
    """Only rational functions of low degree with a small expansion (dense term count) go to sympy."""
    da, db = _degree(a._tree), _degree(b._tree)
    if da is None or db is None:
        return False
    n = len(a.names | b.names)
    return da + db <= 12 and math.comb(da + db + n, n) <= max_terms


def _sample(rng: random.Random, names: list[str], integers: bool) -> dict[str, Fraction]:
    """Positive sample values: mostly integers, some fractions (only integers if `integers`)."""
    return {
        n: Fraction(rng.randint(2, 200))
        if integers or rng.random() < 0.6
        else Fraction(rng.randint(1, 5000), rng.randint(1, 97))
        for n in names
    }


def _close(x: Number, y: Number) -> bool:
    if isinstance(x, Fraction) and isinstance(y, Fraction):
        return x == y
    return math.isclose(float(x), float(y), rel_tol=1e-9, abs_tol=1e-12)


def equivalent(a: Formula, b: Formula, *, points: int = 12) -> bool:
    """True if a and b are the same function of their (positive) variables.

    First the two are evaluated exactly at `points` random positive points (integers only if
    ceil/floor/round appear, since those identities usually hold for whole numbers only); any
    disagreement is final. Rational functions whose expansion is small are then confirmed with
    sympy.cancel; anything else (sqrt, log, min, high degree) rests on the exact numeric
    agreement (Schwartz-Zippel: a wrong identity survives 12 random points with negligible
    probability), which keeps every call bounded in time.
    """
    names = sorted(a.names | b.names)
    rng = random.Random(0x5EED)
    integers = any(n[0] == "call" and n[1] in _ROUNDING for f in (a, b) for n in _nodes(f._tree))
    agreed = 0
    for _ in range(points * 3):
        if agreed >= points:
            break
        env = _sample(rng, names, integers)
        try:
            va, vb = a.evaluate_exact(env), b.evaluate_exact(env)
        except FormulaError:
            continue  # undefined at this point (e.g. a pole): no information
        if not _close(va, vb):
            return False
        agreed += 1
    if agreed < max(1, points // 2):
        return False
    if _cheap_for_sympy(a, b):
        import sympy

        try:
            return bool(sympy.cancel(sympy.together(a.sympy() - b.sympy())) == 0)
        except Exception:  # sympy internals failed: the exact numeric agreement stands
            return True
    return True
