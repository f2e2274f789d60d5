"""Write (or `--check`) the JSON Schema files shipped for editors, generated from the pydantic models."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel

DRAFT = "http://json-schema.org/draft-07/schema#"
"""Draft 7: what yaml-language-server (VS Code, Neovim, Helix...) supports everywhere."""
_SCHEMA_MAPS = ("properties", "definitions", "patternProperties")
_SCHEMA_LISTS = ("anyOf", "oneOf", "allOf", "prefixItems")


@dataclass(frozen=True)
class Target:
    """One shipped schema file and the model it is generated from."""

    path: Path
    model: Callable[[], type[BaseModel]]
    title: str
    patch: Callable[[dict[str, Any]], None] | None = None
    """Adds what validators accept beyond the annotations (the JSON Schema cannot see those)."""


def _deck_model() -> type[BaseModel]:
    from cards.schema import Deck

    return Deck


def _template_model() -> type[BaseModel]:
    from drills.schema import Template

    return Template


def _template_patch(schema: dict[str, Any]) -> None:
    """`fields: [layers, heads]` (a list) is accepted as short for a mapping by CatalogParam."""
    fields = schema["$defs"]["CatalogParam"]["properties"]["fields"]
    names = next(iter(fields["patternProperties"]))
    as_list = {"type": "array", "items": {"type": "string", "pattern": names}}
    keep = {k: fields.pop(k) for k in ("description", "title", "default") if k in fields}
    schema["$defs"]["CatalogParam"]["properties"]["fields"] = {**keep, "anyOf": [fields, as_list]}


def _package_dir(name: str) -> Path:
    from importlib.util import find_spec

    spec = find_spec(name)
    assert spec is not None and spec.origin is not None
    return Path(spec.origin).parent


TARGETS = (
    Target(_package_dir("cards") / "deck.schema.json", _deck_model, "flopcards deck"),
    Target(
        _package_dir("drills") / "template.schema.json",
        _template_model,
        "flopcards drill template",
        _template_patch,
    ),
)


def _draft7(node: Any) -> Any:
    """Pydantic writes draft 2020-12 ($defs, prefixItems); rewrite the few keywords draft 7 lacks."""
    if isinstance(node, list):
        return [_draft7(item) for item in node]
    if not isinstance(node, dict):
        return node
    out: dict[str, Any] = {}
    for key, value in node.items():
        if key == "$defs":
            out["definitions"] = {name: _draft7(s) for name, s in value.items()}
        elif key == "$ref" and isinstance(value, str):
            out[key] = value.replace("#/$defs/", "#/definitions/")
        elif key == "prefixItems":
            out["items"] = [_draft7(s) for s in value]
            out["additionalItems"] = False
        elif key in _SCHEMA_MAPS and isinstance(value, dict):
            out[key] = {name: _draft7(s) for name, s in value.items()}
        elif key in _SCHEMA_LISTS or key in ("items", "additionalProperties", "propertyNames", "not"):
            out[key] = _draft7(value)
        else:
            out[key] = value  # a keyword's value (default, enum, const...): data, left alone
    return out


def render(target: Target) -> str:
    """The file's exact text: stable key order, trailing newline."""
    raw = target.model().model_json_schema()
    if target.patch is not None:
        target.patch(raw)
    schema = _draft7(raw)
    head = {
        "$schema": DRAFT,
        "title": target.title,
        "$comment": "Generated from the pydantic models by `python -m tui.schema_export`; do not edit.",
    }
    schema.pop("title", None)
    return json.dumps({**head, **schema}, indent=2, ensure_ascii=False) + "\n"


def stale(targets: Sequence[Target] = TARGETS) -> list[Path]:
    """Shipped files whose text differs from what the models generate now."""
    out = []
    for target in targets:
        try:
            current = target.path.read_text(encoding="utf-8")
        except OSError:
            current = None
        if current != render(target):
            out.append(target.path)
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tui.schema_export", description=__doc__)
    parser.add_argument("--check", action="store_true", help="only report stale files (exit 1 if any)")
    args = parser.parse_args(argv)
    if args.check:
        old = stale()
        for path in old:
            print(f"{path}: stale; run `python -m tui.schema_export`", file=sys.stderr)
        return 1 if old else 0
    for target in TARGETS:
        target.path.write_text(render(target), encoding="utf-8")
        print(f"wrote {target.path}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
