"""`flopcards stats` counts from the last load's outline when no deck file changed since (parsing
every deck was most of its time at 1M cards), and from the files when one did."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from engine.settings import Settings, user_deck_dir
from tests.tui.conftest import open_and_keep
from tui.cli import main
from tui.config import AppConfig

DATA = Path(__file__).parent.parent / "data"
REPO = Path(__file__).parents[2]


def _stats(capsys: pytest.CaptureFixture[str], db: Path, folder: Path, *flags: str) -> dict[str, object]:
    assert main(["--db", str(db), "--decks", str(folder), *flags, "stats", "--json"]) == 0
    result: dict[str, object] = json.loads(capsys.readouterr().out)
    return result


def test_stats_from_the_outline_equal_stats_from_the_files_and_follow_an_edit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "decks"
    shutil.copytree(DATA / "decks", folder)
    db = tmp_path / "f.db"
    cache = tmp_path / "cache"
    monkeypatch.setenv("FLOPCARDS_CACHE_DIR", str(cache))
    # the folders the command reads: the user's deck folder, then --decks
    settings = Settings(db=str(db), deck_dirs=(user_deck_dir(), folder))
    config = AppConfig(settings=settings, cache_dir=cache, warm_up_delay=0)
    open_and_keep(config).close()  # as the app's load leaves it: the outline kept in the cache

    def parse_decks(*_args: object) -> None:
        raise AssertionError("stats parsed the deck files though the outline was kept")

    with monkeypatch.context() as patch:
        patch.setattr("tui.authoring.load_collection", parse_decks)
        kept = _stats(capsys, db, folder)
    fresh = _stats(capsys, db, folder, "--no-cache")
    assert kept == fresh
    assert kept["counts"]["total"] > 0  # type: ignore[index]

    deck = folder / "basics.yaml"  # a card added after the load: the outline is no longer trusted
    deck.write_text(deck.read_text() + "  - id: added-later\n    front: Added?\n    back: Yes.\n")
    after = _stats(capsys, db, folder)
    assert after["counts"]["total"] == kept["counts"]["total"] + 1  # type: ignore[index,operator]
    assert after == _stats(capsys, db, folder, "--no-cache")


def test_stats_with_a_kept_outline_parses_no_deck_file(tmp_path: Path) -> None:
    db = tmp_path / "f.db"
    cache = tmp_path / "cache"  # empty: the bundled decks' shipped outline is the kept one
    code = (
        "import sys; from tui.cli import main; "
        f"rc = main(['--db', {str(db)!r}, 'stats', '--json']); "
        "parsed = sorted(m for m in ('yaml', 'cards.loader', 'drills.loader') if m in sys.modules); "
        "print('PARSED', parsed, file=sys.stderr); sys.exit(rc)"
    )
    env = {**os.environ, "FLOPCARDS_CACHE_DIR": str(cache), "PYTHONPATH": str(REPO)}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "PARSED []" in done.stderr
    assert json.loads(done.stdout)["counts"]["total"] > 0
