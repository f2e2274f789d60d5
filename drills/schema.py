"""The drill-template format, declared once as pydantic models (unknown keys are refused)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Discriminator, Field, Tag, model_validator

from drills.param_kind import ParamKind as ParamKind  # re-exported: it lived here
from engine.schemas import Name, Slug, StrictModel

Number = int | float
Unit = Annotated[
    str,
    Field(max_length=40, description="Unit the value is stated in (pint syntax), '' if none."),
]


LABEL_FORBIDDEN = "=`{}*_\\"
"""Characters a given's label may not hold: it is plain words, not a formula or Markdown."""


def _plain_label(text: str) -> str:
    if text != text.strip() or "\n" in text:
        raise ValueError("a label is one line without leading or trailing spaces")
    bad = sorted(set(text) & set(LABEL_FORBIDDEN))
    if bad:
        raise ValueError(f"a label is plain words, e.g. 'compute budget' (no {' '.join(bad)})")
    return text


Label = Annotated[
    str,
    Field(
        max_length=40,
        description="What the given is, shown under 'Given:' instead of the param's name "
        "('compute budget = 2.16 × 10^21 FLOP'); plain words that never state the formula "
        "('' shows the name).",
        json_schema_extra={"pattern": r"^$|^[^\s=`{}*_\\]([^\n=`{}*_\\]*[^\s=`{}*_\\])?$"},
    ),
    AfterValidator(_plain_label),
]


class _Strict(StrictModel):
    model_config = ConfigDict(allow_inf_nan=False)  # .nan/.inf: refused (merged with StrictModel's)


class CatalogParam(_Strict):
    """One catalog entry, drawn at random; its display name is the param's (text) value."""

    catalog: Literal["models", "gpus", "interconnects"]
    ids: list[Slug] | None = Field(
        default=None, description="Only draw among these entry ids (default: every entry)."
    )
    where: dict[str, int | float | str | list[int | float | str]] = Field(
        default_factory=dict,
        description="Only draw entries whose fields equal these values (a list: any of them).",
    )
    fields: dict[Name, str] = Field(
        default_factory=dict,
        description="Params this entry exposes: param name -> catalog field (e.g. L: layers). "
        "Entries lacking one of these fields are never drawn.",
    )

    @model_validator(mode="before")
    @classmethod
    def _fields_list(cls, data: Any) -> Any:
        """`fields: [layers, heads]` is short for `fields: {layers: layers, heads: heads}`."""
        if isinstance(data, dict) and isinstance(data.get("fields"), list):
            data = {**data, "fields": {f: f for f in data["fields"]}}
        return data


class ChoiceParam(_Strict):
    """A number drawn uniformly from a list."""

    choice: list[Number] = Field(min_length=1)
    unit: Unit = ""
    label: Label = ""


class OptionsParam(_Strict):
    """A labelled number: the param holds the value, `<name>_label` holds the label."""

    options: dict[str, Number] = Field(min_length=1, description="label -> value, e.g. {BF16: 2, FP8: 1}.")
    unit: Unit = ""
    label: Label = ""


class RangeParam(_Strict):
    """A number drawn uniformly from a grid: lo, lo+step, ... or lo, lo*factor, ... up to hi."""

    range: tuple[Number, Number]
    step: Annotated[float, Field(gt=0)] | None = None
    factor: Annotated[float, Field(gt=1)] | None = None
    unit: Unit = ""
    label: Label = ""

    @model_validator(mode="after")
    def _grid(self) -> RangeParam:
        lo, hi = self.range
        if hi < lo:
            raise ValueError(f"range [{lo}, {hi}] is empty")
        if (self.step is None) == (self.factor is None):
            raise ValueError("a range needs exactly one of 'step' or 'factor'")
        if self.factor is not None and lo <= 0:
            raise ValueError("a geometric range ('factor') must start above 0")
        if self.step is not None and (hi - lo) / self.step > 100_000:
            raise ValueError("range grid has more than 100000 points")
        return self

    def grid(self) -> list[Number]:
        """Every value the range can take, in increasing order."""
        lo, hi = self.range
        out: list[Number] = []
        if self.step is not None:
            n = int((hi - lo) / self.step + 1e-9)
            out = [lo + i * self.step for i in range(n + 1)]
        else:
            v: float = lo
            while v <= hi * (1 + 1e-12) and len(out) < 1000:
                out.append(v)
                v *= self.factor or 2
        return [int(x) if float(x).is_integer() else x for x in out]


