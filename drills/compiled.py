"""A compiled template: what generating a drill reads (light: no schema, YAML or catalog import)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from drills.param_kind import ParamKind
from engine.formula import Formula

if TYPE_CHECKING:
    from drills.schema import StepSpec, Template


@dataclass(frozen=True)
class Draw:
    """How to draw one declared param: `choices` holds entries, numbers or (label, value) pairs."""

    name: str
    kind: ParamKind  # never FORMULA: derived params are computed, not drawn
    choices: tuple[Any, ...]
    fields: tuple[tuple[str, str], ...] = ()  # catalog: (param name, catalog field)


@dataclass(frozen=True)
class CompiledTemplate:
    """A template ready to generate drills from."""

    spec: Template
    path: str
    draws: tuple[Draw, ...]
    derived: tuple[tuple[str, Formula], ...]  # dependency order
    constraints: tuple[tuple[Formula, float | None, float | None], ...]
    answer: Formula
    steps: tuple[tuple[StepSpec, Formula], ...]
    units: Mapping[str, str]  # every param, display order -> unit
    text_names: frozenset[str]
    multiples: tuple[tuple[Formula, Formula], ...] = ()  # (value, divisor): value % divisor == 0
    measured: tuple[tuple[Mapping[str, Any], str], ...] = ()  # (param -> accepted values, note)
    slips: tuple[tuple[str, Formula | None], ...] = ()  # (slip name, ratio formula or its default)
    answer_multiple: Formula | None = None  # a feasible count is a whole multiple of this
    per: tuple[tuple[str, Formula], ...] = ()  # (noun, how many answer nouns in one of it)
    unused: frozenset[str] = frozenset()
    """Params the question's text, answer and steps never use (only constraints do: a model's
    maximum context, a GPU's memory): left out of 'Given:', where they only confuse."""
    labels: Mapping[str, str] = field(default_factory=dict)
    """Param -> the template's label for it ('compute budget'), shown under 'Given:' for its name."""
