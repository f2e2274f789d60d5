"""Formula trees as frozen dataclasses, the whitelisted functions, the limits, and tree walks."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from engine import budget

MAX_LEN = 2000
MAX_DEPTH = 50
MAX_NODES = 1000
MAX_LOG10 = budget.MAX_LOG10  # results beyond 10^±400 are refused before being computed
MAX_BITS = budget.MAX_BITS  # ~10^450: exact intermediates larger than this are refused

FUNCTIONS: dict[str, tuple[int, int]] = {
    "ceil": (1, 1),
    "floor": (1, 1),
    "sqrt": (1, 1),
    "log2": (1, 1),
    "log": (1, 2),
    "round": (1, 2),
    "abs": (1, 1),
    "min": (1, 20),
    "max": (1, 20),
}
"""The functions a formula may call, with their (fewest, most) arguments: the one list of them."""
ROUNDING = frozenset({"ceil", "floor", "round"})

Number = Fraction | float


class FormulaError(ValueError):
    """A formula was refused or could not be evaluated; the message names the offending part."""

    def __init__(self, message: str, text: str = "", offset: int | None = None) -> None:
        super().__init__(message)
        self.text = text
        self.offset = offset


@dataclass(frozen=True)
class Num:
    value: Fraction


@dataclass(frozen=True)
class Name:
    name: str


@dataclass(frozen=True)
class Neg:
    operand: Node


@dataclass(frozen=True)
class Sum:
    terms: tuple[tuple[Literal[1, -1], Node], ...]


@dataclass(frozen=True)
class Prod:
    factors: tuple[tuple[Literal["*", "/"], Node], ...]


@dataclass(frozen=True)
class Pow:
    base: Node
    exponent: Node
    snippet: str
    """The source text of the power, for messages."""


@dataclass(frozen=True)
class Call:
    function: str
    args: tuple[Node, ...]


Node = Num | Name | Neg | Sum | Prod | Pow | Call


def children(node: Node) -> tuple[Node, ...]:
    if isinstance(node, Sum):
        return tuple(child for _, child in node.terms)
    if isinstance(node, Prod):
        return tuple(child for _, child in node.factors)
    if isinstance(node, Neg):
        return (node.operand,)
    if isinstance(node, Pow):
        return (node.base, node.exponent)
    if isinstance(node, Call):
        return node.args
    return ()


def walk(node: Node) -> list[Node]:
    """All nodes of a tree (iteratively: trees are at most MAX_DEPTH deep anyway)."""
    out, todo = [], [node]
    while todo:
        n = todo.pop()
        out.append(n)
        todo.extend(children(n))
    return out


def has_variable(node: Node) -> bool:
    return any(isinstance(n, Name) for n in walk(node))


def degree(node: Node) -> int | None:
    """Total degree of a rational function (numerator plus denominator), None if not one."""
    if isinstance(node, Num):
        return 0
    if isinstance(node, Name):
        return 1
    if isinstance(node, Neg):
        return degree(node.operand)
    if isinstance(node, Sum | Prod):
        found = [degree(child) for child in children(node)]
        known = [d for d in found if d is not None]
        if len(known) < len(found):
            return None
        return max(known) if isinstance(node, Sum) else sum(known)
    if isinstance(node, Pow) and isinstance(node.exponent, Num) and node.exponent.value.denominator == 1:
        base = degree(node.base)
        return None if base is None else base * abs(int(node.exponent.value))
    return None
