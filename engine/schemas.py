"""What the YAML formats (decks, drill templates, the catalog) share: the strict base model, the id
and name patterns, and the file suffixes (kept in engine.file_kinds) — one copy of each."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

from engine.file_kinds import DRILL_SUFFIX as DRILL_SUFFIX  # re-exported with the models
from engine.file_kinds import YAML_SUFFIXES as YAML_SUFFIXES

ID_PATTERN = r"^[a-z0-9][a-z0-9._-]*$"
"""Deck, card, template and catalog ids: lower-case kebab/dotted slugs, stable across wording edits."""
NAME_PATTERN = r"^[a-z][a-z0-9_]*$"
"""Names a formula refers to (template params and steps)."""

Slug = Annotated[str, Field(pattern=ID_PATTERN, min_length=1, max_length=80)]
Name = Annotated[str, Field(pattern=NAME_PATTERN, max_length=40)]


class StrictModel(BaseModel):
    """Unknown keys are refused and loaded values are frozen."""

    model_config = ConfigDict(extra="forbid", frozen=True)
