"""Parsing a formula: Python's ast under a whitelist, turned into frozen nodes, bounded in size."""

from __future__ import annotations

import ast
import re
from fractions import Fraction
from functools import lru_cache
from typing import Literal

from engine.formula.evaluate import Formula
from engine.formula.nodes import (
    FUNCTIONS,
    MAX_BITS,
    MAX_DEPTH,
    MAX_LEN,
    MAX_LOG10,
    MAX_NODES,
    Call,
    FormulaError,
    Name,
    Neg,
    Node,
    Num,
    Pow,
    Prod,
    Sum,
)

_TRANSLATE = str.maketrans("×·⋅÷−–\t\n\r\u00a0", "***/--    ")
_NODE_WORDS = {  # ast class name -> words for the refusal message (default: lower-cased name)
    "Attribute": "attribute access", "Compare": "comparison", "BoolOp": "boolean operator",
    "IfExp": "conditional expression", "NamedExpr": "assignment expression", "JoinedStr": "f-string",
    "ListComp": "comprehension", "SetComp": "comprehension", "DictComp": "comprehension",
    "GeneratorExp": "generator expression", "YieldFrom": "yield",
}  # fmt: skip
_BINOP_SYMBOLS = {"FloorDiv": "//", "Mod": "%", "MatMult": "@", "BitAnd": "&", "BitOr": "|"}
_BINOP_SYMBOLS |= {"BitXor": "^", "LShift": "<<", "RShift": ">>"}
_LITERAL = re.compile(r"^[0-9_]*\.?[0-9_]*(?:[eE]([+-]?[0-9_]+))?$")


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
    lead = len(norm) - len(norm.lstrip())
    try:
        tree = ast.parse(norm.strip(), mode="eval")
    except SyntaxError as exc:
        if not exc.offset:  # Python reports offset 0 when the text ends mid-expression ('1 +')
            raise FormulaError("not a valid formula: it ends too early", text, len(text)) from None
        off = back[min(exc.offset - 1 + lead, len(back) - 1)]
        raise FormulaError(f"not a valid formula at position {off + 1}", text, off) from None
    except (ValueError, RecursionError, MemoryError):
        raise FormulaError("not a valid formula", text) from None
    for sub in ast.walk(tree):  # name a forbidden call before anything around it
        func = getattr(sub, "func", None)
        if isinstance(sub, ast.Call) and isinstance(func, ast.Name) and func.id not in FUNCTIONS:
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


def _char_col(src: str, byte_col: int) -> int:
    """ast column offsets are UTF-8 byte offsets; turn one into a character index."""
    return len(src.encode("utf-8")[:byte_col].decode("utf-8", errors="ignore"))


class _Builder:
    def __init__(self, text: str, src: str, back: list[int]) -> None:
        self.text, self.src, self.back = text, src, back
        self.names: set[str] = set()
        self.count = 0

    def source(self, node: ast.expr) -> str:
        start = _char_col(self.src, node.col_offset)
        return self.src[start : _char_col(self.src, node.end_col_offset or len(self.src))]

    def fail(self, what: str, node: ast.expr) -> FormulaError:
        """`what` may hold `{}` for the source snippet; otherwise the snippet is appended."""
        start = _char_col(self.src, node.col_offset)
        snippet = self.source(node)
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
            terms: list[tuple[Literal[1, -1], Node]] = []
            while isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add | ast.Sub):
                terms.append((1 if isinstance(node.op, ast.Add) else -1, self.build(node.right, depth + 1)))
                node = node.left
            terms.append((1, self.build(node, depth + 1)))
            return Sum(tuple(reversed(terms)))
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult | ast.Div):
            factors: list[tuple[Literal["*", "/"], Node]] = []
            while isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult | ast.Div):
                factors.append(
                    ("*" if isinstance(node.op, ast.Mult) else "/", self.build(node.right, depth + 1))
                )
                node = node.left
            factors.append(("*", self.build(node, depth + 1)))
            return Prod(tuple(reversed(factors)))
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Pow):
            snippet = self.source(node)[:40]
            return Pow(self.build(node.left, depth + 1), self.build(node.right, depth + 1), snippet)
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
            return Neg(inner) if negate else inner
        if isinstance(node, ast.Constant):
            return Num(self.literal(node))
        if isinstance(node, ast.Name):
            if node.id.startswith("_"):
                raise self.fail("name", node)
            if node.id in FUNCTIONS:
                msg = f"function '{node.id}' must be called, as in {node.id}(...)"
                raise self.fail(msg + "{}", node)
            self.names.add(node.id)
            return Name(node.id)
        if isinstance(node, ast.Call):
            return self.call(node, depth)
        what = _NODE_WORDS.get(type(node).__name__, type(node).__name__.lower())
        raise self.fail(what, node)

    def call(self, node: ast.Call, depth: int) -> Node:
        if not isinstance(node.func, ast.Name):
            raise self.fail("call to an expression {} is not allowed", node)
        fname = node.func.id
        if fname not in FUNCTIONS:
            raise self.fail(f"call to '{fname}' is not allowed", node)
        if node.keywords:
            raise self.fail("keyword arguments in {} are not allowed", node)
        lo, hi = FUNCTIONS[fname]
        if not lo <= len(node.args) <= hi:
            msg = f"{fname}() takes {lo} to {hi} arguments, not {len(node.args)}"
            raise self.fail(msg + "{}", node)
        return Call(fname, tuple(self.build(a, depth + 1) for a in node.args))

    def literal(self, node: ast.Constant) -> Fraction:
        value = node.value
        if isinstance(value, bool) or value is None or value is Ellipsis:
            raise self.fail(f"literal {value!r} is not allowed{{}}", node)
        if isinstance(value, str | bytes):
            raise self.fail("string literal", node)
        if isinstance(value, complex):
            raise self.fail("complex number", node)
        if isinstance(value, int):
            if value.bit_length() > MAX_BITS:
                raise self.fail("number {} is out of range (beyond 10^±400)", node)
            return Fraction(value)
        raw = self.source(node).replace("_", "")
        m = _LITERAL.match(raw)
        if m is None or (m.group(1) and abs(int(m.group(1))) > MAX_LOG10):
            raise self.fail("number {} is out of range (beyond 10^±400)", node)
        return Fraction(raw)
