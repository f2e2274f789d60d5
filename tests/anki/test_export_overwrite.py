"""`export --to` never replaces a file silently and never writes through a symlink."""

from __future__ import annotations

from pathlib import Path

import pytest

from tui.cli import main


def test_an_existing_file_is_refused_without_force_and_left_as_it_was(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    target = tmp_path / "s.txt"
    target.write_text("mine", encoding="utf-8")
    assert main(["export", "systems", "--to", str(target)]) == 1
    assert capsys.readouterr().err.strip() == (
        f"flopcards export: error: {target} already exists; give --force"
    )
    assert target.read_text(encoding="utf-8") == "mine"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s.txt"]  # no part file left behind
    assert main(["export", "systems", "--to", str(target), "--force"]) == 0
    assert target.read_text(encoding="utf-8").startswith("#separator:tab\n")


@pytest.mark.parametrize("suffix", [".txt", ".apkg"])
def test_a_symlink_is_refused_and_with_force_replaced_itself_never_its_target(
    tmp_path: Path,
    suffix: str,
    capsys,  # type: ignore[no-untyped-def]
) -> None:
    victim = tmp_path / "victim"
    victim.write_text("precious", encoding="utf-8")
    link = tmp_path / f"out{suffix}"
    link.symlink_to(victim)
    assert main(["export", "systems", "--to", str(link)]) == 1
    assert "already exists; give --force" in capsys.readouterr().err
    assert main(["export", "systems", "--to", str(link), "--force"]) == 0
    assert victim.read_text(encoding="utf-8") == "precious"
    assert not link.is_symlink() and link.stat().st_size > 0


def test_a_dangling_symlink_is_not_followed_to_create_its_target(tmp_path: Path) -> None:
    link = tmp_path / "out.txt"
    link.symlink_to(tmp_path / "elsewhere.txt")
    assert main(["export", "systems", "--to", str(link)]) == 1
    assert not (tmp_path / "elsewhere.txt").exists()
