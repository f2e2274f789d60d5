"""libyaml's node tree -> plain data, fast and bounded: lean tag resolver, depth and alias guards."""

from __future__ import annotations

import re
from typing import Any

import yaml

try:  # the C parser is ~10x faster on big decks; fall back where libyaml is missing
    from yaml import CSafeLoader as _SafeLoader
except ImportError:  # pragma: no cover - depends on how PyYAML was built
    from yaml import SafeLoader as _SafeLoader  # type: ignore[assignment]

MAX_DEPTH = 500
"""Refuse deeper nesting: libyaml's composer recurses in C and would crash the process."""
MAX_EXPANDED_NODES = 2_000_000
"""Refuse documents whose aliases (`*name`) expand to more nodes than this ('billion laughs')."""

KeyPath = tuple[str | int, ...]
_STD = "tag:yaml.org,2002:"
_STR, _MAP, _SEQ, _MERGE = _STD + "str", _STD + "map", _STD + "seq", _STD + "merge"
_SCALAR = yaml.ScalarNode
_VALUE = _STD + "value"
STD_TAG = _STD
_ANCHOR = re.compile(r"(?:^|[\s\[{,])&[^\s,\[\]{}]")
_DEEP_BLOCK = re.compile(rf"\n[ \t?-]{{{MAX_DEPTH * 2}}}")
_MAX_DIGITS = 4300  # Python's own limit on int("...") length


class Loader(_SafeLoader):
    """The safe loader with a leaner tag resolver (the composer calls it once per node)."""

    def descend_resolver(self, current_node: Any, current_index: Any) -> None:
        return None  # no path resolvers are registered on the safe loader

    def ascend_resolver(self) -> None:
        return None

    def resolve(self, kind: type[yaml.Node], value: Any, implicit: tuple[bool, bool]) -> str:
        if kind is yaml.ScalarNode:
            if implicit[0]:  # a plain scalar: may be a number, bool, null, date...
                for tag, regexp in self.yaml_implicit_resolvers.get(value[:1], ()):
                    if regexp.match(value) and tag != _VALUE:  # PyYAML cannot construct a lone '='
                        return str(tag)
            return _STR
        return _SEQ if kind is yaml.SequenceNode else _MAP


class Builder:
    """Plain data from a node tree: str/map/seq directly (fast), other tags via the safe constructor."""

    def __init__(self, loader: Any) -> None:
        self.loader = loader
        self.memo: dict[int, Any] = {}
        self.duplicates: list[tuple[yaml.Node, yaml.Node]] = []
        """(mapping node, key node) of each key written twice in one mapping."""

    def build(self, node: yaml.Node, depth: int = 0) -> Any:
        kind = type(node)
        if kind is _SCALAR and node.tag == _STR:
            return node.value
        if id(node) in self.memo:  # an alias: the same object, as PyYAML does
            return self.memo[id(node)]
        if depth > MAX_DEPTH:
            message = f"nested deeper than {MAX_DEPTH} levels"
            raise yaml.constructor.ConstructorError(None, None, message, node.start_mark)
        if kind is yaml.SequenceNode and node.tag == _SEQ:
            items: list[Any] = []
            self.memo[id(node)] = items
            for item in node.value:
                items.append(
                    item.value if type(item) is _SCALAR and item.tag == _STR else self.build(item, depth + 1)
                )
            return items
        if kind is yaml.MappingNode and node.tag == _MAP:
            mapping: dict[Any, Any] = {}
            self.memo[id(node)] = mapping
            merges: list[yaml.Node] = []
            for key_node, value_node in node.value:
                if type(key_node) is _SCALAR and key_node.tag == _STR:
                    key = key_node.value
                elif key_node.tag == _MERGE:
                    merges.append(value_node)
                    continue
                else:
                    key = self.build(key_node, depth + 1)
                    if not isinstance(key, str | int | float | bool | None):
                        message = "found a key that is not text or a number"
                        raise yaml.constructor.ConstructorError(None, None, message, key_node.start_mark)
                if key in mapping:
                    self.duplicates.append((node, key_node))
                if type(value_node) is _SCALAR and value_node.tag == _STR:
                    mapping[key] = value_node.value
                else:
                    mapping[key] = self.build(value_node, depth + 1)
            if merges:  # '<<': merged keys first, the mapping's own keys win, earlier merges win
                merged = self.merged(merges, depth)
                own = dict(mapping)
                mapping.clear()
                mapping.update({**merged, **own})
            return mapping
        try:  # ints, floats, bools, nulls, timestamps; bad tags raise ConstructorError with a position
            return self.loader.construct_object(node, deep=True)
        except (ValueError, OverflowError, TypeError) as error:  # '!!int x', 5000-digit integers
            message = _scalar_message(node, error)
            raise yaml.constructor.ConstructorError(None, None, message, node.start_mark) from None

    def merged(self, merges: list[yaml.Node], depth: int) -> dict[Any, Any]:
        out: dict[Any, Any] = {}
        sources = [n for m in merges for n in (m.value if isinstance(m, yaml.SequenceNode) else [m])]
        for source in reversed(sources):
            value = self.build(source, depth + 1)
            if not isinstance(value, dict):
                message = "a '<<' merge needs a mapping (or a list of mappings)"
                raise yaml.constructor.ConstructorError(None, None, message, source.start_mark)
            out.update(value)
        return out


