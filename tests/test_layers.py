"""The layers go one way: engine <- cards, drills <- tui (read from the source tree, and checked
again by the import-linter contract in pyproject.toml); and the start path stays light."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

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


CONTRACTS = tomllib.loads((TREE / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"]
COMPOSITION_ROOT = {
    "services",
    "services_drills",
    "services_interview",
    "services_search",
    "start",
    "keep_outline",
    "authoring",
    "anki",
    "bundled_outline",
    "schema_export",
    "cards_door",
    "drills_door",
    "drill_commands",
}
"""tui modules that build the application from the store, cards and drills, and the doors that
name cards' and drills' values for the screens (docs/architecture.md)."""


def contract_forbidding(modules: list[str]) -> dict[str, Any]:
    (contract,) = [c for c in CONTRACTS["contracts"] if c.get("forbidden_modules") == modules]
    return contract


def test_the_contracts_name_the_same_composition_root() -> None:
    for forbidden, wired in ((["engine", "sqlalchemy", "alembic"], "engine"), (["cards", "drills"], "cards")):
        ignored = contract_forbidding(forbidden)["ignore_imports"]
        assert contract_forbidding(forbidden)["source_modules"] == ["tui"]
        root = {
            line.split(" -> ")[0].removeprefix("tui.") for line in ignored if line.endswith(f"-> {wired}.**")
        }
        assert root <= COMPOSITION_ROOT and len(root) >= 4, root


def imported_modules(path: Path) -> set[str]:
    """Every absolute module an `import` or `from ... import` in the file names (at any depth)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
    return names


def past_the_door(module: str) -> bool:
    """An import a screen or command must not make: engine beyond engine.app, SQLAlchemy, Alembic."""
    top = module.split(".")[0]
    if top == "engine":
        return module != "engine.app" and not module.startswith("engine.app.")
    return top in {"sqlalchemy", "alembic"}


def itemized_card_and_drill_imports() -> set[str]:
    """The cards/drills imports the contract still lets screens make, as 'tui.x -> drills.y' lines."""
    return {line for line in contract_forbidding(["cards", "drills"])["ignore_imports"] if "*" not in line}


def screen_and_cli_modules() -> dict[str, Path]:
    modules = {}
    for path in sorted((TREE / "tui").rglob("*.py")):
        dotted = ".".join(path.relative_to(TREE).with_suffix("").parts).removesuffix(".__init__")
        if dotted.split(".", 1)[-1] not in COMPOSITION_ROOT:
            modules[dotted] = path
    return modules


def test_screens_and_cli_use_engine_only_through_the_application_layer() -> None:
    """Read from the source: a new `from engine.store import ...` in any screen or command fails here."""
    modules = screen_and_cli_modules()
    offenders = {
        name: sorted(m for m in imported_modules(path) if past_the_door(m)) for name, path in modules.items()
    }
    assert len(modules) > 50
    assert {name: found for name, found in offenders.items() if found} == {}


def test_screens_and_cli_import_no_new_card_or_drill_module() -> None:
    """cards/ and drills/ only through the composition root, or in the contract's shrinking list."""
    allowed = itemized_card_and_drill_imports()
    found = {
        f"{name} -> {module}"
        for name, path in screen_and_cli_modules().items()
        for module in imported_modules(path)
        if module.split(".")[0] in {"cards", "drills"}
    }
    assert found - allowed == set()
    assert allowed - found == set(), "an itemized import is gone: drop it from pyproject.toml's list"


def test_the_door_check_flags_engine_internals_and_the_store() -> None:
    assert past_the_door("engine.store.repo") and past_the_door("engine.settings")
    assert past_the_door("sqlalchemy.exc") and past_the_door("alembic")
    assert not past_the_door("engine.app") and not past_the_door("engine.app.values")
    assert not past_the_door("engineering") and not past_the_door("textual.app")


def test_the_contract_breaks_when_a_screen_reaches_past_the_door(tmp_path: Path) -> None:
    """The import-linter contract itself (not only the AST check above) catches a new screen's import."""
    for package in PACKAGES:
        for path in (TREE / package).rglob("*.py"):
            target = tmp_path / path.relative_to(TREE)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(path.read_bytes())
    (tmp_path / "pyproject.toml").write_bytes((TREE / "pyproject.toml").read_bytes())
    (tmp_path / "tui" / "screens" / "new_screen.py").write_text(
        '"""A new screen."""\nfrom engine.store import repo\nfrom drills.drill import Drill\n'
    )
    out = _lint_imports(tmp_path)
    assert out.returncode != 0
    assert "tui.screens.new_screen -> engine.store.repo" in out.stdout
    assert "tui.screens.new_screen -> drills.drill" in out.stdout
    assert re.search(r"Contracts: \d+ kept, 2 broken\.", out.stdout), out.stdout[-400:]


def _lint_imports(tree: Path) -> subprocess.CompletedProcess[str]:
    run = "import sys; from importlinter.cli import lint_imports_command; sys.exit(lint_imports_command())"
    return subprocess.run(
        [sys.executable, "-c", run, "--config", str(tree / "pyproject.toml"), "--no-cache"],
        capture_output=True,
        text=True,
        cwd=tree,
        env={"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin"},
    )


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
    """Importing the app, its home screen and the review screen (a quick Enter imports it on the UI
    thread while its first card waits) must not pull in SQLAlchemy, sympy, pint or alembic."""
    code = (
        "import sys, tui.cli, tui.app, tui.screens.home, tui.screens.review;"
        "print(','.join(m for m in ('sqlalchemy','sympy','pint','alembic','pydantic') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def reached_within(package: str, start: str) -> set[str]:
    """The modules of `package` that `start` imports, directly or through others of the package."""
    seen, todo = set(), [start]
    while todo:
        module = todo.pop()
        path = TREE / (module.replace(".", "/") + ".py")
        if module in seen or not path.exists():
            continue
        seen.add(module)
        todo.extend(m for m in imported_modules(path) if m.split(".")[0] == package)
    return seen - {start}


def test_the_drills_door_stays_as_light_as_the_review() -> None:
    """The review screen imports the drills door (through tui/drill_text.py) on the fast start: the
    door reaches no drill generator or loader (pydantic, YAML); those are calls of Services."""
    reached = reached_within("drills", "tui.drills_door") | reached_within("tui", "tui.drills_door")
    assert "drills.session" in reached and "drills.present" in reached
    assert not reached & {"drills.generator", "drills.loader", "drills.schema", "tui.services"}, reached