class DerivedParam(_Strict):
    """A value computed from other params (shown in the question like any given)."""

    formula: str = Field(min_length=1)
    unit: Unit = ""
    label: Label = ""


def _param_kind(data: Any) -> str | None:
    if isinstance(data, BaseModel):
        data = data.model_dump()
    if not isinstance(data, dict):
        return None
    for kind in ParamKind:
        if kind.value in data:
            return kind.value
    return None


Param = Annotated[
    Annotated[CatalogParam, Tag(ParamKind.CATALOG.value)]
    | Annotated[ChoiceParam, Tag(ParamKind.CHOICE.value)]
    | Annotated[OptionsParam, Tag(ParamKind.OPTIONS.value)]
    | Annotated[RangeParam, Tag(ParamKind.RANGE.value)]
    | Annotated[DerivedParam, Tag(ParamKind.FORMULA.value)],
    Discriminator(
        _param_kind,
        custom_error_type="param_kind",
        custom_error_message="a param needs one of: catalog, choice, options, range, formula",
    ),
]


class Constraint(_Strict):
    """Redraw the params until min <= formula <= max (and formula is a multiple of `multiple_of`)."""

    formula: str = Field(min_length=1)
    min: Number | None = None
    max: Number | None = None
    multiple_of: Number | Annotated[str, Field(min_length=1)] | None = Field(
        default=None, description="A number or a formula: the value must be a whole multiple of it."
    )
    why: str = Field(default="", description="The realism rule this constraint enforces (for authors).")

    @model_validator(mode="after")
    def _bounded(self) -> Constraint:
        if self.min is None and self.max is None and self.multiple_of is None:
            raise ValueError("a constraint needs 'min', 'max' or 'multiple_of'")
        return self


class Answer(_Strict):
    """What the user must type: a formula over the params, in a unit, within a tolerance."""

    formula: str = Field(min_length=1, description="Over the params and any named step.")
    unit: Unit = ""
    tolerance: float = Field(default=0.02, gt=0, lt=1, description="Relative, 0.02 = 2%.")
    close: float | None = Field(
        default=None,
        gt=0,
        lt=1,
        description="Relative band graded 'close' (default: max(5 x tolerance, 10%)).",
    )
    integer: bool = Field(
        default=False, description="A count ('smallest n', GPUs): only the exact whole number is correct."
    )
    multiple_of: Number | Annotated[str, Field(min_length=1)] | None = Field(
        default=None,
        description="With integer: a feasible answer is a whole multiple of this number or formula "
        "(a GPU count of TP x PP); other counts are refused as not feasible.",
    )
    sig_figs: int | None = Field(
        default=None,
        ge=1,
        le=6,
        description="Grade by significant figures instead of the tolerance: correct when equal to "
        "the answer rounded to this many figures.",
    )
    noun: str = Field(
        default="",
        max_length=20,
        description="What a count answer counts, singular (GPU, node, request, token, micro-batch, "
        "step, parameter, dollar, GPU-hour; FLOP for a scaled amount of compute): an answer naming "
        "another thing is a wrong unit.",
    )
    scale: Annotated[float, Field(gt=0)] = Field(
        default=1,
        description="The scale the question asks in ('in millions of tokens': 1e6); part of the unit.",
    )
    per: dict[str, Number | Annotated[str, Field(min_length=1)]] = Field(
        default_factory=dict,
        description="Conversions the question gives from other nouns to the answer's: "
        "{node: 8, replica: tp} (GPUs per node, per replica), named when an answer counts them.",
    )

    @model_validator(mode="after")
    def _bands(self) -> Answer:
        if self.close is not None and self.close <= self.tolerance:
            raise ValueError("'close' must be wider than 'tolerance'")
        if self.multiple_of is not None and not self.integer:
            raise ValueError("'multiple_of' needs 'integer: true'")
        from engine.counts import noun_of

        for noun in (self.noun, *self.per):
            if noun and noun_of(noun) != noun and not (noun is self.noun and noun == "FLOP"):
                known = noun_of(noun)
                hint = f"write '{known}'" if known else "e.g. GPU, node, request, token, step"
                raise ValueError(f"'{noun}' is not a count noun as written ({hint})")
        if self.per and not self.noun:
            raise ValueError("'per' needs the answer's 'noun'")
        if self.noun and self.unit:
            raise ValueError("a count answer ('noun') has no unit: its noun is its unit")
        return self


