"""Drill templates through the file cache: an unchanged file's validated spec is not parsed again."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from drills.schema import Template
from drills.template_files import cache_version
from engine.cache import FileCache, Stamp, decode_problems, encode_problems
from engine.problems import Problem

NAMESPACE = "drill-template"


def open_template_cache(folder: Path) -> FileCache:
    return FileCache(folder, cache_version())


def cached_spec(cache: FileCache, path: Path) -> Template | list[Problem] | None:
    """The file's validated spec, or the problems that kept it out; None on a miss."""
    payload = cache.get(NAMESPACE, path)
    if payload is None:
        return None
    try:
        if payload["spec"] is not None:
            return Template.model_validate(payload["spec"])
        rows = decode_problems(payload["problems"])
    except (KeyError, TypeError, ValueError):  # pydantic's ValidationError is a ValueError
        return None
    return rows or None  # no spec and no problem is not a read: parse again


def store_spec(
    cache: FileCache, path: Path, stamp: Stamp, spec: Template | None, problems: Sequence[Problem]
) -> None:
    payload: dict[str, Any] = {
        "spec": None if spec is None else spec.model_dump(mode="json"),
        "problems": encode_problems(problems),
    }
    if spec is not None and problems:  # a warning-only spec is not cached: keep it simple
        return
    cache.put(NAMESPACE, path, stamp, payload)
