"""Safe YAML loading that remembers where every value came from, for `file:line:col` problems."""

from __future__ import annotations

import gc
import re
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from engine.file_kinds import MAX_YAML_BYTES, WALK_ENTRIES, read_bounded, walk_files
from engine.problems import Problem, Severity
from engine.yamltree import (
    MAX_DEPTH,
    STD_TAG,
    AliasCycle,
    Builder,
    KeyPath,
    Loader,
    aliases_too_big,
    paths_of,
    too_deep,
)

__all__ = [
    "MAX_DEPTH",
    "KeyPath",
    "Position",
    "PositionedYaml",
    "Problem",
    "Severity",
    "YamlError",
    "load_yaml",
]

_HINTS = {
    "mapping values are not allowed": "a ': ' inside a value: put the value in quotes, or use a | block",
    "did not find expected ',' or ']'": "a [ list ] left open? close it, or quote text with ':' or ','",
    "did not find expected ',' or '}'": "a { mapping } left open? close it, or quote text with ':' or ','",
    "expected <block end>": "check the indentation of this line against the lines above",
    "did not find expected": "check the indentation of this line against the lines above",
    "cannot start any token": "a value starting with % @ ` or another special character: put it in quotes",
    "could not find expected ':'": "a key needs ': ' after it; or a quote was left open above",
}


@dataclass(frozen=True, order=True)
class Position:
    """1-based line and column of a YAML node."""

    line: int
    col: int


def _pos(node: yaml.Node) -> Position:
    return Position(node.start_mark.line + 1, node.start_mark.column + 1)


def _entry(node: yaml.Node, part: str | int) -> tuple[yaml.Node, yaml.Node] | None:
    """(key node, value node) of `part` in a mapping, or (item, item) in a sequence; None if absent."""
    if isinstance(node, yaml.MappingNode):
        found = None
        for key_node, value_node in node.value:  # the last duplicate wins, as in the data
            if isinstance(key_node, yaml.ScalarNode) and key_node.value == str(part):
                found = (key_node, value_node)
        return found
    if isinstance(node, yaml.SequenceNode) and isinstance(part, int) and 0 <= part < len(node.value):
        item = node.value[part]
        return item, item
    return None


@dataclass
class PositionedYaml:
    """Parsed data plus its node tree, to find where a key path (('cards', 3, 'front')) is written."""

    data: Any
    root: yaml.Node | None = None
    duplicate_keys: list[tuple[KeyPath, Position]] = field(default_factory=list)

    def position(self, path: Iterable[str | int], *, key: bool = False) -> Position | None:
        """Where `path` is written (its key with `key=True`), else its closest existing parent."""
        node = self.root
        if node is None:
            return None
        best = _pos(node)
        for part in path:
            entry = _entry(node, part)
            if entry is None:
                break
            key_node, node = entry
            best = _pos(key_node if key else node)
        return best


class YamlError(Exception):
    """The text is not loadable YAML; carries the problem with its position."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(str(problem))
        self.problem = problem


@contextmanager
def quiet_gc() -> Iterator[None]:
    """Pause the cyclic garbage collector while building many small objects (it would dominate)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def _syntax_message(error: yaml.MarkedYAMLError, text: str) -> str:
    message = " ".join(filter(None, [error.context, error.problem])) or str(error)
    if "could not determine a constructor" in message:
        quoted = re.search(r"'([^']*)'", error.problem or "")
        tag = quoted.group(1) if quoted else "?"
        tag = "!!" + tag[len(STD_TAG) :] if tag.startswith(STD_TAG) else tag
        return f"unsafe or unknown YAML tag '{tag}' is not allowed (plain data only)"
    mark = error.problem_mark
    lines = text.splitlines()
    if mark and mark.line < len(lines) and lines[mark.line][mark.column : mark.column + 1] == "\t":
        return "YAML syntax: a tab character here: indent with spaces, not tabs"
    hint = next((f" ({h})" for needle, h in _HINTS.items() if needle in message), "")
    return f"YAML syntax: {message}{hint}"


