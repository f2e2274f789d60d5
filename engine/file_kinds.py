"""The YAML file suffixes, their size cap and the one bounded read of a file (light: the start-up
path checks folders without loading pydantic)."""

import os
import stat
from pathlib import Path

YAML_SUFFIXES = (".yaml", ".yml")
DRILL_SUFFIX = ".drill.yaml"
"""In a deck folder, files ending so are drill templates (the deck loader skips them)."""

MAX_YAML_BYTES = 20_000_000
"""Refuse files larger than this (bounded work on user input)."""


def read_bounded(path: Path, limit: int = MAX_YAML_BYTES) -> bytes:
    """The file's bytes, its kind and size checked before reading and the read itself capped (it
    may grow). Raises OSError (unreadable) or ValueError (not a regular file, larger than `limit`):
    a FIFO would block, a device never end, a sparse file cost gigabytes."""
    found = path.stat()
    if not stat.S_ISREG(found.st_mode):
        raise ValueError("not a regular file (a device, a pipe or a socket)")
    if found.st_size > limit:
        raise ValueError(f"file is larger than {limit:,} bytes")
    with path.open("rb") as handle:
        raw = handle.read(limit + 1)
    if len(raw) > limit:
        raise ValueError(f"file is larger than {limit:,} bytes")
    return raw


WALK_ENTRIES = 20_000
"""Entries looked at under one folder before giving up: a deck folder is not the whole disk."""


def walk_files(
    folder: Path, suffixes: tuple[str, ...] = YAML_SUFFIXES, limit: int = WALK_ENTRIES
) -> tuple[list[Path], bool]:
    """Files under `folder` ending in a suffix, in a stable order, and whether the walk stopped at
    its budget of `limit` entries."""
    found: list[Path] = []
    seen = 0
    for root, dirs, names in os.walk(folder):
        dirs.sort()
        seen += len(dirs) + len(names)
        found += [Path(root, n) for n in names if n.endswith(suffixes)]
        if seen > limit:
            return sorted(found), True
    # not only regular files: a pipe or a device named *.yaml is read by nobody, but reported by the
    # bounded read ("not a regular file") rather than skipped without a word
    return sorted(p for p in found if not p.is_dir()), False
