"""What the YAML formats (decks, drill templates, the catalog) share: the strict base model, the id
and name patterns, and the file suffixes — one copy of each."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

ID_PATTERN = r"^[a-z0-9][a-z0-9._-]*$"
"""Deck, card, template and catalog ids: lower-case kebab/dotted slugs, stable across wording edits."""
NAME_PATTERN = r"^[a-z][a-z0-9_]*$"
"""Names a formula refers to (template params and steps)."""

Slug = Annotated[str, Field(pattern=ID_PATTERN, min_length=1, max_length=80)]
Name = Annotated[str, Field(pattern=NAME_PATTERN, max_length=40)]

YAML_SUFFIXES = (".yaml", ".yml")
DRILL_SUFFIX = ".drill.yaml"
"""In a deck folder, files ending so are drill templates (the deck loader skips them)."""


class StrictModel(BaseModel):
    """Unknown keys are refused and loaded values are frozen."""

    model_config = ConfigDict(extra="forbid", frozen=True)
