"""Every distribution the shipped packages import is declared in pyproject.toml's dependencies
(a module that only arrives through another package's requirements may vanish with its next release)."""

from __future__ import annotations

import re
import sys
import tomllib
from importlib.metadata import packages_distributions
from pathlib import Path

TREE = Path(__file__).resolve().parent.parent
SHIPPED = ("engine", "cards", "drills", "tui")
OPTIONAL = {"psycopg", "fsrs"}
"""Imported only behind a check for the extra that provides it (`postgres`; fsrs[optimizer] is fsrs)."""


IMPORT = re.compile(r"^[ \t]*(?:from[ \t]+(\w+)[\w.]*[ \t]+import|import[ \t]+([\w., \t]+))", re.M)
"""An import statement's first line (a regex: parsing every module with ast costs seconds)."""


def imported_top_levels() -> set[str]:
    names: set[str] = set()
    for package in SHIPPED:
        for path in (TREE / package).rglob("*.py"):
            for source, listed in IMPORT.findall(path.read_text(encoding="utf-8")):
                names.update([source] if source else (n.split()[0].split(".")[0] for n in listed.split(",")))
    return names - set(sys.stdlib_module_names) - set(SHIPPED)


def normalized(requirement: str) -> str:
    name = re.split(r"[\s\[<>=!~;]", requirement, maxsplit=1)[0]
    return re.sub(r"[-_.]+", "-", name).lower()


def test_every_imported_distribution_is_declared() -> None:
    project = tomllib.loads((TREE / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    declared = {normalized(r) for r in project["dependencies"]}
    owners = packages_distributions()
    imported = imported_top_levels()
    assert {"sqlalchemy", "textual", "markdown_it", "rich"} <= imported
    missing = {
        module: owners.get(module)
        for module in sorted(imported)
        if not any(normalized(d) in declared | OPTIONAL for d in owners.get(module, [module]))
    }
    assert missing == {}