def load_yaml(text: str | bytes, filename: str) -> PositionedYaml:
    """Safely load one YAML document with positions; YamlError on syntax, unsafe tags or abuse."""
    if len(text) > MAX_YAML_BYTES:
        raise YamlError(Problem(filename, 1, None, f"file is larger than {MAX_YAML_BYTES:,} bytes"))
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as error:
            at = error.object[: error.start].count(b"\n") + 1
            raise YamlError(Problem(filename, at, None, "not UTF-8 text")) from error
    deep = too_deep(text)
    if deep is not None:
        raise YamlError(Problem(filename, *deep, f"YAML nested deeper than {MAX_DEPTH} levels"))
    loader = Loader(text)
    try:
        with quiet_gc():
            node = loader.get_single_node()
            if node is None:
                return PositionedYaml(None)
            try:
                too_big = aliases_too_big(text, node)
            except AliasCycle as cycle:
                where = _pos(cycle.node)
                raise YamlError(Problem(filename, where.line, where.col, str(cycle))) from None
            if too_big:
                raise YamlError(Problem(filename, 1, 1, "YAML aliases expand to too much data"))
            builder = Builder(loader)
            out = PositionedYaml(builder.build(node), node)
        if builder.duplicates:
            paths = paths_of(node, {id(mapping) for mapping, _ in builder.duplicates})
            out.duplicate_keys = [
                ((*paths.get(id(mapping), ()), str(key.value)), _pos(key))
                for mapping, key in builder.duplicates
            ]
        return out
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        at_line, at_col = (mark.line + 1, mark.column + 1) if mark else (1, None)
        raise YamlError(Problem(filename, at_line, at_col, _syntax_message(error, text))) from error
    except yaml.reader.ReaderError as error:  # NUL, DEL and other control characters
        row, column = _offset_position(text, error.position)
        what = f"character #x{error.character:04x}" if isinstance(error.character, int) else "character"
        message = f"{what} is not allowed in YAML (control characters are not text)"
        raise YamlError(Problem(filename, row, column, message)) from error
    except yaml.YAMLError as error:
        message = " ".join(str(error).split())
        raise YamlError(Problem(filename, 1, None, f"YAML syntax: {message}")) from error
    except (ValueError, TypeError, RecursionError, OverflowError, MemoryError) as error:
        message = " ".join(str(error).split())[:200]
        raise YamlError(Problem(filename, 1, None, f"cannot load this YAML: {message}")) from error
    finally:
        loader.dispose()


def _offset_position(text: str, offset: int) -> tuple[int, int]:
    """1-based (line, col) of a character offset."""
    offset = max(0, min(offset, len(text)))
    line_start = text.rfind("\n", 0, offset) + 1
    return text.count("\n", 0, offset) + 1, offset - line_start + 1


MAX_WALK_ENTRIES = WALK_ENTRIES
"""Entries looked at under one folder before giving up: a deck folder is not the whole disk."""


def walk_yaml(folder: Path, suffixes: tuple[str, ...] = (".yaml", ".yml")) -> tuple[list[Path], bool]:
    """YAML files under `folder` in a stable order, and whether the walk stopped at its budget."""
    return walk_files(folder, suffixes, MAX_WALK_ENTRIES)


def read_yaml_file(path: Path, limit: int = MAX_YAML_BYTES) -> PositionedYaml:
    """Read and load a file; YamlError (never OSError/UnicodeError) when it cannot be read."""
    try:
        raw = read_bounded(path, limit)
    except OSError as error:
        raise YamlError(Problem(str(path), 1, None, f"cannot read: {error.strerror}")) from error
    except ValueError as error:
        raise YamlError(Problem(str(path), 1, None, str(error))) from error
    return load_yaml(raw, str(path))


def problems_at(
    doc: PositionedYaml,
    filename: str,
    items: Iterable[tuple[KeyPath, str]],
    *,
    severity: Severity = Severity.ERROR,
    key: bool = False,
) -> list[Problem]:
    """Attach positions to (path, message) pairs."""
    out = []
    for path, message in items:
        pos = doc.position(path, key=key)
        out.append(Problem(filename, pos.line if pos else None, pos.col if pos else None, message, severity))
    return out


def describe_path(path: Iterable[str | int]) -> str:
    """'cards[3].front' style rendering of a key path."""
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text or "(top level)"
