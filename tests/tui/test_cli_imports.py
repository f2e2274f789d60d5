"""Quick commands stay quick: what `flopcards drill check`, `validate FILE` and `--help` import.

Each runs in a fresh interpreter, twice (a cold, then a warm deck/template cache; `--help`, which
reads no cache, once): the output is the same both times and none of the modules it has no use for
(the store's SQLAlchemy and Alembic, Textual, sympy; for `--help` anything beyond argparse) is loaded.
Timings: benchmarks/bench_cli.py.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

DATA = Path(__file__).parents[1] / "data"
APP_ONLY = ("sqlalchemy", "alembic", "textual", "sympy", "engine.store.database", "tui.app")
WRAPPER = """
import sys
from tui.cli import main
try:
    code = main(sys.argv[2:])
except SystemExit as exc:  # --help
    code = exc.code or 0
print("loaded:", sorted(m for m in sys.argv[1].split(",") if m in sys.modules), file=sys.stderr)
sys.exit(code)
"""
COMMANDS = {
    "drill check": (
        ["drill", "check", "allreduce-time", "--seed", "1", "--answer", "1 s"],
        "Not quite: 1 s (= 1000 ms) is off from",
        (*APP_ONLY, "cards"),
    ),
    "drill show": (["drill", "show", "amdahl", "--seed", "3"], "Answer:", (*APP_ONLY, "cards")),
    "validate deck": (
        ["validate", str(DATA / "decks" / "basics.yaml")],
        "checked 1 file",
        (*APP_ONLY, "drills.loader", "drills.schema"),
    ),
    "validate template": (["validate", "drills/templates/amdahl.yaml"], "checked 1 file", APP_ONLY),
    "help": (["--help"], "subcommands:", (*APP_ONLY, "pint", "pydantic", "yaml", "cards", "drills")),
}
WARM_UNUSED = ("drills.read", "drills.template_checks", "engine.schema_problems")
"""With a warm cache, `drill check|show` read no template file afresh: none of its checks is loaded."""


@pytest.mark.parametrize("name", COMMANDS)
def test_a_quick_command_loads_nothing_it_does_not_use(name: str, tmp_path: Path) -> None:
    argv, expected, unused = COMMANDS[name]
    env = {
        **os.environ,
        "FLOPCARDS_CACHE_DIR": str(tmp_path / "cache"),
        "FLOPCARDS_DB": str(tmp_path / "db.sqlite3"),
    }
    tree = Path(__file__).parents[2]
    warm = (*unused, *WARM_UNUSED) if name.startswith("drill") else unused
    runs = [
        subprocess.run(
            [sys.executable, "-c", WRAPPER, ",".join(modules), *argv],
            capture_output=True,
            text=True,
            timeout=60,
            env=env,
            cwd=tree,
        )
        # a cold cache, then the warm one (`--help` reads no cache: once is the same check)
        for modules in ((unused,) if name == "help" else (unused, warm))
    ]
    for run in runs:
        assert run.returncode == 0, run.stderr
        assert expected in run.stdout
        assert run.stderr.strip().splitlines()[-1] == "loaded: []", run.stderr
    assert runs[0].stdout == runs[-1].stdout
    assert (tmp_path / "cache").is_dir() or name == "help"

