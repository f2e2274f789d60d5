"""The deck format, declared once: loader, validator and JSON Schema all derive from it."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, Discriminator, Field, Tag, field_validator

from cards.hints import DEFAULT_TOLERANCE
from engine.rubric import MAX_POINTS, MIN_POINTS
from engine.schemas import ID_PATTERN as ID_PATTERN  # re-exported: deck ids follow it
from engine.schemas import Slug
from engine.schemas import StrictModel as _Strict


class NumericAnswer(_Strict):
    """A number the user types, checked with units and a relative tolerance."""

    value: float | str = Field(
        description="The expected number, or an arithmetic formula without free variables "
        "(e.g. '16 * 70e9 / 1e12') that the engine evaluates.",
    )
    unit: str = Field(
        default="",
        description="Unit the question asks for (pint syntax: GB, GiB, ms, TFLOPS, %); '' if none.",
    )
    tolerance: float = Field(
        default=DEFAULT_TOLERANCE, gt=0, lt=1, description="Relative tolerance for 'correct' (0.02 = 2%)."
    )

    @field_validator("value", mode="before")
    @classmethod
    def _number_or_text(cls, value: Any) -> Any:
        """One clear error instead of one per member of `float | str`."""
        if isinstance(value, bool) or not isinstance(value, int | float | str):
            raise ValueError("must be a number or an arithmetic formula in quotes, e.g. '16 * 70e9 / 1e12'")
        return value


class FormulaAnswer(_Strict):
    """A formula the user types, checked for symbolic equivalence."""

    formula: str = Field(description="Expected formula, e.g. '(p - 1)/(m + p - 1)'.")
    variables: dict[str, str] = Field(
        description="Each variable name the question defines, with its meaning.", min_length=1
    )


class Check(_Strict):
    """A numeric claim in the card's text, recomputed by the engine so an edit cannot break it."""

    text: str = Field(description="A figure that appears verbatim in front, back or note.")
    formula: str = Field(description="Arithmetic (no free variables) giving the leading number of `text`.")
    tolerance: float = Field(default=0.01, gt=0, lt=1, description="Relative tolerance.")
    source: str | None = Field(
        default=None,
        description="Where the figure comes from: a paper with section, a datasheet, a documentation "
        "page, or 'derived' when the formula itself is the derivation.",
    )


class RubricPoint(_Strict):
    """One point a strong answer to an open question covers (a line of the rubric's checklist)."""

    point: str = Field(min_length=1, description="What the answer covers, in one short line.")
    weight: int = Field(default=1, ge=1, le=5, description="Its weight in the coverage (1 by default).")
    essential: bool = Field(
        default=False, description="Missing it caps the proposed grade at 3, whatever else is covered."
    )

    @field_validator("point")
    @classmethod
    def _not_blank(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("a rubric point is empty: say what the answer covers")
        if "\n" in value.strip():
            raise ValueError("a rubric point is one line")
        return value.strip()


def _point_or_text(data: Any) -> Any:
    """`- text` is a point of weight 1; `- {point: text, weight: 2, essential: true}` says more."""
    return {"point": data} if isinstance(data, str) else data


def _line_or_point(schema: dict[str, Any]) -> None:
    """In the JSON Schema too, a rubric item is a plain line or a {point, weight, essential} mapping."""
    schema["items"] = {"anyOf": [{"type": "string", "minLength": 1}, schema["items"]]}


def _answer_kind(data: Any) -> str | None:
    """A mapping with `formula` is a formula answer; any other mapping is a numeric one."""
    if isinstance(data, BaseModel):
        return type(data).__name__
    if not isinstance(data, dict):
        return None
    return "FormulaAnswer" if "formula" in data else "NumericAnswer"


Answer = Annotated[
    Annotated[NumericAnswer, Tag("NumericAnswer")] | Annotated[FormulaAnswer, Tag("FormulaAnswer")],
    Discriminator(
        _answer_kind,
        custom_error_type="answer_kind",
        custom_error_message="an answer is a mapping with 'value' (a number) or 'formula' (with 'variables')",
    ),
]
"""Which member applies is decided by the keys, so an error names only the fields of that member."""


class Card(_Strict):
    """One flashcard."""

    id: Slug = Field(description="Stable id, unique in the deck; history is keyed by deck/card.")
    front: str = Field(min_length=1, description="The question (Markdown).")
    back: str = Field(min_length=1, description="The whole answer (Markdown).")
    tags: list[str] = Field(default_factory=list, description="Topics, e.g. FSDP, Serving.")
    note: str | None = Field(default=None, description="Caveats, conventions, common slips, for the learner.")
    see_also: list[str] = Field(
        default_factory=list, description="Related card ids ('card-id' or 'deck-id/card-id')."
    )
    answer: Answer | None = Field(default=None, description="Makes the card answerable by typing.")
    checks: list[Check] = Field(
        default_factory=list, description="Numeric claims recomputed by the test suite."
    )
    source: str | None = Field(
        default=None,
        description="Source of the numbers the back states (paper with section, datasheet, docs page, "
        "or 'derived'); shown under the answer.",
    )
    rubric: list[RubricPoint] = Field(
        default_factory=list,
        max_length=MAX_POINTS,
        description=f"The {MIN_POINTS} to {MAX_POINTS} points a strong answer covers: a checklist when the "
        "answer shows, whose coverage proposes the grade. A line of text, or {point, weight, essential}.",
        json_schema_extra=_line_or_point,
    )
    drills: list[Slug] = Field(
        default_factory=list,
        description="Drill kinds that test the same idea with numbers (ids from `flopcards drill list`).",
    )

    @field_validator("rubric", mode="before")
    @classmethod
    def _rubric_points(cls, value: Any) -> Any:
        if isinstance(value, list):
            if value and not MIN_POINTS <= len(value) <= MAX_POINTS:
                raise ValueError(f"a rubric has {MIN_POINTS} to {MAX_POINTS} points, not {len(value)}")
            return [_point_or_text(item) for item in value]
        return value


class Deck(_Strict):
    """A deck file: metadata plus its cards."""

    id: Slug = Field(description="Deck id, unique across bundled and user decks.")
    title: str = Field(min_length=1, description="Shown in the deck list.")
    description: str = Field(default="", description="Shown on the deck's page (Markdown).")
    source: str | None = Field(default=None, description="Where the cards come from.")
    cards: list[Card] = Field(default_factory=list, description="The cards, in study order.")
