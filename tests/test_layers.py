"""The layers go one way: engine <- cards, drills <- tui (read from the source tree, and checked
again by the import-linter contract in pyproject.toml); and the start path stays light."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

TREE = Path(__file__).resolve().parent.parent
PACKAGES = ("engine", "cards", "drills", "tui")
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
    root = TREE / package
    files = sorted(root.rglob("*.py"))
    assert files, f"no modules found in {root}"
    forbidden = set(PACKAGES) - ALLOWED[package] - {package}
    offenders = {
        str(path.relative_to(root)): sorted(imported_top_levels(path) & forbidden)
        for path in files
        if imported_top_levels(path) & forbidden
    }
    assert offenders == {}, f"{package} imports layers above it: {offenders}"


FACADE_EXCEPTIONS: set[str] = set()


def test_screens_and_cli_use_only_the_facade() -> None:
    """tui/screens/* and tui/cli*: cards and drills only through tui.services, tui.authoring, tui.facade."""
    files = [*(TREE / "tui" / "screens").glob("*.py"), *(TREE / "tui").glob("cli*.py")]
    files += (TREE / "tui" / "cli_authoring").glob("*.py")
    offenders = {
        str(path.relative_to(TREE)): sorted(imported_top_levels(path) & {"cards", "drills"})
        for path in files
        if path.name not in FACADE_EXCEPTIONS and imported_top_levels(path) & {"cards", "drills"}
    }
    assert len(files) > 20 and offenders == {}


def test_engine_does_not_import_textual() -> None:
    root = TREE / "engine"
    assert not any("textual" in imported_top_levels(p) for p in root.rglob("*.py"))


def test_import_linter_contracts_hold_on_the_source_tree() -> None:
    """The same layers, with transitive imports, as the contract CI runs (`lint-imports`)."""
    run = "import sys; from importlinter.cli import lint_imports_command; sys.exit(lint_imports_command())"
    out = subprocess.run(
        [sys.executable, "-c", run, "--config", str(TREE / "pyproject.toml")],
        capture_output=True,
        text=True,
        cwd=TREE,
        env={"PYTHONPATH": str(TREE), "PATH": "/usr/bin:/bin"},
    )
    assert out.returncode == 0, out.stdout[-2000:] + out.stderr[-2000:]
    assert "0 broken" in out.stdout


def test_start_path_does_not_load_heavy_modules() -> None:
    """Importing the app and its home screen must not pull in SQLAlchemy, sympy, pint or alembic."""
    code = (
        "import sys, tui.cli, tui.app, tui.screens.home;"
        "print(','.join(m for m in ('sqlalchemy','sympy','pint','alembic','pydantic') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
