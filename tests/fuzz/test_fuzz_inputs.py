"""Fuzzing every entry point a user feeds: only the project's own refusals may come out, and every
refusal of an expensive computation is the budget's ("too large to evaluate"), decided before the work."""

from __future__ import annotations

import math
import random
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cards.csv_import import CsvImportError, read_table
from cards.loader import BUNDLED_DIR, deck_files, load_deck_file
from drills.catalog import load_catalog
from drills.loader import load_file
from engine.answers import Verdict, check_formula, check_numeric
from engine.formula import FormulaError, parse_formula
from engine.problems import Problem

FAST = settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
EXTREMES = ["1e308", "5e-324", "1e305", "1.000000001", "1+1e-300", "1e300", "9e11", "0", "-1", "0.5", "2"]
HUGE_AND_ODD = [
    "1e-9",
    "1" * 400,
    "0." + "0" * 300 + "1",
    "1_000",
    "1,073,741,824",
    "２",
    "9^9^9",
    "1e400000",
]
NUMBERS = st.sampled_from([*EXTREMES, *HUGE_AND_ODD])
OPS = st.sampled_from(["^", "**", "*", "/", "+", "-", "^-"])


@st.composite
def answers(draw: st.DrawFn) -> str:
    """Number extremes, towers, powers near 1, nesting, unicode."""
    parts = [draw(NUMBERS)]
    for _ in range(draw(st.integers(0, 4))):
        parts += [draw(OPS), draw(NUMBERS)]
    text = "".join(parts)
    depth = draw(st.integers(0, 60))
    text = "(" * depth + text + ")" * depth
    return text + draw(st.sampled_from(["", " GB", " GiB", " ms", "%", " x", "×", " 😀", "\x00"]))


@FAST
@given(text=answers(), expected=st.sampled_from([1e-9, 1.0, 6.1e-5, 1e9, 1e300]))
def test_answers_never_raise(text: str, expected: float) -> None:
    result = check_numeric(text, expected, "GB")
    assert isinstance(result.verdict, Verdict)
    assert "\n" not in result.message


@FAST
@given(text=answers())
def test_formulas_evaluate_or_refuse(text: str) -> None:
    try:
        value = parse_formula(text.split(" ")[0]).evaluate()
    except FormulaError as exc:
        assert str(exc)
    else:
        assert math.isfinite(value)


@FAST
@given(
    digits=st.integers(1, 300),
    k=st.integers(1, 99),
    exponent=st.sampled_from(["1e9", "9e11", "1e12", "1e100", "1e300", "1e299*3"]),
)
def test_powers_near_one_are_budgeted(digits: int, k: int, exponent: str) -> None:
    """The exact power would have about exponent * digits * 3.3 bits: evaluated from logarithms
    within the budget, or refused as too large, never built."""
    text = f"(1+{k}e-{digits})^({exponent})"
    try:
        value = parse_formula(text).evaluate()
    except FormulaError as exc:
        assert "too large to evaluate" in str(exc)
    else:
        assert math.isfinite(value) and value >= 1


@FAST
@given(text=answers())
def test_formula_answers_never_raise(text: str) -> None:
    result = check_formula("a*" + text.split(" ")[0], "a", {"a": ""})
    assert result.verdict in (Verdict.CORRECT, Verdict.WRONG, Verdict.UNREADABLE)


DECKS = [p.read_text(encoding="utf-8") for p in deck_files(BUNDLED_DIR)]
ATTACKS = [
    "cards: &a [*a]\n",
    "a: &a {b: *a}\n",
    "x: &x [1, 2]\n"
    + "".join(
        f"y{i}: &y{i} [*{'x' if i == 0 else f'y{i - 1}'}, *{'x' if i == 0 else f'y{i - 1}'}]\n"
        for i in range(40)
    ),
    "<<: {id: a}\nid: b\nid: c\n",
    "[" * 700 + "]" * 700,
    "- " * 700 + "x\n",
    "a: \x00\n",
    "a: \x7f\n",
    "a: !!int x\n",
    "a: " + "9" * 5000 + "\n",
    "a: !!python/object:os.system x\n",
    'front: "[[[[[[["\n' * 200,
]


@FAST
@given(
    source=st.sampled_from(DECKS + ATTACKS),
    cut=st.integers(0, 4000),
    junk=st.sampled_from(["", "\t", ": :", "&a", "*a", "<<: *a", "[", "{", "\x00", "!!int", "- - -"]),
)
def test_deck_files_load_or_report(tmp_path_factory: object, source: str, cut: int, junk: str) -> None:
    text = source[:cut] + junk + source[cut:] if cut < len(source) else source
    path = Path(str(tmp_path_factory.mktemp("d"))) / "deck.yaml"  # type: ignore[attr-defined]
    path.write_text(text, encoding="utf-8")
    deck, problems = load_deck_file(path)
    assert deck is not None or problems
    assert all(isinstance(p, Problem) and p.line is not None for p in problems), problems


