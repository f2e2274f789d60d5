"""Tests for engine.formula: whitelist parsing, exact evaluation, bounds and equivalence."""

from __future__ import annotations

import math
import subprocess
import sys
from fractions import Fraction

import pytest

from engine.formula import Formula, FormulaError, equivalent, parse_formula


def test_names_are_the_free_variables_only() -> None:
    f = parse_formula("ceil(N / K) * max(p, 2) + sqrt(x)")
    assert f.names == frozenset({"N", "K", "p", "x"})
    assert isinstance(f, Formula)


@pytest.mark.parametrize(
    ("text", "values", "want"),
    [
        ("2*32*8*128*2", {}, 131072),
        ("2^10", {}, 1024),
        ("2 ^ 3 ^ 2", {}, 512),  # right-associative, like **
        ("2^3*4", {}, 32),  # ^ binds tighter than *, unlike Python's xor
        ("(p - 1) / (m + p - 1)", {"p": 4, "m": 8}, Fraction(3, 11)),
        ("-(-(-2))", {}, -2),
        ("2 × 3 · 4 − 1 ÷ 2", {}, Fraction(47, 2)),
        ("ceil(7/2) + floor(7/2)", {}, 7),
        ("sqrt(16) + log2(1024) + abs(-3)", {}, 17),
        ("min(3, 1, 2) + max(3, 1, 2)", {}, 4),
        ("round(2.4) + round(1.25, 1)", {}, Fraction(16, 5)),
        ("log2(0.25)", {}, -2),
        ("0.1 + 0.2", {}, Fraction(3, 10)),  # exact decimal text, not binary floats
        ("1_000 * 1e3", {}, 1_000_000),
    ],
)
def test_exact_evaluation(text: str, values: dict[str, int], want: Fraction | int) -> None:
    got = parse_formula(text).evaluate_exact(values)
    assert isinstance(got, Fraction)
    assert got == want


def test_irrational_results_are_floats() -> None:
    f = parse_formula("sqrt(2) * log(e_val)")
    got = f.evaluate_exact({"e_val": math.e})
    assert isinstance(got, float)
    assert got == pytest.approx(math.sqrt(2))
    assert parse_formula("log(8, 2)").evaluate() == pytest.approx(3)


def test_evaluate_returns_float_and_accepts_float_inputs() -> None:
    f = parse_formula("a * b")
    assert f.evaluate({"a": 0.5, "b": Fraction(3)}) == 1.5
    assert isinstance(f.evaluate({"a": 1, "b": 2}), float)


@pytest.mark.parametrize(
    ("text", "values", "fragment"),
    [
        ("x + 1", {}, "no value given for 'x'"),
        ("1 / (x - x)", {"x": 3}, "division by zero"),
        ("sqrt(-1)", {}, "negative"),
        ("log(0)", {}, "log"),
        ("(-8) ^ 0.5", {}, "fractional power"),
        ("10 ^ 401", {}, "too large"),
        ("1e300 * 1e300", {}, "not finite"),  # float() overflow of an exact value
    ],
)
def test_math_errors_are_formula_errors(text: str, values: dict[str, int], fragment: str) -> None:
    with pytest.raises(FormulaError) as info:
        parse_formula(text).evaluate(values)
    assert fragment in str(info.value) or "out of range" in str(info.value)


@pytest.mark.parametrize(
    ("text", "fragment", "offset"),
    [
        ("x.y", "attribute access 'x.y'", 0),
        ("1 + a[0]", "subscript 'a[0]'", 4),
        ("lambda: 1", "lambda", 0),
        ("  open('f')", "call to 'open'", 2),
        ("1 < 2", "comparison", 0),
        ("'s' * 3", "string literal", 0),
        ("x // 2", "operator '//'", 0),
        ("True + 1", "literal True", 0),
        ("min(a=1)", "keyword", 0),
        ("sqrt(1, 2)", "sqrt() takes 1 to 1 arguments", 0),
        ("max + 1", "function 'max' must be called", 0),
        ("2 GB", "not a valid formula", None),
        ("1 +", "not a valid formula: it ends too early", 3),  # not 'at position 1'
        ("  1 2", "not a valid formula at position 5", 4),  # leading blanks counted
        ("", "empty", 0),
    ],
)
def test_refusals_name_the_offending_part(text: str, fragment: str, offset: int | None) -> None:
    with pytest.raises(FormulaError) as info:
        parse_formula(text)
    assert fragment in str(info.value)
    if offset is not None:
        assert info.value.offset == offset
    assert info.value.text == text


def test_offsets_survive_caret_rewriting() -> None:
    with pytest.raises(FormulaError) as info:
        parse_formula("2^2^2 + x.y")
    assert info.value.offset == "2^2^2 + x.y".index("x.y")


