"""The README's key table lists every key of every screen, exactly as the screens' bindings declare them."""

from __future__ import annotations

import importlib
import inspect
from pathlib import Path

import pytest
from textual.screen import Screen

import tui.screens
from tui.app import FlopcardsApp
from tui.screens.help import KeyRow, app_keys, screen_keys, screen_name

README = Path(__file__).parents[2] / "README.md"
READING_ORDER = [
    "home",
    "review",
    "summary",
    "drill_setup",
    "drill",
    "drill_summary",
    "stats",
    "exam",
    "exam_result",
    "exam_setup",
    "help",
]
"""The table's order (a screen file not named here follows, alphabetically)."""
SCREEN_FILES = sorted(
    (p for p in Path(tui.screens.__file__).parent.glob("*.py") if p.name != "__init__.py"),
    key=lambda p: (READING_ORDER.index(p.stem) if p.stem in READING_ORDER else len(READING_ORDER), p.stem),
)


def screens_in(path: Path) -> list[type[Screen[object]]]:
    module = importlib.import_module(f"tui.screens.{path.stem}")
    return [
        cls
        for _, cls in inspect.getmembers(module, inspect.isclass)
        if issubclass(cls, Screen) and cls.__module__ == module.__name__
    ]


def table_row(name: str, rows: list[KeyRow]) -> str:
    keys = " · ".join("/".join(f"`{k}`" for k in keys.split("/")) + f" {what}" for keys, what in rows)
    return f"| {name} | {keys} |"


def expected_table() -> str:
    lines = ["| Screen | Keys |", "|---|---|"]
    lines += [
        table_row(screen_name(cls), screen_keys(cls)) for path in SCREEN_FILES for cls in screens_in(path)
    ]
    lines.append(table_row("Every screen", app_keys(FlopcardsApp)))
    return "\n".join(lines)


def readme_table() -> list[str]:
    lines = README.read_text(encoding="utf-8").splitlines()
    start = lines.index("| Screen | Keys |")
    end = next(i for i in range(start, len(lines)) if not lines[i].startswith("|"))
    return lines[start:end]


@pytest.mark.parametrize("path", SCREEN_FILES, ids=lambda p: p.name)
def test_readme_lists_every_key_of_each_screen(path: Path) -> None:
    screens = screens_in(path)
    assert screens, f"{path.name} defines no screen"
    table = readme_table()
    for cls in screens:
        row = table_row(screen_name(cls), screen_keys(cls))
        assert row in table, f"README key table is out of date; it should read:\n{expected_table()}"


def test_readme_key_table_has_no_stale_rows() -> None:
    assert readme_table() == expected_table().splitlines(), (
        f"README key table should read:\n{expected_table()}"
    )


def test_help_rows_come_from_the_bindings() -> None:
    from tui.screens.review import ReviewScreen

    rows = dict((what, keys) for keys, what in screen_keys(ReviewScreen))
    assert rows["Undo"] == "u/ctrl+z"
    assert rows["Grade"] == "0-5"
    assert rows["Back"] == "esc"


def test_rows_group_an_action_but_keep_distinct_words_apart() -> None:
    from textual.binding import Binding

    from tui.screens.help import key_rows

    bindings = [
        Binding("0", "grade(0)", "Grade", key_display="0-5"),
        Binding("1", "grade(1)", "Grade 1", show=False),
        Binding("r", "mark(True)", "Right"),
        Binding("w", "mark(False)", "Wrong"),
        Binding("space", "reveal", "Show answer"),
        Binding("ctrl+g", "reveal_typing", "Show answer"),
        Binding("question_mark", "help", "Keys"),
    ]
    assert key_rows(bindings, [("tab", "Next field")]) == [
        ("0-5", "Grade"),
        ("r", "Right"),
        ("w", "Wrong"),
        ("space/ctrl+g", "Show answer"),
        ("?", "Keys"),
        ("tab", "Next field"),
    ]
