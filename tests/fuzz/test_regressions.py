"""One test per defect found by the hostile-input audit (issue 10)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cards.csv_import import CsvImportError, read_table
from cards.loader import load_collection, load_deck_file
from drills.catalog import load_catalog
from drills.loader import load_file
from engine.answers import Verdict, check_formula, check_numeric
from engine.formula import FormulaError, parse_formula
from engine.yamlpos import YamlError, load_yaml
from tui.cli import main

TEMPLATE = (Path(__file__).parents[1] / "data" / "drills" / "amdahl.yaml").read_text(encoding="utf-8")
DECK = "id: d\ntitle: T\ncards:\n  - id: c1\n    front: 'What is \"[[[[\"?'\n    back: brackets\n"


@pytest.mark.parametrize(("typed", "expected"), [("1e308", 1e-9), ("5e-324", 1e9), ("1e305", 6.1e-5)])
def test_hint_on_extreme_ratio_does_not_raise(typed: str, expected: float) -> None:
    assert check_numeric(typed, expected, "B").verdict is Verdict.WRONG


@pytest.mark.parametrize("text", ["1.000000001^9e11", "(1+1e-9*7)^1e13", "(1+1e-300)**1e400"])
def test_powers_near_one_refused_as_too_large(text: str) -> None:
    with pytest.raises(FormulaError, match="too large to evaluate"):
        parse_formula(text).evaluate()


def test_power_near_one_within_range_is_computed_not_built() -> None:
    assert parse_formula("(1+1e-300)**1e300").evaluate() == pytest.approx(2.718281828459045)


def test_formula_answer_with_huge_constant_power_is_checked() -> None:
    result = check_formula("a*1.000000001^900000000000", "a", {"a": ""})
    assert result.verdict is not Verdict.CORRECT


@pytest.mark.parametrize("text", ["cards: &a [*a]\n", "a: &a {b: [*a]}\n"])
def test_alias_cycle_is_refused_with_position(text: str) -> None:
    with pytest.raises(YamlError) as info:
        load_yaml(text, "f.yaml")
    assert info.value.problem.line == 1 and "cycle" in info.value.problem.message


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("a: " + "9" * 5000 + "\n", "5000 digits"),
        ("a: b\x00\n", "#x0000"),
        ("a: b\x7f\n", "#x007f"),
        ("a: !!int x\n", "!!int"),
        ("[" * 600 + "]" * 600, "nested deeper than 500"),
    ],
)
def test_yaml_problems_carry_a_line(text: str, words: str) -> None:
    with pytest.raises(YamlError) as info:
        load_yaml(text, "f.yaml")
    problem = info.value.problem
    assert problem.line is not None and words in problem.message
    assert "\n" not in str(problem)


def test_brackets_inside_strings_do_not_count_as_nesting(tmp_path: Path) -> None:
    path = tmp_path / "d.yaml"
    path.write_text(DECK.replace("'What", "'" + "[" * 600 + " What"), encoding="utf-8")
    deck, problems = load_deck_file(path)
    assert deck is not None, problems


def test_duplicate_key_under_a_merge_is_reported(tmp_path: Path) -> None:
    path = tmp_path / "d.yaml"
    path.write_text("base: &b {x: 1}\n" + DECK + "extra:\n  <<: *b\n  k: 1\n  k: 2\n", encoding="utf-8")
    _, problems = load_deck_file(path)
    assert any("duplicate key 'k'" in p.message and p.line == 11 for p in problems), problems


def test_deck_file_size_checked_before_reading(tmp_path: Path) -> None:
    path = tmp_path / "big.yaml"
    with path.open("wb") as handle:
        handle.truncate(4 * 10**9)  # sparse: reading it would take 4 GB
    _, problems = load_deck_file(path)
    assert problems[0].line == 1 and "larger than" in problems[0].message


def _template(tmp_path: Path, text: str) -> list[str]:
    path = tmp_path / "t.drill.yaml"
    path.write_text(text, encoding="utf-8")
    _, problems = load_file(path, load_catalog(), sweep=True)
    return [str(p) for p in problems]


def test_nan_range_is_refused(tmp_path: Path) -> None:
    text = TEMPLATE.replace("choice: [0.5, 1, 2, 3, 5, 10, 20]", "range: [.nan, .nan], step: 1")
    assert ".nan" in text
    assert any("finite" in p for p in _template(tmp_path, text))


def test_format_spec_checked_against_its_values(tmp_path: Path) -> None:
    text = TEMPLATE.replace("{serial}%", "{serial:d}%")
    assert any("cannot format serial=0.5" in p for p in _template(tmp_path, text))
    whole = text.replace("choice: [0.5, 1, 2, 3, 5, 10, 20]", "choice: [1, 2, 3, 5, 10, 20]")
    assert not any("cannot format" in p for p in _template(tmp_path, whole))


def test_many_params_refused_quickly(tmp_path: Path) -> None:
    many = "".join(f"  p{i}: {{range: [0, 100000], step: 1}}\n" for i in range(1000))
    text = TEMPLATE.replace("params:\n", "params:\n" + many)
    assert any("too many params" in p for p in _template(tmp_path, text))


def test_template_reusing_a_bundled_id_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "copy.drill.yaml"
    path.write_text(TEMPLATE, encoding="utf-8")
    assert main(["validate", str(path)]) == 1
    assert "template id 'amdahl' is already used" in capsys.readouterr().out


def test_csv_field_over_the_csv_limit_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "big.csv"
    path.write_text("front,back\nq," + "x" * 140_000 + "\n", encoding="utf-8")
    with pytest.raises(CsvImportError, match="131,072"):
        read_table(path)


def test_csv_row_that_cannot_be_a_card_is_skipped(tmp_path: Path) -> None:
    path = tmp_path / "c.csv"
    path.write_text("front,back\nq," + "x" * 30_000 + "\nq2,ok\n", encoding="utf-8")
    table = read_table(path)
    assert [r.front for r in table.rows] == ["q2"] and "longer than" in table.skipped[0][1]


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--day-start", "25"], "--day-start must be a whole number 0-23"),
        (["--reviews-per-day", "99999999999999999999999"], "--reviews-per-day must be"),
        (["--db", "notaurl://x", "decks"], "is not a SQLite path"),
        (["--decks", "/", "decks"], "refusing to read every file"),
        (["--decks", "/no/such/decks", "decks"], "--decks /no/such/decks: no such file or folder"),
        (["--day-start", "25", "validate"], "--day-start must be"),
        (["decks", "--nope"], "unrecognized arguments"),
    ],
)
def test_bad_flags_are_one_line_exit_2(
    argv: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1


def test_db_under_a_file_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "f").write_text("x")
    assert main(["--db", str(tmp_path / "f" / "x.db"), "decks"]) == 2
    assert "is a file" in capsys.readouterr().err


def test_answer_starting_with_minus(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["drill", "check", "amdahl", "--seed", "1", "--answer", "-5e9"]) == 0
    assert "Not quite" in capsys.readouterr().out


def test_settings_problems_are_reported_as_settings(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "s.toml"
    path.write_text("reviews_per_day = 5\nday_start_hour = 25\n", encoding="utf-8")
    assert main(["validate", "--settings", str(path)]) == 1
    out = capsys.readouterr().out
    assert f"{path}:2: error: 'day_start_hour' must be a whole number 0-23" in out


def test_broken_pipe_is_quiet() -> None:
    """`flopcards drill list --json | head -0`: the reader is gone before the first write."""
    import subprocess
    import sys

    proc = subprocess.Popen(
        [sys.executable, "-m", "tui.cli", "drill", "list", "--json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=60) == 1
    assert "Traceback" not in err and "BrokenPipe" not in err, err


def test_unchanged_reimport_counts_nothing_updated(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("FLOPCARDS_HOME", str(tmp_path / "home"))
    path = tmp_path / "t.csv"
    path.write_text("front,back,tags\nWhat is 2+2?,4,math\n", encoding="utf-8")
    assert main(["import", str(path)]) == 0
    assert main(["import", str(path)]) == 0
    assert "0 new cards, 0 updated, 1 unchanged" in capsys.readouterr().out
    assert load_collection([tmp_path / "home" / "decks"], include_bundled=False).problems == []


def test_format_spec_on_a_fractional_derived_value_is_found_by_the_sweep(tmp_path: Path) -> None:
    text = TEMPLATE.replace("{serial}%", "{serial}% ({frac:d})").replace(
        "params:\n", 'params:\n  frac: {formula: "serial / 7"}\n'
    )
    problems = _template(tmp_path, text)
    assert any("cannot format frac=" in p and "with serial=" in p for p in problems), problems


def test_a_bad_format_spec_never_crashes_a_drill() -> None:
    from drills.render import render

    assert render("x is {a:d}", {"a": 2.5}) == "x is 2.5"


def test_fifo_is_refused_not_read(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import os

    fifo = tmp_path / "deck.yaml"
    os.mkfifo(fifo)
    assert main(["validate", str(fifo)]) == 1
    assert f"{fifo}:1: error: not a regular file" in capsys.readouterr().out


def test_db_from_the_environment_is_checked(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("FLOPCARDS_DB", "notaurl://x")
    assert main(["decks"]) == 2
    assert "FLOPCARDS_DB: 'notaurl://x' is not a SQLite path" in capsys.readouterr().err


def test_deck_folder_walk_has_a_budget(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import cards.loader
    import engine.yamlpos

    for i in range(30):
        (tmp_path / f"n{i}.txt").write_text("x")
    monkeypatch.setattr(engine.yamlpos, "MAX_WALK_ENTRIES", 10)
    monkeypatch.setattr(cards.loader, "MAX_WALK_ENTRIES", 10)
    collection = load_collection([tmp_path], include_bundled=False)
    assert [p.message for p in collection.problems] == [
        "more than 10 files and folders here; only those seen were read"
    ]
