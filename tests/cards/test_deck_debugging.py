"""The bundled debugging deck: loads, covers every scenario, lever and explanation of its sources."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

import cards
from cards.schema import Deck

DECKS = Path(cards.__file__).with_name("decks")

SYMPTOMS = (
    "gpu-idle-between-batches",
    "short-idle-gaps-sync",
    "low-occupancy-high-bandwidth",
    "idle-during-allreduce",
    "many-small-kernels",
)
SCENARIOS = (
    "gpu-util-30",
    "int8-accuracy-drop",
    "no-scaling-8-to-64",
    "p99-5x-p50",
    "oom-batch-4",
    "loss-spikes-epoch-boundary",
    "nan-in-training",
    "serving-memory-leak",
)
CHEAT_SHEET = (
    "mixed-precision",
    "torch-compile",
    "fused-optimizer",
    "flashattention",
    "grad-checkpoint",
    "ddp",
    "fsdp",
    "tensorrt",
    "int8",
    "int4",
    "structured-pruning",
    "distillation",
    "vllm",
)
EXPLANATIONS = (
    "memory-breakdown",
    "oom-levers",
    "grad-accumulation",
    "activation-checkpointing",
    "mixed-precision",
    "fsdp",
    "zero",
    "data-parallelism",
    "tensor-parallelism",
    "pipeline-parallelism",
    "long-context",
    "serving-tradeoffs",
    "failure-modes",
    "what-interviewers-want",
)


def _load(name: str) -> Deck:
    with (DECKS / f"{name}.yaml").open(encoding="utf-8") as fh:
        return Deck.model_validate(yaml.safe_load(fh))


DECK = _load("debugging")
BY_ID = {c.id: c for c in DECK.cards}


def test_deck_identity_and_count() -> None:
    assert DECK.id == "debugging"
    assert len(DECK.cards) == 54  # sync-points merged into short-idle-gaps-sync (issue 29)
    assert len(BY_ID) == len(DECK.cards), "card ids must be unique"


def test_every_card_is_tagged_and_opens_with_a_bold_headline() -> None:
    for card in DECK.cards:
        assert card.tags, card.id
        assert card.back.lstrip().startswith("**"), card.id


@pytest.mark.parametrize("card_id", SCENARIOS)
def test_every_scenario_row_has_cause_diagnosis_and_fix(card_id: str) -> None:
    card = BY_ID[card_id]
    assert "Debugging scenario" in card.tags
    assert "Fix" in card.back
    assert "Diagnose" in card.back or "Inspect" in card.back


@pytest.mark.parametrize("card_id", SYMPTOMS)
def test_every_profiler_symptom_names_a_fix(card_id: str) -> None:
    card = BY_ID[card_id]
    assert "Profiling" in card.tags
    assert "Fix" in card.back


@pytest.mark.parametrize("technique", CHEAT_SHEET)
def test_every_cheat_sheet_row_is_a_card(technique: str) -> None:
    card = BY_ID[f"opt-{technique}"]
    assert "Optimization" in card.tags


@pytest.mark.parametrize("topic", EXPLANATIONS)
def test_every_explanation_is_an_interview_phrasing_card(topic: str) -> None:
    card = BY_ID[f"explain-{topic}"]
    assert "Interview phrasing" in card.tags
    assert card.front.lstrip().startswith(("How", "What", "Data", "Tensor", "Pipeline"))


def test_priority_lists_are_numbered_in_order() -> None:
    for card_id in ("training-priority", "inference-priority"):
        steps = [
            int(line.split(".", 1)[0]) for line in BY_ID[card_id].back.splitlines() if line[:1].isdigit()
        ]
        assert len(steps) >= 4 and steps == list(range(1, len(steps) + 1)), card_id
