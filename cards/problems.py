"""Pydantic's validation errors turned into positioned, human problems (with 'did you mean')."""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Sequence
from typing import Any

from pydantic import BaseModel, ValidationError

from cards.schema import Card, Check, Deck, FormulaAnswer, NumericAnswer
from engine.yamlpos import PositionedYaml, Problem, describe_path

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


def closest(key: str, model: type[BaseModel] | None) -> str | None:
    """The model's field a misspelt key most likely meant, if any is close."""
    if model is None:
        return None
    close = difflib.get_close_matches(key.lower(), list(model.model_fields), n=1, cutoff=0.6)
    return close[0] if close else None


def suggest(key: str, model: type[BaseModel] | None) -> str:
    """' (did you mean 'front'?)' for a near miss, or where the key belongs when it is nested."""
    if model is None:
        return ""
    close = closest(key, model)
    if close:
        return f" (did you mean '{close}'?)"
    if model is Card:
        for parent, members in _NESTED.items():
            if any(key in m.model_fields for m in members):
                return f" ('{key}' belongs under '{parent}')"
    valid = ", ".join(model.model_fields)
    return f" (valid keys: {valid})"


def _shown(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "nothing (null)"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _message(item: Any, loc: tuple[str | int, ...]) -> str:
    kind = item["type"]
    where = describe_path(loc)
    value = item.get("input")
    if kind == "string_type":
        hint = " (put it in quotes)" if isinstance(value, bool | int | float) else ""
        return f"{where}: expected text, got {_shown(value)}{hint}"
    if kind in ("float_type", "float_parsing", "int_type", "int_parsing"):
        return f"{where}: expected a number, got {_shown(value)}"
    if kind == "list_type":
        return f"{where}: expected a list (e.g. [a, b]), got {_shown(value)}"
    if kind in ("model_type", "dict_type", "model_attributes_type"):
        return f"{where}: expected a mapping of keys, got {_shown(value)}"
    if kind == "string_pattern_mismatch" and loc and loc[-1] == "id":
        return f"{where}: '{value}' is not a valid id (lower-case letters, digits, '.', '_', '-')"
    message = str(item["msg"]).removeprefix("Value error, ")
    return f"{where}: {message}"


def validation_problems(error: ValidationError, doc: PositionedYaml, filename: str) -> list[Problem]:
    """One positioned problem per pydantic error, in file order."""
    out: list[Problem] = []
    errors = error.errors(include_url=False)
    meant = {  # a misspelt key also makes the key it meant "missing": report the misspelling only
        (*loc[:-1], closest(str(loc[-1]), model_at(loc[:-1], doc.data)))
        for loc in (clean_loc(e["loc"]) for e in errors if e["type"] == "extra_forbidden")
    }
    for item in errors:
        loc = clean_loc(item["loc"])
        if item["type"] == "missing" and loc in meant:
            continue
        if item["type"] == "extra_forbidden":
            key = str(loc[-1])
            message = f"unknown key '{key}'{suggest(key, model_at(loc[:-1], doc.data))}"
            pos = doc.position(loc, key=True)
        elif item["type"] == "missing":
            message = f"missing required field '{loc[-1]}' in {describe_path(loc[:-1])}"
            pos = doc.position(loc[:-1])
        else:
            message = _message(item, loc)
            pos = doc.position(loc)
        out.append(Problem(filename, pos.line if pos else None, pos.col if pos else None, message))
    return sort_problems(dedupe(out))


def dedupe(problems: Iterable[Problem]) -> list[Problem]:
    seen: set[tuple[Any, ...]] = set()
    out = []
    for problem in problems:
        sig = (problem.path, problem.line, problem.col, problem.message)
        if sig not in seen:
            seen.add(sig)
            out.append(problem)
    return out


def sort_problems(problems: Iterable[Problem]) -> list[Problem]:
    """File order: by path, then line and column (problems without a line first)."""
    return sorted(problems, key=lambda p: (p.path, p.line or 0, p.col or 0))
