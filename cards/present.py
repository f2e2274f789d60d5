"""The answer side of a card as shown after revealing it: back, note, and where its numbers come from."""

from __future__ import annotations

from cards.schema import Card


def back_markdown(card: Card) -> str:
    """Back, then the note as a quote, then 'Source: …' (the card's, else its checks' distinct ones)."""
    parts = [card.back.rstrip("\n")]
    if card.note:
        parts.append(f"> **Note:** {card.note.strip()}")
    sources = card_sources(card)
    if sources:
        parts.append("*Source: " + "; ".join(sources) + "*")
    return "\n\n".join(parts)


def card_sources(card: Card) -> list[str]:
    """The card's source, or else the distinct sources of its checks other than 'derived', in order."""
    if card.source:
        return [" ".join(card.source.split())]
    found = [" ".join(c.source.split()) for c in card.checks if c.source]
    cited = [s for s in dict.fromkeys(found) if s.lower() != "derived"]
    return cited or (["derived"] if found else [])
