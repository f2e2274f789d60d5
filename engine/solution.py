"""Worked solutions: a sequence of labelled steps rendered as plain text, one line per step."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.units import format_quantity


@dataclass(frozen=True)
class Step:
    """One step of a worked solution: what is computed, how, with which numbers, and the result."""

    label: str  # "KV bytes per token"
    formula: str  # "2 × layers × kv_heads × head_dim × bytes"
    substituted: str  # "2 × 32 × 8 × 128 × 2"
    value: float
    unit: str  # "B"


def render_step(step: Step, sig: int = 4) -> str:
    """'KV bytes per token: 2 × layers × … = 2 × 32 × … = 131072 B'."""
    parts = [p.strip() for p in (step.formula, step.substituted) if p and p.strip()]
    if len(parts) == 2 and parts[0] == parts[1]:
        parts.pop()
    parts.append(format_quantity(step.value, step.unit, sig))
    return f"{step.label}: {' = '.join(parts)}" if step.label else " = ".join(parts)


def render_steps(steps: Sequence[Step], sig: int = 4) -> str:
    """A numbered plain-text worked solution, one line per step, each ending with its unit."""
    width = len(str(len(steps)))
    return "\n".join(f"{i:>{width}}. {render_step(s, sig)}" for i, s in enumerate(steps, 1))
