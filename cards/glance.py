"""One card's front and answer hint read straight from the deck cache: what the review screen shows
while the decks are still opening (the start-up path: no pydantic, no YAML)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from cards.hints import cached_hint
from cards.version import DECK_NAMESPACE
from engine.cache import FileCache
from engine.cardtext import shown_markdown


@dataclass(frozen=True)
class CardGlance:
    front: str
    hint: str | None
    """What the answer box asks for; None when the card is not answered by typing."""


def glance_card(cached: str, deck_id: str, card_id: str) -> CardGlance | None:
    """The card as a cached deck read holds it (a validated deck's JSON); None when it is not there
    or the payload is not one."""
    try:
        deck = json.loads(cached)["deck"]
        if deck is None or deck["id"] != deck_id:
            return None
        for card in deck["cards"]:
            if card["id"] == card_id:
                front = card["front"]
                if not isinstance(front, str) or not front:
                    return None
                return CardGlance(shown_markdown(front), cached_hint(card.get("answer")))
    except (KeyError, TypeError, ValueError, IndexError):
        return None
    return None


def read_glance(cache: FileCache, path: Path, deck_id: str, card_id: str) -> CardGlance | None:
    """The card from the cached read of deck file `path`, if that file is unchanged since."""
    text = cache.get_text(DECK_NAMESPACE, path)
    return None if text is None else glance_card(text, deck_id, card_id)