def _scalar_message(node: yaml.Node, error: Exception) -> str:
    """A one-line reason for a scalar that its tag cannot read."""
    if "digits" in str(error) and node.value.lstrip("+-").isdigit():
        return f"number with {len(node.value)} digits is too long (at most {_MAX_DIGITS})"
    tag = str(node.tag).replace(_STD, "!!")
    return f"cannot read {node.value[:40]!r} as {tag}: {str(error).splitlines()[0][:80]}"


def paths_of(root: yaml.Node, wanted: set[int]) -> dict[int, KeyPath]:
    """Key paths of the wanted nodes (by identity), found by an iterative walk."""
    found: dict[int, KeyPath] = {}
    stack: list[tuple[KeyPath, yaml.Node]] = [((), root)]
    seen: set[int] = set()
    while stack and len(found) < len(wanted):
        path, node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        if id(node) in wanted:
            found[id(node)] = path
        if isinstance(node, yaml.MappingNode):
            stack.extend(((*path, str(k.value)), v) for k, v in node.value)
        elif isinstance(node, yaml.SequenceNode):
            stack.extend(((*path, i), item) for i, item in enumerate(node.value))
    return found


class AliasCycle(ValueError):
    """An alias inside the node it refers to (`a: &x [*x]`): its expansion never ends."""

    def __init__(self, node: yaml.Node) -> None:
        super().__init__("a YAML alias refers to a node that contains it (a cycle)")
        self.node = node


def expanded_size(root: yaml.Node) -> int:
    """Node count with every alias expanded, computed without expanding (memoised by identity)."""
    sizes: dict[int, int] = {}
    open_: set[int] = set()  # nodes whose children are being sized: exactly the current path
    stack: list[tuple[yaml.Node, bool]] = [(root, False)]
    while stack:
        node, ready = stack.pop()
        if id(node) in sizes:
            continue
        if not ready and id(node) in open_:
            raise AliasCycle(node)
        open_.add(id(node))
        pairs = node.value if isinstance(node, yaml.MappingNode) else []
        children = [n for pair in pairs for n in pair] if pairs else []
        if isinstance(node, yaml.SequenceNode):
            children = list(node.value)
        if ready:
            open_.discard(id(node))
            sizes[id(node)] = min(1 + sum(sizes[id(c)] for c in children), MAX_EXPANDED_NODES + 1)
        else:
            stack.append((node, True))
            stack.extend((c, False) for c in children if id(c) not in sizes)
    return sizes[id(root)]


def too_deep(text: str) -> tuple[int, int] | None:
    """(line, col) of nesting deep enough to crash the C composer, found before it runs; else None.

    Brackets and indentation are a cheap first look; only when they suggest deep nesting are the
    parser's events counted (iteratively), so brackets inside strings never count.
    """
    if _DEEP_BLOCK.search("\n" + text) is None and text.count("[") + text.count("{") <= MAX_DEPTH:
        return None
    depth = 0
    try:
        for event in yaml.parse(text, Loader=Loader):
            if isinstance(event, yaml.CollectionStartEvent):
                depth += 1
                mark = event.start_mark
                if depth > MAX_DEPTH and mark is not None:
                    return mark.line + 1, mark.column + 1
            elif isinstance(event, yaml.CollectionEndEvent):
                depth -= 1
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        if "nesting depth" in str(error) and mark is not None:  # PyYAML >= 6.0.4 stops at 1000 itself
            return mark.line + 1, mark.column + 1
        return None  # a syntax error before any deep nesting: the real load reports it
    return None


def aliases_too_big(text: str, root: yaml.Node) -> bool:
    """True when the document's aliases expand beyond MAX_EXPANDED_NODES (only looked at with anchors)."""
    return "&" in text and bool(_ANCHOR.search(text)) and expanded_size(root) > MAX_EXPANDED_NODES
