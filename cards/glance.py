"""One card's front, answer hint and back read straight from the deck cache: what the review screen
shows while the decks are still opening (the start-up path: no pydantic, no YAML)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cards.back_text import cached_back
from cards.front_text import front_text
from cards.hints import cached_hint
from cards.version import DECK_NAMESPACE
from engine.cache import FileCache
from engine.cardtext import shown_markdown


@dataclass(frozen=True)
class CardGlance:
    front: str
    hint: str | None
    """What the answer box asks for; None when the card is not answered by typing."""
    back: str | None = None
    """The answer side as the review shows it, when it can show before the session: a card with
    neither a typed answer nor a rubric (those need the session to check or grade what is shown)."""


def glance_card(cached: str, deck_id: str, card_id: str) -> CardGlance | None:
    """The card as a cached deck read holds it (a validated deck's JSON); None when it is not there
    or the payload is not one. The card's own object is decoded where its id is found (a deck of
    100k cards is 7 MB of JSON: decoding all of it took ~80 ms); else the whole payload is."""
    card = _card_at(cached, deck_id, card_id)
    try:
        if card is None:
            deck = json.loads(cached)["deck"]
            if deck is None or deck["id"] != deck_id:
                return None
            card = next((c for c in deck["cards"] if c["id"] == card_id), None)
        if card is None:
            return None
        front = card["front"]
        if not isinstance(front, str) or not front:
            return None
        hint = cached_hint(card.get("answer"))
        plain = hint is None and not card.get("rubric")
        back = shown_markdown(cached_back(card)) if plain else None
        note = card.get("note")
        shown = front_text(front, note if isinstance(note, str) else None, hint is not None)
        return CardGlance(shown_markdown(shown), hint, back)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        return None


def _card_at(cached: str, deck_id: str, card_id: str) -> Mapping[str, Any] | None:
    """The card's object in a payload that starts with the deck's id, or None (then the whole
    payload is decoded)."""
    head = '{"deck":{"id":' + json.dumps(deck_id, ensure_ascii=False) + ","
    return card_object(cached, card_id, len(head)) if cached.startswith(head) else None


def card_object(text: str, card_id: str, start: int = 0) -> dict[str, Any] | None:
    """A card's JSON object in a cached deck's text, decoded alone: found by its id from `start` (ids
    are slugs, nothing in them is escaped; a quote inside a text is), None when not there."""
    at = text.find(_needle(card_id), start)
    found = None if at < 0 else _object_at(text, at)[0]
    return found if found is not None and "front" in found else None


def card_near(text: str, card_id: str, near: int) -> tuple[dict[str, Any] | None, int]:
    """The card's object (its id checked) and where it ends, looked for from `near` first, then
    before it: a session shows a deck's cards mostly in the deck's order, so a search from where
    the last one ended is short (from the start, a card of a 10k-card deck took ~0.1 ms; of a
    100k-card deck, ~1 ms). (None, near) when the text has no such card."""
    needle = _needle(card_id)
    for low, high in ((near, len(text)), (0, min(near + len(needle), len(text)))):
        at = text.find(needle, low, high)
        while at >= 0:  # another object may start so (the deck's own, if the ids are the same)
            found, end = _object_at(text, at)
            if found is not None and found.get("id") == card_id and "front" in found:
                return found, end
            at = text.find(needle, at + 1, high)
    return None, near


def _needle(card_id: str) -> str:
    return '{"id":' + json.dumps(card_id, ensure_ascii=False) + ","


def _object_at(text: str, at: int) -> tuple[dict[str, Any] | None, int]:
    try:
        found, end = json.JSONDecoder().raw_decode(text, at)
    except ValueError:
        return None, at
    return (found, end) if isinstance(found, dict) else (None, at)


def read_glance(cache: FileCache, path: Path, deck_id: str, card_id: str) -> CardGlance | None:
    """The card from the cached read of deck file `path`, if that file is unchanged since."""
    text = cache.get_text(DECK_NAMESPACE, path)
    return None if text is None else glance_card(text, deck_id, card_id)