def test_length_and_depth_bounds() -> None:
    with pytest.raises(FormulaError, match="too long"):
        parse_formula("1+" * 1000 + "1")
    with pytest.raises(FormulaError, match="nested too deeply"):
        parse_formula("(" * 51 + "1" + ")" * 51)
    assert parse_formula("(" * 50 + "1" + ")" * 50).evaluate() == 1
    # a long flat sum is not "deep"
    assert parse_formula("+".join(["1"] * 300)).evaluate() == 300


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("(p-1)/(m+p-1)", "(p - 1) / (p + m - 1)"),
        ("16*N/K", "N*16/K"),
        ("2*L*h*d*b", "b*d*h*L*2"),
        ("(a+b)^2", "a^2 + 2*a*b + b^2"),
        ("x/2 + x/2", "x"),
        ("1 - (p-1)/(m+p-1)", "m/(m+p-1)"),
        ("sqrt(x^2)", "x"),  # variables are positive quantities
        ("ceil(N/K)*K", "K*ceil(N/K)"),
        ("log2(2^k)", "k"),
        ("ceil(N/K)", "floor((N + K - 1)/K)"),  # holds for whole numbers: sampled as integers
        ("2^10", "1024"),
    ],
)
def test_equivalent_formulas(a: str, b: str) -> None:
    assert equivalent(parse_formula(a), parse_formula(b))
    assert equivalent(parse_formula(b), parse_formula(a))


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("(p-1)/(m+p-1)", "(p-1)/(m+p)"),
        ("16*N/K", "16*K/N"),
        ("(a+b)^2", "a^2 + b^2"),
        ("ceil(N/K)*K", "N"),
        ("x", "x + 1e-6"),
        ("2^10", "1000"),
        ("1/(x-x)", "0"),  # undefined everywhere is not equivalent to anything
    ],
)
def test_non_equivalent_formulas(a: str, b: str) -> None:
    assert not equivalent(parse_formula(a), parse_formula(b))


def test_sympy_expression_is_built_from_the_tree() -> None:
    import sympy

    from engine.formula.symbolic import formula_sympy

    expr = formula_sympy(parse_formula("(p - 1)/(m + p - 1)"))
    p, m = sympy.Symbol("p", positive=True), sympy.Symbol("m", positive=True)
    assert sympy.simplify(expr - (p - 1) / (m + p - 1)) == 0
    assert formula_sympy(parse_formula("0.1")) == sympy.Rational(1, 10)


def test_parsing_is_cached_and_formulas_are_values() -> None:
    assert parse_formula("a+b") == parse_formula("a+b")
    assert hash(parse_formula("a+b")) == hash(parse_formula("a+b"))


def test_importing_engine_modules_does_not_load_sympy_or_pint() -> None:
    code = (
        "import sys, engine, engine.formula, engine.units, engine.answers, engine.reading, "
        "engine.solution; print('sympy' in sys.modules, 'pint' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False"]


def test_a_sympy_failure_is_unconfirmed_never_equivalent(monkeypatch: pytest.MonkeyPatch) -> None:
    import sympy

    from engine.answers import Verdict, check_formula
    from engine.formula import Equivalence, compare

    def broken(*_args: object, **_kwargs: object) -> object:
        raise TypeError("sympy internals failed")

    a, b = parse_formula("(p-1)/(m+p-1)"), parse_formula("(p-1)/(p+m-1)")
    assert compare(a, b) is Equivalence.SAME
    monkeypatch.setattr(sympy, "cancel", broken)
    assert compare(a, b) is Equivalence.UNCONFIRMED
    assert not equivalent(a, b)
    result = check_formula("(p-1)/(p+m-1)", "(p-1)/(m+p-1)", {"p": "stages", "m": "micro-batches"})
    assert result.verdict is Verdict.UNREADABLE and "could not confirm" in result.message


def test_formula_nodes_are_frozen_dataclasses() -> None:
    import dataclasses

    from engine.formula.nodes import Name, Prod, Sum

    tree = parse_formula("a*b + c").tree
    assert isinstance(tree, Sum) and isinstance(tree.terms[0][1], Prod)
    assert tree.terms[1] == (1, Name("c"))
    with pytest.raises(dataclasses.FrozenInstanceError):
        tree.terms = ()  # type: ignore[misc]


@pytest.mark.parametrize(
    ("a", "b"), [("sqrt(x)", "sqrt(x) * 1.0001"), ("log2(x) + sqrt(2)", "log2(x) + 1.4143")]
)
def test_inexact_values_must_agree_to_many_digits(a: str, b: str) -> None:
    """Where evaluation leaves exact fractions (sqrt, log), a 1e-4 relative difference is a difference."""
    assert not equivalent(parse_formula(a), parse_formula(b))
