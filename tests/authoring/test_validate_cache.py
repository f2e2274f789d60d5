"""`flopcards validate` reads the bundled decks and templates it only takes ids from through the cache;
--no-cache, a cold cache and a damaged one give the same report."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

import tui.authoring
from cards.loader import BUNDLED_DIR, deck_files, load_deck_file
from drills.loader import BUNDLED_DIR as TEMPLATE_DIR
from engine.cache import CACHE_FILE
from tui.cli import main

DATA = Path(__file__).parents[1] / "data"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    code = main(list(args))
    return code, capsys.readouterr().out


@pytest.fixture
def reused(tmp_path: Path) -> tuple[Path, str]:
    """A user deck that reuses a bundled deck's id (a copy to edit it), and what validate says."""
    bundled = deck_files(BUNDLED_DIR)[0]
    deck, _ = load_deck_file(bundled)
    assert deck is not None
    copy = tmp_path / "mine.yaml"
    shutil.copy(bundled, copy)
    return copy, f"warning: deck '{deck.id}' replaces the bundled {bundled} (same id, history kept)"


def test_a_warm_cache_serves_the_bundled_decks(reused, monkeypatch, capsys) -> None:
    path, error = reused
    cold = run(capsys, "validate", str(path))
    real = tui.authoring.read_deck

    def only_the_checked_file(file: Path, *args: object, **kwargs: object):  # type: ignore[no-untyped-def]
        assert file == path, f"{file} was parsed again, not read from the cache"
        return real(file, *args, **kwargs)

    monkeypatch.setattr(tui.authoring, "read_deck", only_the_checked_file)
    warm = run(capsys, "validate", str(path))
    assert warm == cold and cold[0] == 0 and error in cold[1]


def test_no_cache_and_a_damaged_cache_give_the_same_report(reused, capsys) -> None:
    path, error = reused
    uncached = run(capsys, "--no-cache", "validate", str(path))
    cache_file = Path(os.environ["FLOPCARDS_CACHE_DIR"]) / CACHE_FILE
    assert not cache_file.exists(), "--no-cache writes no cache"
    run(capsys, "validate", str(path))
    assert cache_file.exists()
    cache_file.write_bytes(b"not a cache at all" * 100)
    damaged = run(capsys, "validate", str(path))
    assert damaged == uncached and uncached[0] == 0 and error in uncached[1]


def test_a_template_reusing_a_bundled_id_is_still_refused_through_the_cache(tmp_path: Path, capsys) -> None:
    bundled = sorted(TEMPLATE_DIR.glob("*.yaml"))[0]
    copy = tmp_path / "mine.drill.yaml"
    shutil.copy(bundled, copy)
    first = run(capsys, "validate", str(copy))
    second = run(capsys, "validate", str(copy))
    assert first == second and first[0] == 1 and "is already used by" in first[1]