class StepSpec(_Strict):
    """One line of the worked solution; `name` lets later steps and the answer reuse it."""

    label: str = Field(min_length=1)
    formula: str = Field(min_length=1)
    unit: Unit = ""
    name: Name | None = None


SlipName = Literal[
    "k-only",
    "all-gather-volume",
    "all-reduce-volume",
    "forward-only",
    "2nd-vs-6nd",
    "both-directions",
    "bits-bytes",
    "gib-gb",
    "mib-mb",
    "ring-factor",
    "bubble-convention",
    "prefix",
    "percent-fraction",
]
"""The slips engine.slips can name (a test keeps this list equal to engine.slips.KINDS)."""
RATIO_NEEDED = frozenset({"ring-factor", "bubble-convention"})


class SlipSpec(_Strict):
    """A slip whose ratio (given ÷ expected when the slip is made) depends on the drawn numbers."""

    slip: SlipName
    ratio: str = Field(
        min_length=1,
        description="given ÷ expected when this slip is made: a formula over params and named steps, "
        "e.g. 'n / (n - 1)' for a forgotten ring factor.",
    )


Level = Literal["warm-up", "interview", "senior"]
LEVELS: tuple[str, ...] = ("warm-up", "interview", "senior")


class Measured(_Strict):
    """A real measurement shown with the worked solution when the drawn set-up matches `when`."""

    when: dict[Name, Number | str] = Field(
        min_length=1, description="Param -> value (a catalog param takes an entry id or name)."
    )
    note: str = Field(min_length=1, description="What was measured, e.g. 'measured on an H100: ...'.")


class Template(_Strict):
    """A drill kind: one file in drills/templates/ (or a user template folder)."""

    id: Slug
    title: str = Field(min_length=1)
    topic: str = Field(min_length=1)
    prompt: str = Field(min_length=1, description="Question text with {param} placeholders.")
    conventions: list[str] = Field(
        min_length=1, description="Sentences shown with the question and the solution."
    )
    params: dict[Name, Param] = Field(min_length=1)
    constraints: list[Constraint] = Field(default_factory=list)
    answer: Answer
    steps: list[StepSpec] = Field(min_length=1)
    level: Level = Field(default="interview", description="warm-up, interview or senior.")
    hint: str = Field(
        default="", description="The shape of the formula, shown on request (costs a grade step)."
    )
    measured: list[Measured] = Field(default_factory=list)
    slips: list[SlipName | SlipSpec] = Field(
        default_factory=list,
        description="Classic mistakes a wrong answer is checked against, to name them in the verdict "
        "(ring-factor and bubble-convention need a {slip, ratio} entry).",
    )
    taught: list[Name] = Field(
        default_factory=list,
        description="Params whose value the question asks the learner to know (format bits, bytes "
        "per parameter of an optimizer layout): never printed under 'Given:', shown in the solution.",
    )
    variety: str = Field(
        default="", description="Why this kind cannot reach 50 distinct questions in 1,000 seeds, if so."
    )

    @model_validator(mode="after")
    def _taught_params(self) -> Template:
        for name in self.taught:
            if name not in self.params:
                raise ValueError(f"taught: '{name}' is not a param")
        return self

    @model_validator(mode="after")
    def _slip_ratios(self) -> Template:
        for slip in self.slips:
            if isinstance(slip, str) and slip in RATIO_NEEDED:
                raise ValueError(f"slip '{slip}' needs a ratio: write {{slip: {slip}, ratio: <formula>}}")
        return self