TEMPLATE = (Path(__file__).parents[1] / "data" / "drills" / "amdahl.yaml").read_text(encoding="utf-8")


@st.composite
def templates(draw: st.DrawFn) -> str:
    kind = draw(st.sampled_from(["nan", "inf", "empty", "huge", "many", "format", "factor"]))
    head = TEMPLATE.split("params:")[0]
    params = {
        "nan": "  serial: {range: [.nan, .nan], step: 1}\n  n: {range: [1, 8], step: 1}\n",
        "inf": "  serial: {range: [1, .inf], step: 1}\n  n: {range: [1, 8], step: 1}\n",
        "empty": "  serial: {range: [5, 1], step: 1}\n  n: {range: [1, 8], step: 1}\n",
        "huge": "  serial: {range: [0, 1e300], step: 1e-300}\n  n: {range: [1, 8], step: 1}\n",
        "many": "".join(
            f"  p{i}: {{range: [0, 100000], step: 1}}\n" for i in range(draw(st.integers(30, 1000)))
        )
        + "  serial: {range: [1, 5], step: 1}\n  n: {range: [1, 8], step: 1}\n",
        "format": "  serial: {range: [1, 5], step: 0.5}\n  n: {range: [1, 8], step: 1}\n",
        "factor": "  serial: {range: [1e-300, 1e300], factor: 1.0000001}\n  n: {range: [1, 8], step: 1}\n",
    }[kind]
    rest = "answer:" + TEMPLATE.split("\nanswer:")[1]
    head = head.replace("{serial}%", "{serial:d}%") if kind == "format" else head
    return (
        head
        + "params:\n"
        + params
        + "steps:"
        + TEMPLATE.split("\nsteps:")[1].split("\nanswer:")[0]
        + "\n"
        + rest
    )


@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(text=templates())
def test_templates_compile_or_report(tmp_path_factory: object, text: str) -> None:
    path = Path(str(tmp_path_factory.mktemp("t"))) / "t.drill.yaml"  # type: ignore[attr-defined]
    path.write_text(text, encoding="utf-8")
    compiled, problems = load_file(path, load_catalog(), sweep=True)
    assert (compiled is None) == bool(problems)
    assert all(p.line is not None for p in problems), problems


@FAST
@given(
    rows=st.lists(
        st.tuples(st.text(max_size=30), st.text(max_size=30), st.sampled_from(["", "a b", "x;y"])),
        max_size=20,
    ),
    sep=st.sampled_from([",", "\t", ";"]),
    header=st.sampled_from(["", "front,back,tags\n", "#separator:tab\n#html:true\n", '"open\n']),
)
def test_csv_reads_or_refuses(
    tmp_path_factory: object, rows: list[tuple[str, str, str]], sep: str, header: str
) -> None:
    path = Path(str(tmp_path_factory.mktemp("c"))) / "cards.csv"  # type: ignore[attr-defined]
    rng = random.Random(len(rows))
    body = "".join(sep.join(r) + rng.choice(["\n", "\r\n"]) for r in rows)
    path.write_text(header + body, encoding="utf-8")
    try:
        table = read_table(path)
    except CsvImportError as error:
        assert "\n" not in str(error)
        return
    assert table.rows


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    rows=st.lists(
        st.tuples(st.text(min_size=1, max_size=20), st.text(min_size=1, max_size=20), st.text(max_size=10)),
        min_size=1,
        max_size=5,
    )
)
def test_imported_deck_validates_and_reimport_is_honest(
    tmp_path_factory: object, rows: list[tuple[str, str, str]]
) -> None:
    import csv

    from cards.csv_import import merge
    from cards.yamlwrite import deck_text

    folder = Path(str(tmp_path_factory.mktemp("i")))  # type: ignore[attr-defined]
    with (folder / "a.csv").open("w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows([("front", "back", "tags"), *rows])
    try:
        table = read_table(folder / "a.csv")
    except CsvImportError:
        return
    first = merge(None, table, deck_id="x", title="X")
    (folder / "x.yaml").write_text(deck_text(first.deck, header="h"), encoding="utf-8")
    deck, problems = load_deck_file(folder / "x.yaml")
    assert deck is not None, [str(p) for p in problems]
    again = merge(deck, table, deck_id="x", title="X")
    assert (again.added, again.updated, again.unchanged) == (0, 0, len(first.deck.cards))
