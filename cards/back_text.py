"""The answer side's text from a card's fields: one wording for the validated card and for the cached
JSON the start-up glance reads (no pydantic here)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any


def sources_of(source: str | None, check_sources: Sequence[str | None]) -> list[str]:
    """The card's source, or else the distinct sources of its checks other than 'derived', in order."""
    if source:
        return [" ".join(source.split())]
    found = [" ".join(s.split()) for s in check_sources if s]
    cited = [s for s in dict.fromkeys(found) if s.lower() != "derived"]
    return cited or (["derived"] if found else [])


def back_text(back: str, note: str | None, sources: Sequence[str]) -> str:
    """Back, then the note as a quote, then 'Source: …'."""
    parts = [back.rstrip("\n")]
    if note:
        parts.append(f"> **Note:** {note.strip()}")
    if sources:
        parts.append("*Source: " + "; ".join(sources) + "*")
    return "\n\n".join(parts)


def cached_back(card: Mapping[str, Any]) -> str:
    """`back_text` of a card as the deck cache keeps it (defaults left out); TypeError when the
    fields are not what a validated deck writes."""
    back, note, source = card["back"], card.get("note"), card.get("source")
    checks = card.get("checks", [])
    if not isinstance(back, str) or not isinstance(checks, list):
        raise TypeError("not a card's back")
    check_sources = [check.get("source") for check in checks]
    for text in (note, source, *check_sources):
        if text is not None and not isinstance(text, str):
            raise TypeError("not a card's text")
    return back_text(back, note, sources_of(source, check_sources))
