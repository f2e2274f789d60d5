"""The YAML file suffixes, their size cap and the one bounded read of a file (light: the start-up
path checks folders without loading pydantic)."""

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
