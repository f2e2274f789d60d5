"""The open questions a mock interview draws from: every loaded card with a rubric, with its track."""

from __future__ import annotations

from cards.loader import Collection
from cards.schema import Card
from engine.interview import OpenQuestion, Track
from engine.rubric import RubricPoint

SERVING_TAGS = frozenset(
    t.lower()
    for t in (
        "Serving",
        "Inference",
        "KV cache",
        "Decode",
        "Prefill",
        "Speculative decoding",
        "Scheduling",
        "Disaggregation",
        "Serving metrics",
        "Prefix caching",
        "Continuous batching",
        "Paged attention",
        "Batching",
        "Quantization",
        "Long context",
        "Routing",
    )
)
"""A card tagged with one of these belongs to the inference-and-serving track; others to training."""
SERVING_DECKS = frozenset({"llm-serving"})
INTERVIEW_DECKS = frozenset({"grill", "systems", "llm-serving"})
"""Decks written as interview questions: asked before the cheat sheets and phrasing cards of others."""


def track_of(deck_id: str, card: Card) -> Track:
    serving = deck_id in SERVING_DECKS or any(t.lower() in SERVING_TAGS for t in card.tags)
    return Track.SERVING if serving else Track.TRAINING


def open_question(deck_id: str, card: Card) -> OpenQuestion:
    return OpenQuestion(
        key=f"{deck_id}/{card.id}",
        front=card.front,
        back=card.back,
        topic=card.tags[0] if card.tags else deck_id,
        track=track_of(deck_id, card),
        rubric=tuple(RubricPoint(p.point, p.weight, p.essential) for p in card.rubric),
        drills=tuple(card.drills),
        priority=0 if deck_id in INTERVIEW_DECKS else 1,
    )


def interview_pool(collection: Collection) -> list[OpenQuestion]:
    """Every card with a rubric, deck by deck (validates each deck's cards: call it off the UI thread)."""
    return [
        open_question(loaded.id, card)
        for loaded in collection.decks
        for card in loaded.deck.cards
        if card.rubric
    ]
