"""Which files hold drill templates, in load order (light: the quick check lists them too)."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from drills.paths import BUNDLED_DIR
from drills.problem import Problem
from engine.cache import code_version
from engine.file_kinds import DRILL_SUFFIX, YAML_SUFFIXES, walk_files


def _files(directory: Path) -> list[Path]:
    return sorted(p for p in directory.iterdir() if p.suffix in YAML_SUFFIXES and p.is_file())


def _deck_folder_files(folders: Iterable[str | Path]) -> list[Path]:
    """`*.drill.yaml` files anywhere under the user's deck folders (missing folders are fine)."""
    out: list[Path] = []
    for folder in map(Path, folders):
        if folder.is_dir():
            out += walk_files(folder, (DRILL_SUFFIX,))[0]
    return out


def template_sources(
    extra_dirs: Iterable[str | Path], deck_dirs: Iterable[str | Path]
) -> tuple[list[Path], list[Problem]]:
    """Bundled templates, then each extra template folder's, then `*.drill.yaml` in deck folders;
    with a problem for each template folder that is not one."""
    found: list[Problem] = []
    sources: list[Path] = []
    for directory in (BUNDLED_DIR, *(Path(d) for d in extra_dirs)):
        if not directory.is_dir():
            found.append(Problem(str(directory), None, None, "not a folder"))
            continue
        sources += _files(directory)
    sources += [p for p in _deck_folder_files(deck_dirs) if p not in sources]
    return sources, found


def cache_version() -> str:
    """The code that parses, validates and compiles templates, and the catalog they draw from: a
    change to any makes every entry stale (a cached spec is trusted to compile, see drills.deferred)."""
    here = BUNDLED_DIR.parent
    engine = here.parent / "engine"
    read: tuple[str, ...] = (
        "yamlpos.py",
        "yamltree.py",
        "problems.py",
        "schemas.py",
        "schema_problems.py",
        "units.py",
    )
    read += ("budget.py", "formula")
    return code_version(here, here / "catalog.yaml", *(engine / name for name in read))
