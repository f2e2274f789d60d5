"""Pydantic's validation errors turned into positioned, human problems (with 'did you mean')."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel, ValidationError

from cards.schema import Card, Check, Deck, FormulaAnswer, NumericAnswer
from engine.schema_problems import SchemaMap, closest, did_you_mean
from engine.schema_problems import dedupe as dedupe
from engine.schema_problems import sort_problems as sort_problems
from engine.schema_problems import validation_problems as schema_validation_problems
from engine.yamlpos import PositionedYaml, Problem

_UNION_TAGS = {"answer": {"NumericAnswer", "FormulaAnswer"}}
"""Union members pydantic inserts into an error's location, by the field they follow."""

_NESTED = {"answer": (NumericAnswer, FormulaAnswer), "checks": (Check,)}
"""Where a key that is unknown at card level may belong instead."""


def clean_loc(loc: Sequence[str | int]) -> tuple[str | int, ...]:
    """The error location as a key path into the YAML (union member names removed)."""
    out: list[str | int] = []
    for part in loc:
        if out and isinstance(out[-1], str) and part in _UNION_TAGS.get(out[-1], ()):
            continue
        out.append(part)
    return tuple(out)


def model_at(path: Sequence[str | int], data: Any) -> type[BaseModel] | None:
    """The schema model that owns the mapping at `path` in `data`."""
    names = [p for p in path if isinstance(p, str)]
    if not names:
        return Deck
    if names == ["cards"]:
        return Card
    if names == ["cards", "checks"]:
        return Check
    if names == ["cards", "answer"]:
        node = data
        for part in path:
            try:
                node = node[part]
            except (KeyError, IndexError, TypeError):
                return None
        return FormulaAnswer if isinstance(node, dict) and "formula" in node else NumericAnswer
    return None


def suggest(key: str, model: type[BaseModel] | None) -> str:
    """' (did you mean 'front'?)' for a near miss, or where the key belongs when it is nested."""
    if model is Card and closest(key, model) is None:
        for parent, members in _NESTED.items():
            if any(key in m.model_fields for m in members):
                return f" ('{key}' belongs under '{parent}')"
    return did_you_mean(key, model)


SCHEMA = SchemaMap(
    model_at=lambda loc, data: model_at(clean_loc(loc), data),
    to_path=clean_loc,
    hint=lambda k, m: suggest(k, m),
)


def validation_problems(error: ValidationError, doc: PositionedYaml, filename: str) -> list[Problem]:
    """One positioned problem per pydantic error, in file order."""
    return schema_validation_problems(error, doc, filename, SCHEMA)
