"""The outline shipped in the package for the bundled decks and drill templates, so that a start
with an empty cache still counts before parsing anything; trusted only while every bundled file
has the content it was built from."""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from pathlib import Path

from engine.cache import content_digest
from engine.file_kinds import YAML_SUFFIXES
from engine.start import outline
from engine.start.outline import Outline


def digests(root: Path, folders: Sequence[Path]) -> list[list[str]]:
    """[path relative to `root`, content digest] of every file under `folders`, sorted."""
    files = sorted(p for folder in folders for p in folder.rglob("*") if p.is_file())
    return [[p.relative_to(root).as_posix(), content_digest(p.read_bytes())] for p in files]


def load_shipped(shipped: Path, root: Path, folders: Sequence[Path]) -> Outline | None:
    """The outline kept in `shipped` if the files under `folders` are the ones it was built from."""
    try:
        payload = json.loads(shipped.read_text(encoding="utf-8"))
        if payload["files"] != digests(root, folders):
            return None
        return outline.decode(payload)
    except (OSError, KeyError, TypeError, ValueError):
        return None


def no_user_files(folders: tuple[Path, ...]) -> bool:
    """True when none of the user's deck folders holds a YAML file (missing folders hold none)."""
    for folder in folders:
        if folder.is_file():
            return False
        for walked, (_where, _dirs, names) in enumerate(os.walk(folder)):
            if walked > outline.MAX_FOLDERS or any(n.endswith(YAML_SUFFIXES) for n in names):
                return False
    return True
