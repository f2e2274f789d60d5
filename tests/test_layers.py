"""The layers go one way: engine <- cards, drills <- tui; and the start path stays light."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

import cards
import drills
import engine
import tui

PACKAGES = {"engine": engine, "cards": cards, "drills": drills, "tui": tui}
ALLOWED = {
    "engine": set(),
    "cards": {"engine"},
    "drills": {"engine"},
    "tui": {"engine", "cards", "drills"},
}


def imported_top_levels(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


@pytest.mark.parametrize("package", sorted(PACKAGES))
def test_package_imports_only_the_layers_below(package: str) -> None:
    root = Path(PACKAGES[package].__file__).parent
    files = sorted(root.rglob("*.py"))
    assert files, f"no modules found in {root}"
    forbidden = set(PACKAGES) - ALLOWED[package] - {package}
    offenders = {
        str(path.relative_to(root)): sorted(imported_top_levels(path) & forbidden)
        for path in files
        if imported_top_levels(path) & forbidden
    }
    assert offenders == {}, f"{package} imports layers above it: {offenders}"


def test_engine_does_not_import_textual() -> None:
    root = Path(engine.__file__).parent
    assert not any("textual" in imported_top_levels(p) for p in root.rglob("*.py"))


def test_start_path_does_not_load_heavy_modules() -> None:
    """Importing the app and its home screen must not pull in SQLAlchemy, sympy, pint or alembic."""
    code = (
        "import sys, tui.cli, tui.app, tui.screens.home;"
        "print(','.join(m for m in ('sqlalchemy','sympy','pint','alembic','pydantic') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
