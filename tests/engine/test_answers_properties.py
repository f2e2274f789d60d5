"""Property tests: right answers are accepted in every unit and spelling; wrong ones never are."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.answers import CheckResult, Verdict, check_formula, check_numeric

# Reference factors to a base unit, written from the conventions (not taken from engine.units).
SIZE = {
    "B": 1,
    "bytes": 1,
    "kB": 1e3,
    "KB": 1e3,
    "MB": 1e6,
    "GB": 1e9,
    "TB": 1e12,
    "KiB": 2**10,
    "MiB": 2**20,
    "GiB": 2**30,
    "TiB": 2**40,
    "bit": 1 / 8,
    "Gb": 1e9 / 8,
    "Mbit": 1e6 / 8,
}
TIME = {"s": 1, "ms": 1e-3, "us": 1e-6, "µs": 1e-6, "ns": 1e-9, "min": 60}
BANDWIDTH = {"GB/s": 1e9, "TB/s": 1e12, "MB/s": 1e6, "Gb/s": 1e9 / 8, "GiB/s": 2**30}
GROUPS = [SIZE, TIME, BANDWIDTH]
SETTINGS = settings(max_examples=150, deadline=None)


def spellings(value: float, unit: str) -> list[str]:
    out = [
        f"{value:.6g} {unit}",
        f"{value:.6g}{unit}",
        f"~{value:.7e} {unit}",
        f"≈ {value!r} {unit}",
        f"about {value:.6g} {unit}",
    ]
    if value >= 1e4:
        out.append(f"{value:,.2f} {unit}")  # thousands separators
    return out


@st.composite
def same_quantity(draw: st.DrawFn) -> tuple[float, str, float, str]:
    """(expected, question unit, the same amount in another unit, that unit)."""
    group = draw(st.sampled_from(GROUPS))
    q_unit, a_unit = draw(st.sampled_from(sorted(group))), draw(st.sampled_from(sorted(group)))
    base = draw(st.floats(min_value=1e-3, max_value=1e6)) * group[q_unit]
    return base / group[q_unit], q_unit, base / group[a_unit], a_unit


@SETTINGS
@given(same_quantity(), st.integers(min_value=0, max_value=5))
def test_expected_value_accepted_in_every_unit_and_spelling(
    case: tuple[float, str, float, str], which: int
) -> None:
    expected, q_unit, value, a_unit = case
    text = spellings(value, a_unit)[which % len(spellings(value, a_unit))]
    result = check_numeric(text, expected, q_unit)
    assert result.verdict is Verdict.CORRECT, (text, q_unit, result.message)
    assert result.given_value is not None
    assert abs(result.given_value - expected) <= 1e-5 * expected


@SETTINGS
@given(same_quantity())
def test_bare_number_is_read_in_the_question_unit(case: tuple[float, str, float, str]) -> None:
    expected, q_unit, _, _ = case
    assert check_numeric(f"{expected:.8g}", expected, q_unit).verdict is Verdict.CORRECT


@SETTINGS
@given(st.floats(min_value=0.5, max_value=100), st.sampled_from(["%", "percent"]))
def test_percent_spellings(pct: float, unit: str) -> None:
    for text in (f"{pct:.6g}%", f"{pct:.6g} percent", f"{pct / 100:.8g}"):
        assert check_numeric(text, pct, unit).verdict is Verdict.CORRECT, text


@SETTINGS
@given(same_quantity(), st.sampled_from([10.0, 0.1, 100.0, 1e-3]))
def test_off_by_powers_of_ten_is_wrong(case: tuple[float, str, float, str], factor: float) -> None:
    expected, q_unit, value, a_unit = case
    result = check_numeric(f"{value * factor:.6g} {a_unit}", expected, q_unit)
    assert result.verdict is Verdict.WRONG, result.message
    assert result.message.startswith("Not quite")


@SETTINGS
@given(st.integers(0, 2), st.integers(1, 2), st.floats(1e-3, 1e6), st.data())
def test_wrong_dimension_is_wrong_unit(i: int, shift: int, value: float, data: st.DataObject) -> None:
    q_group, a_group = GROUPS[i], GROUPS[(i + shift) % 3]
    q_unit = data.draw(st.sampled_from(sorted(q_group)))
    a_unit = data.draw(st.sampled_from(sorted(a_group)))
    result = check_numeric(f"{value:.6g} {a_unit}", value, q_unit)
    assert result.verdict is Verdict.WRONG_UNIT
    assert result.given_value is None


@SETTINGS
@given(st.text(alphabet=st.characters(blacklist_categories=("Nd",)), max_size=60))
def test_text_without_digits_is_never_correct(text: str) -> None:
    result = check_numeric(text, 1.0737, "GB")
    assert result.verdict in (Verdict.UNREADABLE, Verdict.WRONG_UNIT)


def _assert_well_formed(result: CheckResult) -> None:
    assert isinstance(result, CheckResult)
    assert isinstance(result.verdict, Verdict) and result.message
    assert len(result.given) <= 200
    if result.verdict is Verdict.UNREADABLE:
        assert result.message.startswith("could not read that")


@SETTINGS
@given(st.text(max_size=600))
def test_no_text_raises(text: str) -> None:
    _assert_well_formed(check_numeric(text, 1.0737, "GB"))
    _assert_well_formed(check_numeric(text, 16, "%"))
    _assert_well_formed(check_formula(text, "(p-1)/(m+p-1)", {"p": "", "m": ""}))


JUNK = [
    "1",
    "9",
    "0",
    ".",
    "e",
    "E",
    "+",
    "-",
    "*",
    "**",
    "/",
    "^",
    "(",
    ")",
    ",",
    " ",
    "~",
    "≈",
    "GB",
    "GiB",
    "ms",
    "%",
    "x",
    "×",
    "−",
    "B",
    "b",
    "/s",
    "p",
    "m",
    "__import__",
    "'",
    "[",
    "]",
    "lambda",
    ":",
    "9**9",
    "sqrt(",
    "log(",
    "max(",
    "1e308",
    "1e-400",
    "_",
    "\x00",
    "µ",
]


@SETTINGS
@given(st.lists(st.sampled_from(JUNK), max_size=40))
def test_structured_junk_never_raises(parts: list[str]) -> None:
    text = "".join(parts)  # how fast: benchmarks/bench_hostile.py
    _assert_well_formed(check_numeric(text, 1.0737, "GB"))
    _assert_well_formed(check_formula(text, "(p-1)/(m+p-1)", {"p": "", "m": ""}))


# --------------------------------------------------------------- formulas

NAMES = ["p", "m", "N"]


@st.composite
def expressions(draw: st.DrawFn, depth: int = 3) -> tuple[str, str]:
    """(text, an equivalent text with every + and * commuted and / written as * ( )^-1)."""
    if depth == 0 or draw(st.booleans()):
        leaf = draw(st.sampled_from(NAMES) | st.integers(1, 9).map(str))
        return leaf, leaf
    op = draw(st.sampled_from("+-*/"))
    (a, ra), (b, rb) = draw(expressions(depth - 1)), draw(expressions(depth - 1))
    rewritten = {
        "+": f"({rb}) + ({ra})",
        "*": f"({rb}) * ({ra})",
        "-": f"-({rb}) + ({ra})",
        "/": f"({ra}) * ({rb})^-1",
    }[op]
    return f"({a}) {op} ({b})", rewritten


VARIABLES = {n: "" for n in NAMES}


@settings(max_examples=60, deadline=None)
@given(expressions())
def test_rewritten_formulas_are_equivalent(pair: tuple[str, str]) -> None:
    text, rewritten = pair
    result = check_formula(rewritten, text, VARIABLES)
    assert result.verdict in (Verdict.CORRECT, Verdict.WRONG)
    if result.verdict is Verdict.WRONG:  # only when undefined at (almost) every sample point
        assert "/" in text


@settings(max_examples=60, deadline=None)
@given(expressions())
def test_shifted_formulas_are_not_equivalent(pair: tuple[str, str]) -> None:
    text, _ = pair
    assert check_formula(f"({text}) + 1", text, VARIABLES).verdict is not Verdict.CORRECT
