"""Safe YAML loading that remembers where every value came from, for `file:line:col` problems."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any

import yaml

try:  # the C loader is ~10x faster on big decks; fall back where libyaml is missing
    from yaml import CSafeLoader as _Loader
except ImportError:  # pragma: no cover - depends on how PyYAML was built
    from yaml import SafeLoader as _Loader  # type: ignore[assignment]

MAX_YAML_BYTES = 20_000_000
"""Refuse files larger than this (bounded work on user input)."""

KeyPath = tuple[str | int, ...]


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True, order=True)
class Position:
    """1-based line and column of a YAML node."""

    line: int
    col: int


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a file. A made-up line number is worse than none, so it may be None."""

    path: str
    line: int | None
    col: int | None
    message: str
    severity: Severity = Severity.ERROR

    def __str__(self) -> str:
        where = self.path
        if self.line is not None:
            where += f":{self.line}"
            if self.col is not None:
                where += f":{self.col}"
        return f"{where}: {self.severity.value}: {self.message}"


@dataclass
class PositionedYaml:
    """Parsed data plus a map from key paths (('cards', 3, 'front')) to where they start."""

    data: Any
    positions: dict[KeyPath, Position] = field(default_factory=dict)
    key_positions: dict[KeyPath, Position] = field(default_factory=dict)
    """Where the *key* of a mapping entry is written (for 'unknown key' messages)."""
    duplicate_keys: list[tuple[KeyPath, Position]] = field(default_factory=list)

    def position(self, path: Iterable[str | int], *, key: bool = False) -> Position | None:
        """Closest known position of `path`, walking up to the nearest parent that has one."""
        parts = tuple(path)
        table = self.key_positions if key else self.positions
        while parts:
            if parts in table:
                return table[parts]
            if key and parts in self.positions:
                return self.positions[parts]
            parts = parts[:-1]
        return self.positions.get(())


class YamlError(Exception):
    """The text is not loadable YAML; carries the problem with its position."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(str(problem))
        self.problem = problem


def _pos(node: yaml.Node) -> Position:
    return Position(node.start_mark.line + 1, node.start_mark.column + 1)


def _walk(node: yaml.Node, path: KeyPath, out: PositionedYaml) -> None:
    out.positions[path] = _pos(node)
    if isinstance(node, yaml.MappingNode):
        seen: set[Any] = set()
        for key_node, value_node in node.value:
            key = key_node.value if isinstance(key_node, yaml.ScalarNode) else str(key_node.value)
            child = (*path, key)
            if key in seen:
                out.duplicate_keys.append((child, _pos(key_node)))
            seen.add(key)
            out.key_positions[child] = _pos(key_node)
            _walk(value_node, child, out)
    elif isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            _walk(item, (*path, index), out)


def load_yaml(text: str | bytes, filename: str) -> PositionedYaml:
    """Safely load one YAML document with positions; YamlError on syntax or unsafe tags."""
    if len(text) > MAX_YAML_BYTES:
        raise YamlError(Problem(filename, None, None, f"file is larger than {MAX_YAML_BYTES} bytes"))
    loader = _Loader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return PositionedYaml(None)
        out = PositionedYaml(None)
        _walk(node, (), out)
        out.data = loader.construct_document(node)
        return out
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        message = " ".join(filter(None, [error.context, error.problem])) or str(error)
        if "could not determine a constructor" in message:
            tag = message.split("tag", 1)[-1].strip(" '!")
            message = f"unsafe or unknown YAML tag '!{tag}' is not allowed (plain data only)"
        line = mark.line + 1 if mark else None
        col = mark.column + 1 if mark else None
        raise YamlError(Problem(filename, line, col, f"YAML: {message}")) from error
    except yaml.YAMLError as error:
        raise YamlError(Problem(filename, None, None, f"YAML: {error}")) from error
    except (ValueError, TypeError, RecursionError) as error:
        raise YamlError(Problem(filename, None, None, f"YAML: {error}")) from error
    finally:
        loader.dispose()


def read_yaml_file(path: Path) -> PositionedYaml:
    """Read and load a file; YamlError (never OSError/UnicodeError) when it cannot be read."""
    try:
        raw = path.read_bytes()
    except OSError as error:
        raise YamlError(Problem(str(path), None, None, f"cannot read: {error.strerror}")) from error
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        line = raw[: error.start].count(b"\n") + 1
        raise YamlError(Problem(str(path), line, None, "not UTF-8 text")) from error
    return load_yaml(text, str(path))


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
