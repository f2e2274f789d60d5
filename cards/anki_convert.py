"""Anki notes to flopcards decks: HTML to Markdown, cloze notes to front/back pairs, stable card ids.

A card's id comes from its note's GUID (plus the cloze number or template), so importing the same
package again, even after the notes were reworded in Anki, updates the same cards and keeps their history.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from cards.anki_package import AnkiCollection, AnkiNote
from cards.csv_import import guid_card_id
from cards.example import slugify
from cards.schema import Card, Deck

_CLOZE = re.compile(r"\{\{c(\d+)::(.*?)(?:::(.*?))?\}\}", re.DOTALL)
_IMAGE = re.compile(r"""<img[^>]*?src\s*=\s*["']?([^"'\s>]+)""", re.IGNORECASE)
_SOUND = re.compile(r"\[sound:([^\]]+)\]")
MAX_FIELD_CHARS = 100_000


@dataclass
class Converted:
    """Decks built from a package, the Anki card id -> flopcards card key map, and warnings."""

    decks: list[Deck] = field(default_factory=list)
    keys: dict[int, str] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)


def to_markdown(html_text: str) -> str:
    """Anki's field HTML as Markdown (markdownify); sound tags dropped (named in a warning instead)."""
    from markdownify import markdownify

    text = _SOUND.sub("", html_text[:MAX_FIELD_CHARS])
    return str(markdownify(text, heading_style="ATX")).strip()


def media_of(note: AnkiNote) -> list[str]:
    """Image and sound files a note refers to (flopcards shows text only)."""
    found: list[str] = []
    for value in note.fields:
        found += _IMAGE.findall(value) + _SOUND.findall(value)
    return found


def cloze_numbers(text: str) -> list[int]:
    return sorted({int(number) for number, _, _ in _CLOZE.findall(text)})


def cloze_sides(text: str, number: int) -> tuple[str, str]:
    """(front, back) HTML of cloze `number`: hidden as [...] (or [hint]) on the front, bold on the back."""

    def front(match: re.Match[str]) -> str:
        if int(match.group(1)) != number:
            return match.group(2)
        return f"[{match.group(3)}]" if match.group(3) else "[...]"

    def back(match: re.Match[str]) -> str:
        return f"<b>{match.group(2)}</b>" if int(match.group(1)) == number else match.group(2)

    return _CLOZE.sub(front, text), _CLOZE.sub(back, text)


def _pairs(note: AnkiNote, ords: Iterable[int]) -> list[tuple[int, str, str, str]]:
    """(card ord, id suffix, front HTML, back HTML) of each card the note makes."""
    values = [*note.fields, "", ""]
    if note.is_cloze:
        extra = "<br>".join(v for v in values[1:] if v.strip())
        out = []
        for number in cloze_numbers(values[0]):
            front, back = cloze_sides(values[0], number)
            out.append((number - 1, f"-c{number}", front, back + (f"<br><br>{extra}" if extra else "")))
        return out
    back = "<br><br>".join(v for v in values[1:] if v.strip())
    pairs = [(0, "", values[0], back)]
    for ord_ in sorted(set(ords) - {0}):
        pairs.append((ord_, f"-t{ord_}", back, values[0]))  # "and reversed" templates: sides swapped
    return pairs


def convert(collection: AnkiCollection) -> Converted:
    """Every note of the package as cards of one flopcards deck per Anki deck."""
    result = Converted()
    ords: dict[int, list[int]] = {}
    card_ids: dict[tuple[int, int], int] = {}
    for card in collection.cards:
        ords.setdefault(card.note_id, []).append(card.ord)
        card_ids[(card.note_id, card.ord)] = card.id
    by_deck: dict[str, list[Card]] = {}
    titles: dict[str, str] = {}
    for note in collection.notes:
        deck_id = slugify(note.deck) or "anki-import"
        titles.setdefault(deck_id, note.deck)
        media = media_of(note)
        if media:
            result.warnings.append(f"note {note.guid}: media not imported: {', '.join(media)}")
        for ord_, suffix, front_html, back_html in _pairs(note, ords.get(note.id, [0])):
            front, back = to_markdown(front_html), to_markdown(back_html)
            if not front or not back:
                result.warnings.append(f"note {note.guid}: skipped a card with an empty side")
                continue
            card_id = guid_card_id(note.guid, suffix)
            by_deck.setdefault(deck_id, []).append(
                Card(id=card_id, front=front, back=back, tags=[t for t in note.tags if t])
            )
            if (note.id, ord_) in card_ids:
                result.keys[card_ids[(note.id, ord_)]] = f"{deck_id}/{card_id}"
    for deck_id, cards in by_deck.items():
        title = titles[deck_id]
        result.decks.append(Deck(id=deck_id, title=title, source="Imported from Anki", cards=cards))
    return result
