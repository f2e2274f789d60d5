"""Deck and template files are checked for kind and size before anything reads them: a 4 GB sparse
deck file, a pipe named like a deck, and `--decks` naming a device or a pipe."""

from __future__ import annotations

import os
import resource
import shutil
from pathlib import Path

from textual.widgets import Static

from .test_cli import run

DECKS = Path(__file__).parents[1] / "data" / "decks"


def _peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


async def test_a_4gb_sparse_deck_file_is_skipped_unread_and_named_in_the_banner(
    make_app, tmp_path: Path
) -> None:
    shutil.copy(DECKS / "basics.yaml", tmp_path / "basics.yaml")
    huge = tmp_path / "huge.yaml"
    with huge.open("wb") as handle:
        handle.truncate(4 * 10**9)  # sparse: 4 GB to anyone who reads it, no disk used
    before = _peak_mb()
    app = make_app(tmp_path)
    async with app.run_test(size=(160, 30)) as pilot:
        await app.loaded.wait()
        await pilot.pause()
        banner = str(app.screen.query_one("#banner", Static).render())
        assert (
            banner == f"Skipped a deck with problems: {huge}:1: error: file is larger than 20,000,000 bytes"
        )
        assert "basics" in app.services.deck_ids()
    assert _peak_mb() - before < 1000  # the file was never read (reading it took 4.27 GB)


async def test_a_pipe_named_like_a_deck_is_named_not_waited_on(make_app, tmp_path: Path) -> None:
    shutil.copy(DECKS / "basics.yaml", tmp_path / "basics.yaml")
    pipe = tmp_path / "pipe.yaml"
    os.mkfifo(pipe)
    app = make_app(tmp_path)
    async with app.run_test(size=(160, 30)) as pilot:
        await app.loaded.wait()
        await pilot.pause()
        banner = str(app.screen.query_one("#banner", Static).render())
        reason = "not a regular file (a device, a pipe or a socket)"
        assert banner == f"Skipped a deck with problems: {pipe}:1: error: {reason}"
        assert "basics" in app.services.deck_ids()


def test_decks_naming_a_device_or_a_pipe_is_refused_with_a_message(tmp_path: Path) -> None:
    pipe = tmp_path / "decks-pipe"
    os.mkfifo(pipe)
    for place in ("/dev/zero", str(pipe)):
        result = run("--decks", place, "decks")
        assert result.returncode == 2
        assert result.stderr.strip() == (
            f"flopcards: error: --decks {place}: not a folder or a deck file (a device, a pipe or a socket):"
            " nothing read from it"
        )
