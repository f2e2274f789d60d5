"""Writing a deck as readable YAML (block scalars for multi-line text), safely and round-trippably."""

from __future__ import annotations

import re
from typing import Any

import yaml

from cards.example import schema_line
from cards.schema import Deck
from engine.yamlpos import quiet_gc

_CARD_KEYS = ("id", "front", "back", "tags", "note", "see_also", "answer", "checks")
_DECK_KEYS = ("id", "title", "description", "source")


class _Dumper(getattr(yaml, "CSafeDumper", yaml.SafeDumper)):  # type: ignore[misc]
    """SafeDumper writing multi-line strings as `|` blocks and lists of short strings inline.

    libyaml's emitter when PyYAML has it: the same text (every bundled deck compared), ~5x faster
    for a 60,000-card import."""

    def ignore_aliases(self, data: Any) -> bool:
        return True

    def resolve(self, kind: Any, value: Any, implicit: Any) -> Any:
        """BaseResolver.resolve's answer, short-cut for text no implicit resolver can claim (its
        first character starts no number, boolean or null: most card text); asked twice a value."""
        if kind is yaml.ScalarNode and (not implicit[0] or (value and value[0] not in _CLAIMED)):
            return "tag:yaml.org,2002:str"
        return super().resolve(kind, value, implicit)


_CLAIMED = frozenset(_Dumper.yaml_implicit_resolvers)
"""First characters some implicit resolver looks at (no wildcard or path resolver is registered:
checked in tests/authoring, else the short cut would be wrong)."""


_ODD_BREAKS = ("\x85", "\u2028", "\u2029")
"""Line breaks PyYAML cannot round-trip in plain, single-quoted or block style."""
_ODD_BREAK = re.compile("[" + "".join(_ODD_BREAKS) + "]")


_STR = "tag:yaml.org,2002:str"
_SEQ = "tag:yaml.org,2002:seq"
_MAP = "tag:yaml.org,2002:map"


def _str(dumper: yaml.SafeDumper, text: str) -> yaml.ScalarNode:
    """The node represent_scalar would make (no aliases are kept: ignore_aliases), made directly."""
    if _ODD_BREAK.search(text):
        return yaml.ScalarNode(_STR, text, style='"')
    if "\n" in text.rstrip("\n"):
        return yaml.ScalarNode(_STR, text, style="|")
    return yaml.ScalarNode(_STR, text)


def _list(dumper: yaml.SafeDumper, items: list[Any]) -> yaml.SequenceNode:
    flow = all(isinstance(i, str) and "\n" not in i and len(i) < 40 for i in items)
    return dumper.represent_sequence("tag:yaml.org,2002:seq", items, flow_style=flow)


_Dumper.add_representer(str, _str)
_Dumper.add_representer(list, _list)


def _node(value: Any) -> yaml.Node | None:
    """The node the representers make for text, lists and string-keyed mappings of those, made
    directly (a third of a 60,000-card import went to the representer's bookkeeping); None for
    anything else (numbers, booleans), which the representer then does."""
    if isinstance(value, str):
        return _str(None, value)  # type: ignore[arg-type]
    if isinstance(value, list):
        items = [_node(item) for item in value]
        if None in items:
            return None
        flow = all(isinstance(i, str) and "\n" not in i and len(i) < 40 for i in value)
        return yaml.SequenceNode(_SEQ, items, flow_style=flow)
    if isinstance(value, dict):
        pairs = []
        for key, item in value.items():
            node = _node(item)
            if not isinstance(key, str) or node is None:
                return None
            pairs.append((_str(None, key), node))  # type: ignore[arg-type]
        return yaml.MappingNode(_MAP, pairs, flow_style=False)
    return None


def _dump_cards(cards: list[dict[str, Any]]) -> str:
    """`{"cards": cards}` as _dump writes it."""
    node = _node({"cards": cards})
    if node is None:
        return _dump({"cards": cards})
    return str(yaml.serialize(node, Dumper=_Dumper, allow_unicode=True, width=100))


def card_dict(card: dict[str, Any]) -> dict[str, Any]:
    """Keys in the documented order; empty optional fields left out."""
    return {k: card[k] for k in _CARD_KEYS if card.get(k) not in (None, [], {}, "")}


def _dump(data: dict[str, Any]) -> str:
    return str(yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=100))


CHUNK = 500
"""Cards dumped at a time: the YAML node graph of 60,000 cards at once held ~150 MB."""


def deck_text(deck: Deck, header: str = "") -> str:
    """The deck as YAML text, starting with the schema modeline and an optional comment block."""
    with quiet_gc():  # a node per value: with the collector on, a 60,000-card deck took 1.6x as long
        return _deck_text(deck, header)


def _deck_text(deck: Deck, header: str) -> str:
    data = deck.model_dump(mode="json", exclude_defaults=True, exclude={"cards"})
    parts = [_dump({k: data[k] for k in _DECK_KEYS if k in data})]
    if not deck.cards:
        parts.append(_dump({"cards": []}))
    for start in range(0, len(deck.cards), CHUNK):
        chunk = [
            card_dict(card.model_dump(mode="json", exclude_defaults=True))
            for card in deck.cards[start : start + CHUNK]
        ]
        text = _dump_cards(chunk)
        parts.append(text if start == 0 else text.split("\n", 1)[1])  # one `cards:` key
    comments = "".join(f"# {line}\n".replace("# \n", "#\n") for line in header.splitlines())
    return f"{schema_line()}\n{comments}\n{''.join(parts)}"
