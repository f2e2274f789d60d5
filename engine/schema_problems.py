"""Pydantic validation errors turned into positioned, human problems — for every YAML format.

A format says how its pydantic error locations map onto its YAML (`SchemaMap`); the wording,
'did you mean', the missing-key noise removal, dedupe and file order are shared.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ValidationError

from engine.yamlpos import PositionedYaml, Problem, describe_path

Loc = tuple[str | int, ...]


def closest(key: str, model: type[BaseModel] | None) -> str | None:
    """The model's field a misspelt key most likely meant, if any is close."""
    if model is None:
        return None
    close = difflib.get_close_matches(key.lower(), list(model.model_fields), n=1, cutoff=0.6)
    return close[0] if close else None


def did_you_mean(key: str, model: type[BaseModel] | None) -> str:
    """' (did you mean 'front'?)' for a near miss, else the valid keys."""
    if model is None:
        return ""
    close = closest(key, model)
    return f" (did you mean '{close}'?)" if close else f" (valid keys: {', '.join(model.model_fields)})"


def _same(loc: Sequence[str | int]) -> Loc:
    return tuple(loc)


@dataclass(frozen=True)
class SchemaMap:
    """How one format's pydantic error locations map onto its YAML."""

    model_at: Callable[[Loc, Any], type[BaseModel] | None]
    """The model owning the mapping at a pydantic location (given the loaded data)."""
    to_path: Callable[[Sequence[str | int]], Loc] = _same
    """A pydantic location as a key path into the YAML (tags of tagged unions removed)."""
    hint: Callable[[str, type[BaseModel] | None], str] = did_you_mean
    """What to add to 'unknown key' (a near miss, where the key belongs...)."""


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


def _card(loc: Loc, data: Any) -> str:
    """The card a problem is in, by its id: " (card 'bubble')"; '' outside a deck's cards."""
    if len(loc) < 2 or loc[0] != "cards" or not isinstance(loc[1], int) or not isinstance(data, dict):
        return ""
    cards = data.get("cards")
    card = cards[loc[1]] if isinstance(cards, list) and loc[1] < len(cards) else None
    card_id = card.get("id") if isinstance(card, dict) else None
    return f" (card '{card_id}')" if isinstance(card_id, str) and card_id else ""


def _message(item: Any, loc: Loc, data: Any = None) -> str:
    kind = item["type"]
    where = describe_path(loc)
    value = item.get("input")
    if kind == "string_too_short":
        least = (item.get("ctx") or {}).get("min_length", 1)
        what = "the text is empty: write it" if least == 1 else f"write at least {least} characters"
        return f"{where}{_card(loc, data)}: {what}"
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


def validation_problems(
    error: ValidationError, doc: PositionedYaml, filename: str, schema: SchemaMap
) -> list[Problem]:
    """One positioned problem per pydantic error, in file order."""
    out: list[Problem] = []
    errors = error.errors(include_url=False)
    meant = {  # a misspelt key also makes the key it meant "missing": report the misspelling only
        (*schema.to_path(raw[:-1]), closest(str(raw[-1]), schema.model_at(tuple(raw[:-1]), doc.data)))
        for raw in (e["loc"] for e in errors if e["type"] == "extra_forbidden")
    }
    for item in errors:
        raw, loc = tuple(item["loc"]), schema.to_path(item["loc"])
        if item["type"] == "missing" and loc in meant:
            continue
        if item["type"] == "extra_forbidden":
            key = str(loc[-1])
            message = f"unknown key '{key}'{schema.hint(key, schema.model_at(raw[:-1], doc.data))}"
            pos = doc.position(loc, key=True)
        elif item["type"] == "missing":
            message = f"missing required field '{loc[-1]}' in {describe_path(loc[:-1])}"
            pos = doc.position(loc[:-1])
        else:
            message = _message(item, loc, doc.data)
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
